import ChatTranscript

/// Presents the typing row: `alice is typing…`, aligned with incoming bubbles.
public final class TypingIndicatorPresenter<Cell: TypingIndicatorCell>:
  SingleRowPresenter<TypingIndicatorItem, Cell>
{
  public override var text: String {
    TypingIndicatorViewModel(senders: item.senders, otherCount: item.otherCount).text
  }
  public override var style: String { "typing" }
  /// Passing state, not something said.
  public override var canBeSelected: Bool { false }
}
