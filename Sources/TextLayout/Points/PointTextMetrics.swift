/// The size of a wrapped text in points (or pixels: the unit of the font size).
public struct PointTextMetrics: Sendable, Hashable {
  /// The number of lines; at least 1, even for an empty text.
  public var lineCount: Int
  /// The widest line's width, not counting the spaces that end a line.
  public var widestLine: Double
  /// The height of the lines: the line count times the line height.
  public var height: Double

  /// Creates metrics.
  public init(lineCount: Int, widestLine: Double, height: Double) {
    self.lineCount = lineCount
    self.widestLine = widestLine
    self.height = height
  }
}
