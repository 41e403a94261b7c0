/// The size of a wrapped text in terminal columns.
public struct TextMetrics: Sendable, Hashable {
  /// The number of lines; at least 1, even for an empty text.
  public var lineCount: Int
  /// The widest line's width, not counting the spaces that end a line.
  public var widestLine: Int

  /// Creates metrics.
  public init(lineCount: Int, widestLine: Int) {
    self.lineCount = lineCount
    self.widestLine = widestLine
  }
}
