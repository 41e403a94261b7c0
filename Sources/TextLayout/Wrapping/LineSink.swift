/// Receives the lines that greedy wrapping produces, in order.
///
/// Offsets are UTF-8 offsets into the wrapped text. Measuring only counts
/// (``LineCounter``); listing lines keeps them (``LineCollector``). The wrapping code is
/// generic over the sink, so measuring pays for nothing it does not use.
protocol LineSink {
  /// One line: it starts at `start`; what a renderer shows ends at `contentEnd` (before
  /// the spaces and line break that end the line); it is `width` columns wide without them.
  mutating func addLine(start: Int, contentEnd: Int, width: Int)

  /// Whether the sink hears of clusters of no width (``noteZeroWidthCluster()``): a constant
  /// of the sink's type, so wrapping for a sink that does not listen checks nothing.
  static var notesZeroWidthClusters: Bool { get }

  /// A grapheme cluster of no width ended, other than a line break: a renderer leaves it out,
  /// so the line holding it is not drawn as its bytes.
  mutating func noteZeroWidthCluster()
}

extension LineSink {
  static var notesZeroWidthClusters: Bool { false }
  mutating func noteZeroWidthCluster() {}
}

/// Counts lines and keeps the widest.
struct LineCounter: LineSink {
  private(set) var metrics = TextMetrics(lineCount: 0, widestLine: 0)

  @inline(__always)
  mutating func addLine(start: Int, contentEnd: Int, width: Int) {
    metrics.lineCount += 1
    if width > metrics.widestLine { metrics.widestLine = width }
  }
}

/// Keeps every line's offsets and width.
struct LineCollector: LineSink {
  /// One line in UTF-8 offsets.
  struct Line {
    var content: Range<Int>
    var width: Int
  }

  private(set) var lines: [Line] = []
  /// Whether some cluster of the text has no width (a line break's aside): then not every
  /// line is drawn as its bytes. Only the column scanner (``WrappingScanner``) tells.
  private(set) var hasZeroWidthCluster = false

  mutating func addLine(start: Int, contentEnd: Int, width: Int) {
    lines.append(Line(content: start..<contentEnd, width: width))
  }

  static var notesZeroWidthClusters: Bool { true }

  mutating func noteZeroWidthCluster() {
    hasZeroWidthCluster = true
  }
}
