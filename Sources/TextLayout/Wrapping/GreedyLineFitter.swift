/// Places the segments between break opportunities on lines, greedily.
///
/// This is the wrapping rule of Documentation/TextMetrics.md: a segment's trailing spaces
/// and line-break characters hang (take no width when deciding fit); a segment whose
/// body does not fit after what the line holds starts a new line; a body wider than the
/// whole line is placed cluster by cluster; hanging spaces then count toward the next
/// segment's fit; a mandatory break that is not at the end of the text starts a new line.
/// A line's reported width leaves out the spaces that end it.
///
/// Widths are integers in whatever unit `Clusters` gives: columns for the terminal measurer,
/// 1/1024 of a pixel for the point measurer.
struct GreedyLineFitter<Sink: LineSink, Clusters: ClusterWidths> {
  /// The line width, at least 1.
  let maxWidth: Int
  private(set) var sink: Sink
  /// Splits a body wider than the line into clusters.
  private let clusters: Clusters
  /// Columns used on the current line, hanging spaces included.
  private(set) var width = 0
  /// Columns up to the end of the last body placed on the current line.
  private var visibleWidth = 0
  private var lineStart = 0
  private var contentEnd = 0

  /// - Parameters:
  ///   - maxWidth: the line width, at least 1.
  ///   - sink: receives the lines.
  ///   - clusters: the widths of the clusters of a body wider than the line.
  /// Passes on to the sink that a cluster of no width ended.
  @inline(__always)
  mutating func noteZeroWidthCluster() {
    sink.noteZeroWidthCluster()
  }

  init(maxWidth: Int, sink: Sink, clusters: Clusters) {
    self.maxWidth = maxWidth
    self.sink = sink
    self.clusters = clusters
  }

  /// Places one segment.
  ///
  /// - Parameters:
  ///   - body: the segment without its hanging tail, as UTF-8 offsets.
  ///   - bodyWidth: the sum of the cluster widths of `body`.
  ///   - hangingWidth: the width of the U+0020 in the tail (their number, in columns).
  ///   - end: where the segment, tail included, ends.
  ///   - breaksLine: whether a mandatory break follows, not at the end of the text.
  ///   - bytes: the text, for splitting a body wider than the line into clusters.
  ///   - endAdjustment: how much a line that ends with this body is wider than `bodyWidth`
  ///     says (in points, the kerning of its last glyph with the next segment's first, which a
  ///     line that breaks here does not have); 0 in columns.
  /// - Complexity: O(1), or O(n) for a body of n bytes that is wider than the line.
  @inline(__always)
  mutating func place(
    body: Range<Int>, bodyWidth: Int, hangingWidth: Int, end: Int, breaksLine: Bool,
    in bytes: UnsafeBufferPointer<UInt8>, endAdjustment: Int = 0
  ) {
    if width > 0 && width &+ bodyWidth &+ endAdjustment > maxWidth {
      startLine(at: body.lowerBound)
    }
    if bodyWidth > maxWidth {
      placeClusters(of: body, in: bytes)
      visibleWidth &+= endAdjustment
    } else if !body.isEmpty {
      width &+= bodyWidth
      visibleWidth = width &+ endAdjustment
      contentEnd = body.upperBound
    }
    width &+= hangingWidth
    if breaksLine {
      startLine(at: end)
    }
  }

  /// Places a body that is wider than a line, one cluster at a time.
  ///
  /// A cluster fits when the line up to it, with the cluster's end adjustment (a hyphen the
  /// break after it would insert), is at most the line width; a line that ends after it is
  /// reported with the adjustment.
  private mutating func placeClusters(of body: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
    clusters.forEachCluster(in: bytes, body) { cluster, clusterWidth, endAdjustment in
      if width > 0 && width &+ clusterWidth &+ endAdjustment > maxWidth {
        startLine(at: cluster.lowerBound)
      }
      width &+= clusterWidth
      visibleWidth = width &+ endAdjustment
      contentEnd = cluster.upperBound
    }
  }

  /// Ends the current line and starts one at `offset`.
  ///
  /// ``PrintableASCIIWrapper`` calls it where it knows that the next segment does not fit.
  @inline(__always)
  mutating func startLine(at offset: Int) {
    sink.addLine(start: lineStart, contentEnd: contentEnd, width: visibleWidth)
    lineStart = offset
    contentEnd = offset
    width = 0
    visibleWidth = 0
  }

  /// Places a whole text that fits on one line, instead of its segments.
  ///
  /// Only for a fresh fitter and a text of single-column clusters and no mandatory break
  /// that is at most `maxWidth` columns wide: no segment can then start a new line, and
  /// the line's width is the number of columns up to the end of the last non-space.
  ///
  /// - Parameter contentEnd: where the text's trailing spaces start.
  mutating func placeSingleLine(contentEnd end: Int) {
    assert(width == 0 && end <= maxWidth, "not a fresh fitter or not one line")
    contentEnd = end
    visibleWidth = end
  }

  /// Ends the last line; an empty text is one empty line.
  mutating func finish() {
    sink.addLine(start: lineStart, contentEnd: contentEnd, width: visibleWidth)
  }
}

extension GreedyLineFitter where Clusters == ColumnClusterWidths {
  /// A fitter in terminal columns.
  init(maxWidth: Int, sink: Sink) {
    self.init(maxWidth: maxWidth, sink: sink, clusters: ColumnClusterWidths())
  }
}
