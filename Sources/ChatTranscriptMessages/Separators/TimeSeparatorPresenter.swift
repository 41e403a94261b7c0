import ChatTranscript

/// Presents the day separator the decorator injects: `Sat 21 Nov 2026`, centred.
public final class TimeSeparatorPresenter<Cell: TimeSeparatorCell>: SingleRowPresenter<
  TimeSeparatorItem, Cell
>
{
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override var text: String { item.date.dayText }
  public override var style: String { "separator" }
  /// A heading, not something said.
  public override var canBeSelected: Bool { false }
}
