/// The row at the top of the viewport and how far into it the viewport starts, carried
/// through an update so the reader keeps seeing the same thing.
struct ReadingAnchor {
  var row: Int
  var key: ChatItemKey
  var offsetInRow: Double

  /// Tracks the anchor through the replacement of `range` by `rows`.
  mutating func follow(replacing range: Range<Int>, with rows: [TranscriptRow]) {
    if row >= range.upperBound {
      row += rows.count - range.count
    } else if row >= range.lowerBound {
      if let position = rows.firstIndex(where: { $0.key == key }) {
        row = range.lowerBound + position
      } else {
        // The anchor row left; the reader now looks at whatever took its place.
        row = range.lowerBound
        offsetInRow = 0
        if let first = rows.first { key = first.key }
      }
    }
  }
}
