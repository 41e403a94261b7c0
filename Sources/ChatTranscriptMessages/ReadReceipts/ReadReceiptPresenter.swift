import ChatTranscript

/// Presents the receipt row under a message: `seen by bob, yuki`.
public final class ReadReceiptPresenter<Cell: ReadReceiptCell>: SingleRowPresenter<ReadReceiptItem, Cell> {
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override var text: String { Self.text(for: item.receipt) }
  public override var style: String { "status.seen" }
  /// Part of its message's presentation, not something said.
  public override var canBeSelected: Bool { false }

  /// What a receipt row says: `seen by bob, yuki`, or past
  /// ``ReadReceipt/namedReaderLimit`` names `seen by bob, yuki, omar and 2 others`.
  public static func text(for receipt: ReadReceipt) -> String {
    let others = receipt.otherReaderCount
    guard !receipt.readers.isEmpty else { return "seen by \(others) \(others == 1 ? "person" : "people")" }
    let named = receipt.readers.joined(separator: ", ")
    return others == 0 ? "seen by \(named)" : "seen by \(named) and \(others) other\(others == 1 ? "" : "s")"
  }
}
