/// One extended grapheme cluster of a text and its width in terminal columns.
public struct GraphemeCluster: Sendable, Hashable {
  /// The cluster's scalars in the text it came from.
  public var range: Range<String.Index>
  /// The cluster's width: 0, 1 or 2 for nearly every cluster (a cluster of several wide
  /// scalars without emoji presentation adds them up).
  public var width: Int

  /// Creates a cluster.
  public init(range: Range<String.Index>, width: Int) {
    self.range = range
    self.width = width
  }
}
