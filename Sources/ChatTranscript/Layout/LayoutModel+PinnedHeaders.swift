/// Finding pinned header rows (day headings) by the chunk tree's counts of them, so a
/// viewport finds the heading it keeps at its top without a pass over the rows above it.
extension LayoutModel {
  /// The last pinned header row that starts above content y `y`, the heading a viewport
  /// whose top is at `y` has scrolled past, with the first pinned header row after it (the
  /// one that pushes it up). `nil` when no pinned header row starts above `y`.
  ///
  /// - Complexity: O(log(n/B) + B/b + b) for blocks of b rows: pinned rows are counted in the
  ///   tree's totals and the blocks' summaries, never by a walk over the rows.
  public func lastPinnedHeader(startingAbove y: Double) -> (row: Int, next: Int?)? {
    let total = shapes.total.pinnedHeaderCount
    guard total > 0, let top = index(atY: y) else { return nil }
    var above = pinnedHeaderCount(before: top)
    if shapes[top].isPinnedHeader && yOffset(at: top) < y { above += 1 }
    guard above > 0, let row = pinnedHeader(number: above - 1) else { return nil }
    return (row, above < total ? pinnedHeader(number: above) : nil)
  }

  /// How many pinned header rows come before row `index`.
  func pinnedHeaderCount(before index: Int) -> Int {
    let (chunk, offset, before) = shapes.locate(index)
    var count = before.summary.pinnedHeaderCount
    guard chunk < shapes.chunks.count else { return count }
    let content = shapes.chunks[chunk]
    let blockSize = ChunkedList<RowShape>.blockSize
    let fullBlocks = offset / blockSize
    for block in 0..<fullBlocks { count += content.blocks[block].pinnedHeaderCount }
    for position in fullBlocks * blockSize..<offset where content.elements[position].isPinnedHeader {
      count += 1
    }
    return count
  }

  /// The index of the `number`-th pinned header row (from 0).
  func pinnedHeader(number: Int) -> Int? {
    guard number >= 0, number < shapes.total.pinnedHeaderCount else { return nil }
    let (chunk, before) = shapes.lastChunk(notAfter: number, by: { $0.pinnedHeaderCount })
    var seen = before.summary.pinnedHeaderCount
    let content = shapes.chunks[chunk]
    let blockSize = ChunkedList<RowShape>.blockSize
    var offset = 0
    for block in content.blocks {
      if seen + block.pinnedHeaderCount > number { break }
      seen += block.pinnedHeaderCount
      offset += blockSize
    }
    while offset < content.elements.count {
      if content.elements[offset].isPinnedHeader {
        if seen == number { return before.count + offset }
        seen += 1
      }
      offset += 1
    }
    return nil
  }
}
