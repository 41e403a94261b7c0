/// One line of a wrapped text.
public struct TextLine: Sendable, Hashable {
  /// What a renderer shows: the line without the spaces and line break that end it.
  ///
  /// The range indexes the text that was wrapped; `text[line.range]` is the line's text.
  /// Leading spaces stay in the range. A line of only hanging spaces is an empty range.
  public var range: Range<String.Index>
  /// The line's width in columns: the display width of `text[range]`.
  public var width: Int

  /// Creates a line.
  public init(range: Range<String.Index>, width: Int) {
    self.range = range
    self.width = width
  }
}
