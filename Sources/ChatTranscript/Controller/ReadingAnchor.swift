/// The row at the top of the viewport and how far into it the viewport starts, carried
/// through an update so the reader keeps seeing the same thing.
struct ReadingAnchor {
  var row: Int
  var key: ChatItemKey
  var offsetInRow: Double

  /// Tracks the anchor through the replacement of `range` by `rows` (`count` of them).
  mutating func follow(replacing range: Range<Int>, with rows: some Sequence<TranscriptRow>, count: Int) {
    if row >= range.upperBound {
      row += count - range.count
    } else if row >= range.lowerBound {
      if let position = rows.enumerated().first(where: { $0.element.key == key })?.offset {
        row = range.lowerBound + position
      } else {
        // The anchor row left; the reader now looks at whatever took its place.
        row = range.lowerBound
        offsetInRow = 0
        var first = rows.makeIterator()
        if let first = first.next() { key = first.key }
      }
    }
  }
}
