extension ChunkedList {
  /// Remembers the chunk of the last index located, so that the next index costs O(1) when
  /// it lies in that chunk or the next one, and a tree lookup otherwise.
  public struct Cursor {
    @usableFromInline var chunk = -1
    @usableFromInline var chunkStart = 0
    @usableFromInline var chunkEnd = 0

    @inlinable public init() {}

    @inlinable public mutating func location(of index: Int, in list: ChunkedList) -> (chunk: Int, offset: Int)
    {
      if index < chunkStart || index >= chunkEnd {
        let chunks = list.chunks
        let nextEnd = chunk + 1 < chunks.count ? chunkEnd + chunks[chunk + 1].elements.count : chunkEnd
        if chunk >= 0, index >= chunkEnd, index < nextEnd {
          chunk += 1
          chunkStart = chunkEnd
          chunkEnd = nextEnd
        } else {
          precondition(index >= 0 && index < list.count, "index \(index) out of bounds")
          let found = list.locate(index)
          chunk = found.chunk
          chunkStart = found.before.count
          chunkEnd = chunkStart + chunks[chunk].elements.count
        }
      }
      return (chunk, index - chunkStart)
    }
  }
}
