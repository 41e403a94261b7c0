/// Measures how a text wraps at a width: what presenters use to size message cells.
///
/// Implementations must treat a `maxWidth` below 1 as 1 and must not trap on any input.
public protocol TextMeasurer: Sendable {
  /// The number of lines and the widest line of `text` wrapped at `maxWidth`.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width; values below 1 are treated as 1.
  func measure(_ text: String, maxWidth: Int) -> TextMetrics

  /// The lines of `text` wrapped at `maxWidth`, for rendering.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width; values below 1 are treated as 1.
  /// - Returns: at least one line; `lines(of:maxWidth:).count` equals
  ///   `measure(_:maxWidth:).lineCount`.
  func lines(of text: String, maxWidth: Int) -> [TextLine]
}
