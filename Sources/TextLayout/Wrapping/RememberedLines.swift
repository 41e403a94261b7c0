/// The lines a short text wrapped into, packed into three words, each tagged with the width
/// they were wrapped at: what a measurer leaves where the text lives (a chat item's memo), so
/// that the renderer drawing the text reads its lines instead of wrapping it a second time.
///
/// Only texts of at most ``longestText`` UTF-8 bytes wrapped into at most ``capacity`` lines
/// are kept: a line is its start, its content's end and its width, a byte each. The tag in
/// every word lets a store that several threads may write at different widths hand out only
/// words of one width: words are written before the metrics that announce them, and a word
/// whose tag is not the announced width is not read as one of its lines.
package struct RememberedLines: Sendable {
  /// The most lines kept.
  package static let capacity = 6
  /// The longest text whose lines are kept, in UTF-8 bytes: every offset fits in a byte.
  package static let longestText = 255

  /// The width the text was wrapped at.
  package let wrapWidth: Int
  package let lineCount: Int
  /// Whether every cluster but the line breaks has a width, so each line is drawn as its bytes.
  package let drawsEveryCluster: Bool
  /// Whether the text is its own visible form (``VisibleText``): the offsets are into the text
  /// itself, not into a copy with controls replaced.
  package let isVisibleAsIs: Bool
  /// Two lines per word above a 16-bit tag: `wrapWidth + 1`.
  package let words: (UInt64, UInt64, UInt64)

  /// Lines read back from a store: `nil` unless the words needed for `lineCount` lines carry
  /// the tag of `wrapWidth`.
  package init?(
    wrapWidth: Int, lineCount: Int, drawsEveryCluster: Bool, isVisibleAsIs: Bool,
    words: (UInt64, UInt64, UInt64)
  ) {
    guard (1...Self.capacity).contains(lineCount), (0..<0xFFFF).contains(wrapWidth) else { return nil }
    let tag = UInt64(wrapWidth + 1)
    guard words.0 & 0xFFFF == tag, lineCount <= 2 || words.1 & 0xFFFF == tag,
      lineCount <= 4 || words.2 & 0xFFFF == tag
    else { return nil }
    self.wrapWidth = wrapWidth
    self.lineCount = lineCount
    self.drawsEveryCluster = drawsEveryCluster
    self.isVisibleAsIs = isVisibleAsIs
    self.words = words
  }

  /// Line `index`: its UTF-8 range in the visible text, without the spaces and break that end
  /// it, and its width in columns.
  package subscript(index: Int) -> (content: Range<Int>, width: Int) {
    let word =
      switch index >> 1 {
      case 0: words.0
      case 1: words.1
      default: words.2
      }
    let line = word >> (16 + 24 * UInt64(index & 1))
    let start = Int(line & 0xFF)
    let end = Int(line >> 8 & 0xFF)
    return (start..<max(end, start), Int(line >> 16 & 0xFF))
  }

  /// Whether these are the lines wrapping the text at `width` gives: a narrower width that
  /// still holds the widest line breaks the text just where `wrapWidth` did, since greedy
  /// wrapping only ends a line where the next piece does not fit.
  package func hold(width: Int, widestLine: Int) -> Bool {
    widestLine <= width && width <= wrapWidth
  }
}

/// Where how a text wrapped may be remembered: a label showing the text carries one, so a
/// renderer draws the lines kept there instead of wrapping the text again.
package protocol LineMemo: AnyObject, Sendable {
  /// The lines `text` wraps into at `width` terminal columns, if they are remembered.
  func rememberedLines(of text: String, width: Int) -> RememberedLines?
}

/// Counts lines as ``LineCounter`` does and packs the first ``RememberedLines/capacity`` of
/// them.
struct LineRecorder: LineSink {
  private(set) var counter = LineCounter()
  private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
  /// Whether every line so far fit in a byte per value.
  private var fits = true
  private var hasZeroWidthCluster = false

  static var notesZeroWidthClusters: Bool { true }

  mutating func noteZeroWidthCluster() {
    hasZeroWidthCluster = true
  }

  mutating func addLine(start: Int, contentEnd: Int, width: Int) {
    let index = counter.metrics.lineCount
    counter.addLine(start: start, contentEnd: contentEnd, width: width)
    guard index < RememberedLines.capacity else { return }
    guard start <= 0xFF, contentEnd <= 0xFF, width <= 0xFF else {
      fits = false
      return
    }
    let line =
      (UInt64(start) | UInt64(contentEnd) << 8 | UInt64(width) << 16) << (16 + 24 * UInt64(index & 1))
    switch index >> 1 {
    case 0: words.0 |= line
    case 1: words.1 |= line
    default: words.2 |= line
    }
  }

  /// The lines packed, tagged with `wrapWidth`; `nil` when there were too many or too wide.
  func lines(wrapWidth: Int, isVisibleAsIs: Bool) -> RememberedLines? {
    guard fits, wrapWidth < 0xFFFF else { return nil }
    let tag = UInt64(wrapWidth + 1)
    let count = counter.metrics.lineCount
    // Unused words are tagged too: a store may write them all.
    return RememberedLines(
      wrapWidth: wrapWidth, lineCount: count, drawsEveryCluster: !hasZeroWidthCluster,
      isVisibleAsIs: isVisibleAsIs, words: (words.0 | tag, words.1 | tag, words.2 | tag))
  }
}

extension TerminalTextMeasurer {
  /// ``measure(_:maxWidth:)`` of the form of `text` renderers draw (``VisibleText``), with its
  /// lines packed when ``RememberedLines`` can keep them.
  ///
  /// - Complexity: O(n) for n UTF-8 bytes; no heap allocation for native strings without
  ///   controls.
  package func measureVisible(_ text: String, maxWidth: Int) -> (
    metrics: TextMetrics, lines: RememberedLines?
  ) {
    let isVisibleAsIs = !VisibleText.needsReplacement(text)
    let visible = isVisibleAsIs ? text : VisibleText.of(text)
    let width = max(1, maxWidth)
    guard visible.utf8.count <= RememberedLines.longestText else {
      return (measure(visible, maxWidth: width), nil)
    }
    let recorder = Self.wrap(visible, maxWidth: width, sink: LineRecorder())
    return (recorder.counter.metrics, recorder.lines(wrapWidth: width, isVisibleAsIs: isVisibleAsIs))
  }
}
