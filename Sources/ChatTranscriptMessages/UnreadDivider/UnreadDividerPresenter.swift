import ChatTranscript

/// Presents the unread divider: `── new messages ──`, centred.
public final class UnreadDividerPresenter<Cell: UnreadDividerCell>: SingleRowPresenter<
  UnreadDividerItem, Cell
>
{
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override var text: String { UnreadDividerItem.text }
  public override var style: String { "separator.unread" }
  /// A marker, not something said.
  public override var canBeSelected: Bool { false }
}
