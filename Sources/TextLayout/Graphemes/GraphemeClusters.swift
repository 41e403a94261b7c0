/// The extended grapheme clusters of a text with their widths, segmented with the rules
/// of UAX #29 for Unicode 15.0 (not the standard library's `Character`, whose Unicode
/// version can differ).
///
/// Renderers use it to split a word that is wider than a line, as the measurers do:
///
///     var used = 0
///     for cluster in GraphemeClusters(word) {
///       if used > 0 && used + cluster.width > lineWidth { used = 0 }  // next line
///       used += cluster.width
///     }
public struct GraphemeClusters: Sequence, Sendable {
  private let scalars: Substring.UnicodeScalarView

  /// The clusters of `text`, with ranges that index `text`'s base string.
  public init(_ text: Substring) {
    scalars = text.unicodeScalars
  }

  /// The clusters of `text`.
  public init(_ text: String) {
    self.init(text[...])
  }

  /// Walks the clusters in order.
  public func makeIterator() -> Iterator {
    Iterator(scalars: scalars)
  }

  /// Walks the clusters in order.
  ///
  /// - Complexity: O(k) per cluster of k scalars.
  public struct Iterator: IteratorProtocol {
    private let scalars: Substring.UnicodeScalarView
    private var position: String.Index
    private let rules = GraphemeBreakAutomaton.shared
    private var graphemes = GraphemeBreakAutomaton.start

    init(scalars: Substring.UnicodeScalarView) {
      self.scalars = scalars
      position = scalars.startIndex
    }

    /// The next cluster, or nil at the end.
    public mutating func next() -> GraphemeCluster? {
      guard position < scalars.endIndex else { return nil }
      let start = position
      let first = scalars[position]
      let firstProperties = ScalarProperties(first)
      _ = rules.startsCluster(&graphemes, with: firstProperties.graphemeBreak)
      var width = ClusterWidth(first: firstProperties, value: first.value)
      position = scalars.index(after: position)
      while position < scalars.endIndex {
        let scalar = scalars[position]
        let properties = ScalarProperties(scalar)
        // Look at the boundary without feeding the scalar: it is fed when its cluster starts.
        var lookahead = graphemes
        if rules.startsCluster(&lookahead, with: properties.graphemeBreak) { break }
        graphemes = lookahead
        width.add(properties, value: scalar.value)
        position = scalars.index(after: position)
      }
      return GraphemeCluster(range: start..<position, width: width.width)
    }
  }
}

extension GraphemeClusters {
  /// Calls `body` with the byte range and width of each cluster of UTF-8 `bytes`, in order:
  /// the walk renderers make over text already measured, without the string indexes the
  /// sequence hands out. Ill-formed bytes count as U+FFFD, one per maximal ill-formed subpart.
  ///
  /// - Complexity: O(n) for n bytes.
  @inlinable
  public static func forEachCluster(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (_ cluster: Range<Int>, _ width: Int) -> Void
  ) {
    walkClusters(bytes, body)
  }

  @usableFromInline
  static func walkClusters(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) -> Void) {
    ClusterScanner.forEachCluster(in: bytes, 0..<bytes.count, body)
  }
}
