extension ChunkedList {
  /// Checks the bookkeeping against the chunks themselves; compiled only with
  /// `CHAT_TRANSCRIPT_INVARIANTS` (debug builds), so release builds and benchmarks pay nothing.
  ///
  /// - Complexity: O(n/B) per call.
  func _checkInvariants() {
    #if CHAT_TRANSCRIPT_INVARIANTS
      precondition(prefixes.count == chunks.count + 1, "one running total per chunk, plus the total")
      precondition(chunkStarts.count == chunks.count + 1, "one start per chunk, plus the count")
      precondition(
        chunkPositions.count == (tracksChunkPositions ? chunks.count : 0),
        "every chunk has a position, and only those")
      for (position, chunk) in chunks.enumerated() {
        precondition(!chunk.elements.isEmpty, "no empty chunks")
        precondition(chunk.elements.count <= Self.maximumChunkCount, "chunks stay within their size")
        precondition(
          chunkStarts[position + 1] == chunkStarts[position] + chunk.elements.count, "starts add up")
        precondition(
          !tracksChunkPositions || chunkPositions[chunk.identifier] == position, "positions follow the chunks"
        )
      }
    #endif
  }
}
