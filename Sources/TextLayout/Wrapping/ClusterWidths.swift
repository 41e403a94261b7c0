/// Where ``GreedyLineFitter`` gets the clusters of a body wider than a line, and their widths.
protocol ClusterWidths {
  /// Calls `body` with each grapheme cluster of `bytes[range]`, its width, and how much a line
  /// that ends right after the cluster is wider than the widths it holds (a hyphen inserted
  /// there, kerning with the next cluster dropped; 0 in terminal columns and for the last
  /// cluster of the range).
  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int, _ endAdjustment: Int) -> Void)
}

/// Cluster widths in terminal columns (the width rules of Documentation/TextMetrics.md).
struct ColumnClusterWidths: ClusterWidths {
  @inline(__always)
  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int, _ endAdjustment: Int) -> Void
  ) {
    ClusterScanner.forEachCluster(in: bytes, range) { cluster, width in body(cluster, width, 0) }
  }
}
