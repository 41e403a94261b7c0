/// Measures text in terminal columns, with the rules of Documentation/TextMetrics.md.
///
/// Line-break opportunities follow UAX #14 (Unicode 15.0), cluster widths the two width
/// rules, and lines fill greedily with hanging spaces. The work is linear in the UTF-8
/// bytes, with at most one table lookup per scalar (printable ASCII needs fewer) and no
/// heap allocation: measuring is cheap enough to run for every message of a transcript.
public struct TerminalTextMeasurer: TextMeasurer {
  /// Creates a measurer; it has no settings.
  public init() {}

  /// The number of lines and the widest line of `text` wrapped at `maxWidth` columns.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width in columns; values below 1 are treated as 1.
  /// - Complexity: O(n) for n UTF-8 bytes; no heap allocation for native strings.
  public func measure(_ text: String, maxWidth: Int) -> TextMetrics {
    Self.wrap(text, maxWidth: maxWidth, sink: LineCounter()).metrics
  }

  /// `text` wrapped into `sink`, its bytes read in place when it is native.
  static func wrap<Sink: LineSink>(_ text: String, maxWidth: Int, sink: Sink) -> Sink {
    let wrap = { (bytes: UnsafeBufferPointer<UInt8>) -> Sink in
      WrappingScanner.wrap(bytes, maxWidth: Self.clamped(maxWidth), sink: sink).sink
    }
    if let wrapped = text.utf8.withContiguousStorageIfAvailable(wrap) {
      return wrapped
    }
    var copy = text
    return copy.withUTF8(wrap)
  }

  /// Measures UTF-8 bytes that may be ill-formed, reading each ill-formed subsequence as
  /// U+FFFD (width 1, class AL), the way `String(decoding:as:)` does.
  ///
  /// - Parameters:
  ///   - bytes: the text as UTF-8.
  ///   - maxWidth: the line width in columns; values below 1 are treated as 1.
  /// - Returns: the metrics and how many subsequences were replaced.
  /// - Complexity: O(n) for n bytes; no heap allocation.
  public func measure(utf8 bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int) -> UTF8Measurement {
    let wrapped = WrappingScanner.wrap(bytes, maxWidth: Self.clamped(maxWidth), sink: LineCounter())
    return UTF8Measurement(metrics: wrapped.sink.metrics, replacementCount: wrapped.replacementCount)
  }

  /// The lines of `text` wrapped at `maxWidth` columns.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width in columns; values below 1 are treated as 1.
  /// - Returns: at least one line; as many as ``measure(_:maxWidth:)`` counts.
  /// - Complexity: O(n) for n UTF-8 bytes.
  public func lines(of text: String, maxWidth: Int) -> [TextLine] {
    drawnLines(of: text, maxWidth: maxWidth).lines
  }

  /// ``lines(of:maxWidth:)``, and whether every grapheme cluster of the text but its line
  /// breaks has a width: then a renderer draws each line as its bytes, `width` columns from
  /// where it starts, without walking its clusters again (a cluster of no width is left out).
  package func drawnLines(of text: String, maxWidth: Int) -> (lines: [TextLine], drawsEveryCluster: Bool) {
    let collector = Self.wrap(text, maxWidth: maxWidth, sink: LineCollector())
    let lines = collector.lines
    // Offsets only grow, so walking the view forward keeps this linear for any string.
    let utf8 = text.utf8
    var index = utf8.startIndex
    var offset = 0
    func advance(to target: Int) -> String.Index {
      index = utf8.index(index, offsetBy: target - offset)
      offset = target
      return index
    }
    let textLines = lines.map { line in
      let start = advance(to: line.content.lowerBound)
      let end = advance(to: line.content.upperBound)
      return TextLine(range: start..<end, width: line.width)
    }
    return (textLines, !collector.hasZeroWidthCluster)
  }

  /// The documented clamp: a line is at least one column wide.
  @inline(__always)
  private static func clamped(_ maxWidth: Int) -> Int {
    max(1, maxWidth)
  }
}
