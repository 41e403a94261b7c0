/// Walks the extended grapheme clusters of UTF-8 bytes, with their widths.
enum ClusterScanner {
  /// Calls `body` with each cluster of `bytes[range]`, segmented on its own.
  ///
  /// Ill-formed bytes count as U+FFFD, one per maximal ill-formed subpart.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text.
  ///   - range: the part to walk; its ends must be scalar boundaries.
  ///   - body: receives the byte range of each cluster and its width in columns.
  /// - Complexity: O(n) for n bytes in `range`.
  @inline(__always)
  static func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int) -> Void
  ) {
    let part = UnsafeBufferPointer(rebasing: bytes[range])
    let rules = GraphemeBreakAutomaton.shared
    var graphemes = GraphemeBreakAutomaton.start
    var cluster = ClusterWidth()
    var clusterStart = 0
    var index = 0
    while index < part.count {
      let scalar = UTF8Decoding.decode(part, at: index)
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
      if rules.startsCluster(&graphemes, with: properties.graphemeBreak) {
        if index > clusterStart {
          body(range.lowerBound + clusterStart..<range.lowerBound + index, cluster.width)
        }
        clusterStart = index
        cluster = ClusterWidth(first: properties, value: scalar.value)
      } else {
        cluster.add(properties, value: scalar.value)
      }
      index += scalar.length
    }
    if part.count > clusterStart {
      body(range.lowerBound + clusterStart..<range.upperBound, cluster.width)
    }
  }

  /// The sum of the cluster widths of `bytes`.
  ///
  /// - Complexity: O(n) for n bytes.
  static func width(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var total = 0
    forEachCluster(in: bytes, 0..<bytes.count) { _, width in total += width }
    return total
  }
}
