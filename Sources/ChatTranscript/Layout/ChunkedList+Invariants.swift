extension ChunkedList {
  /// Checks the bookkeeping against the chunks themselves; compiled only with
  /// `CHAT_TRANSCRIPT_INVARIANTS` (debug builds), so release builds and benchmarks pay nothing.
  ///
  /// - Complexity: O(n/B) per call.
  @usableFromInline func _checkInvariants() {
    #if CHAT_TRANSCRIPT_INVARIANTS
      precondition(
        leafBase >= Swift.max(chunks.count, 1) && tree.count == 2 * leafBase, "tree covers the chunks")
      precondition(
        chunkPositions.count(where: { $0 >= 0 }) == (tracksChunkPositions ? chunks.count : 0),
        "every chunk has a position, and only those")
      var elementCount = 0
      for (position, chunk) in chunks.enumerated() {
        precondition(!chunk.elements.isEmpty, "no empty chunks")
        precondition(chunk.elements.count <= Self.maximumChunkCount, "chunks stay within their size")
        precondition(tree[leafBase + position].count == chunk.elements.count, "leaves count their chunks")
        precondition(
          MemoryLayout<Element.Summary>.size == 0
            || chunk.blocks.count == (chunk.elements.count + Self.blockSize - 1) / Self.blockSize,
          "blocks cover the chunk")
        precondition(
          !tracksChunkPositions || self.position(ofChunk: chunk.identifier) == position,
          "positions follow the chunks"
        )
        elementCount += chunk.elements.count
      }
      precondition(tree[1].count == elementCount, "the root counts every element")
      precondition(
        (chunks.count..<leafBase).allSatisfy { tree[leafBase + $0].count == 0 },
        "leaves past the chunks are zero")
    #endif
  }
}
