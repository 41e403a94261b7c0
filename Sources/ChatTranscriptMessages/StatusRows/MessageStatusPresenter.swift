import ChatTranscript

/// Presents the status row under an outgoing message: `sending…` or `not delivered`.
public final class MessageStatusPresenter<Cell: MessageStatusCell>: SingleRowPresenter<
  MessageStatusItem, Cell
>
{
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override var text: String { Self.text(for: item.status) }
  public override var style: String { item.status == .failed ? "status.failed" : "status" }
  /// Part of its message's presentation, not something said.
  public override var canBeSelected: Bool { false }

  /// What a status row says for `status`.
  public static func text(for status: DeliveryStatus) -> String {
    status == .failed ? "not delivered" : MessageViewModel.statusText(for: status)
  }
}
