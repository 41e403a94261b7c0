import ChatTranscript
import TextLayout

/// A wrapped text centred in a row, with a blank inset on both sides: system notices.
///
/// Wraps at `rowWidth − 2 × inset` (at least 1); the label is as wide as the widest line
/// and starts at `floor((rowWidth − widest) / 2)`; the height is the line count, each line
/// ``ItemTextMeasurer/lineHeight`` tall.
public struct CenteredTextLayout: Sendable, Hashable {
  public var label: Rect
  /// Lines the text wraps to (rows, in a terminal).
  public var lineCount: Int

  /// Lines the row takes; see ``extent`` for its height in the row's units.
  public var height: Int { lineCount }
  /// The row's height in its units: the lines times the line height.
  public var extent: Double { label.height }

  public init(rowWidth: Double, text: String, inset: Int, measurer: ItemTextMeasurer) {
    let columns = Columns.of(rowWidth)
    let inset = min(max(inset, 0), Columns.limit)
    let wrapped = measurer.metrics(of: text, width: max(columns - 2 * inset, 1))
    let x = max((columns - wrapped.widestLine) / 2, 0)
    lineCount = wrapped.lineCount
    label = Rect(
      x: Double(x), y: 0, width: Double(max(wrapped.widestLine, 1)),
      height: measurer.height(ofLines: wrapped.lineCount))
  }
}
