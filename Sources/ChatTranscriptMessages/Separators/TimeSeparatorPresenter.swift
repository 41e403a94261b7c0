import ChatTranscript

/// Presents the day separator the decorator injects: `Sat 21 Nov 2026`, centred.
public final class TimeSeparatorPresenter<Cell: TimeSeparatorCell>: SingleRowPresenter<
  TimeSeparatorItem, Cell
>
{
  public override var text: String { item.date.dayText }
  public override var style: String { "separator" }
  /// A heading, not something said.
  public override var canBeSelected: Bool { false }
}
