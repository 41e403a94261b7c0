import ChatTranscript

/// Presents the typing row: `alice is typing…`, aligned with incoming bubbles.
public final class TypingIndicatorPresenter<Cell: TypingIndicatorCell>:
  SingleRowPresenter<TypingIndicatorItem, Cell>
{
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override var text: String {
    TypingIndicatorViewModel(senders: item.senders, otherCount: item.otherCount).text
  }
  public override var style: String { "typing" }
  /// Passing state, not something said.
  public override var canBeSelected: Bool { false }
}
