import ChatTranscript

/// Presents the unread divider: `── new messages ──`, centred.
public final class UnreadDividerPresenter<Cell: UnreadDividerCell>: SingleRowPresenter<
  UnreadDividerItem, Cell
>
{
  public override var text: String { UnreadDividerItem.text }
  public override var style: String { "separator.unread" }
  /// A marker, not something said.
  public override var canBeSelected: Bool { false }
}
