extension LayoutModel {
  /// Checks that shapes and payloads are cut into chunks alike, and each list's own
  /// bookkeeping; compiled only with `CHAT_TRANSCRIPT_INVARIANTS` (debug builds), so release
  /// builds and benchmarks pay nothing.
  ///
  /// A payload is found at its shape's chunk and offset: lists cut differently would hand
  /// one row's item to another row's frame.
  ///
  /// - Complexity: O(n/B) per call.
  func _checkInvariants() {
    #if CHAT_TRANSCRIPT_INVARIANTS
      shapes._checkInvariants()
      payloads._checkInvariants()
      precondition(shapes.count == payloads.count, "one payload per shape")
      precondition(shapes.chunks.count == payloads.chunks.count, "shapes and payloads in as many chunks")
      for (shapeChunk, payloadChunk) in zip(shapes.chunks, payloads.chunks) {
        precondition(shapeChunk.elements.count == payloadChunk.elements.count, "chunks cut alike")
      }
    #endif
  }
}
