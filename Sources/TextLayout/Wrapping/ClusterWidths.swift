/// Where ``GreedyLineFitter`` gets the clusters of a body wider than a line, and their widths.
protocol ClusterWidths {
  /// Calls `body` with each grapheme cluster of `bytes[range]` and its width.
  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int) -> Void)
}

/// Cluster widths in terminal columns (the width rules of Documentation/TextMetrics.md).
struct ColumnClusterWidths: ClusterWidths {
  @inline(__always)
  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int) -> Void
  ) {
    ClusterScanner.forEachCluster(in: bytes, range, body)
  }
}
