/// Cutting elements into chunks, and summing a chunk's elements and blocks.
extension ChunkedList {
  /// ``replaceSubrange(_:with:)`` for elements already cut into `pieces` of at most
  /// `maximumChunkCount`: into an empty list each piece becomes a chunk as it is, so elements
  /// built in chunk-sized pieces (a cold layout) are stored without being copied again.
  @discardableResult
  @inlinable public mutating func replaceSubrange(_ range: Range<Int>, withPieces pieces: [[Element]])
    -> Placement
  {
    guard chunks.isEmpty, pieces.allSatisfy({ !$0.isEmpty && $0.count <= Self.maximumChunkCount }) else {
      return replaceSubrange(range, with: pieces.joined())
    }
    precondition(range == 0..<0, "range out of bounds")
    chunks = pieces.map { elements in
      let (summary, blocks) = Self.summarize(elements)
      return Chunk(identifier: makeChunkIdentifier(), elements: elements, summary: summary, blocks: blocks)
    }
    rebuildTree(positionsFrom: 0)
    _checkInvariants()
    return Placement(createdChunks: chunks.map(\.identifier))
  }

  /// Cuts `elements` into chunks: full chunks when appending (the tail keeps growing), even
  /// halves otherwise (room on both sides for later inserts).
  @inlinable mutating func split(_ elements: some Collection<Element>, appending: Bool) -> [Chunk] {
    let count = elements.count
    guard count > 0 else { return [] }
    let maximum = Self.maximumChunkCount
    let pieces = (count + maximum - 1) / maximum
    let size = appending ? maximum : (count + pieces - 1) / pieces
    // Each chunk is filled straight from the elements: a million rows are copied once, not
    // into an array first and then again into chunks.
    var result: [Chunk] = []
    result.reserveCapacity(pieces)
    var iterator = elements.makeIterator()
    var remaining = count
    while remaining > 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(Swift.min(size, remaining))
      while chunk.count < size, let element = iterator.next() {
        chunk.append(element)
      }
      remaining -= chunk.count
      let (summary, blocks) = Self.summarize(chunk)
      result.append(
        Chunk(identifier: makeChunkIdentifier(), elements: chunk, summary: summary, blocks: blocks))
    }
    return result
  }

  /// The summary of `elements` and of each of its blocks.
  @inlinable static func summarize(_ elements: [Element]) -> (Element.Summary, blocks: [Element.Summary]) {
    var total = Element.Summary.zero
    guard MemoryLayout<Element.Summary>.size > 0 else { return (total, []) }
    var blocks: [Element.Summary] = []
    blocks.reserveCapacity((elements.count + blockSize - 1) / blockSize)
    for start in stride(from: 0, to: elements.count, by: blockSize) {
      var block = Element.Summary.zero
      for index in start..<Swift.min(start + blockSize, elements.count) {
        block = block + elements[index].summary
      }
      blocks.append(block)
      total = total + block
    }
    return (total, blocks)
  }
}
