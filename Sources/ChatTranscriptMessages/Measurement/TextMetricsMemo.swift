import Synchronization
import TextLayout

/// Where an item keeps how its message text last wrapped: the metrics at one width, so the
/// height measurer that sizes the row and the cell that shows it wrap the text once between
/// them, not once each.
///
/// A transcript sizes every row before it draws any, so at a million rows the shared
/// ``TextMetricsCache`` has long let go of a text by the time its cell is configured; a memo
/// travels with the item instead. An item offers one through
/// ``ConversationItem/textMetricsMemo``; a wire item's storage is its own, so keeping it
/// costs no allocation. Only short texts in terminal columns are remembered here: longer ones
/// are what the cache keeps.
///
/// It keeps the text's lines too when they are few (``RememberedLines``): a text cell hands
/// the memo to its label, and the renderer draws those lines instead of wrapping the text a
/// second time.
///
/// Safe from any thread: the metrics and their width are one atomic word, the lines three
/// more, each tagged with its width and written before the word announces them, and a memo
/// only ever answers for the text it names (``remembers(_:)``), at the width asked.
open class TextMetricsMemo: LineMemo, @unchecked Sendable {
  /// Width + 1 in the low 16 bits (0: nothing remembered), the line count in the next 20,
  /// the widest line in the 20 after; then whether the lines are kept in `lines0`...`lines2`
  /// (bit 56), whether each is drawn as its bytes (57) and whether the text is its own
  /// visible form (58).
  private let word = Atomic<UInt64>(0)
  /// The lines (``RememberedLines``), written before `word` announces them.
  private let lines0 = Atomic<UInt64>(0)
  private let lines1 = Atomic<UInt64>(0)
  private let lines2 = Atomic<UInt64>(0)

  private static let linesKept: UInt64 = 1 << 56
  private static let drawsEveryCluster: UInt64 = 1 << 57
  private static let isVisibleAsIs: UInt64 = 1 << 58
  private static let fieldLimit = 0xF_FFFF

  public init() {}

  /// Whether `text` is the one whose metrics are remembered (an item's message text), byte
  /// for byte. `false`, the default, remembers nothing.
  open func remembers(_ text: String) -> Bool { false }

  /// Drops what was remembered: the text changed.
  public final func forget() {
    word.store(0, ordering: .relaxed)
    lines0.store(0, ordering: .relaxed)
    lines1.store(0, ordering: .relaxed)
    lines2.store(0, ordering: .relaxed)
  }

  /// Remembers what `other` does: a copy of an item whose text is the same.
  public final func remember(asIn other: TextMetricsMemo) {
    lines0.store(other.lines0.load(ordering: .relaxed), ordering: .relaxed)
    lines1.store(other.lines1.load(ordering: .relaxed), ordering: .relaxed)
    lines2.store(other.lines2.load(ordering: .relaxed), ordering: .relaxed)
    word.store(other.word.load(ordering: .acquiring), ordering: .releasing)
  }

  /// The metrics of the remembered text at `width`, if they are the ones remembered.
  final func metrics(width: Int) -> TextMetrics? {
    let word = word.load(ordering: .relaxed)
    guard word & 0xFFFF == UInt64(truncatingIfNeeded: width &+ 1) else { return nil }
    return Self.metrics(in: word)
  }

  private static func metrics(in word: UInt64) -> TextMetrics {
    let limit = UInt64(fieldLimit)
    return TextMetrics(lineCount: Int(word >> 16 & limit), widestLine: Int(word >> 36 & limit))
  }

  /// Remembers `metrics` of the remembered text at `width`, and its lines when they were kept
  /// at that width; values too large to keep are not.
  final func remember(_ metrics: TextMetrics, lines: RememberedLines? = nil, width: Int) {
    let limit = Self.fieldLimit
    guard width >= 0, width < 0xFFFF, metrics.lineCount <= limit, metrics.widestLine <= limit,
      metrics.lineCount >= 0, metrics.widestLine >= 0
    else { return }
    var packed = UInt64(width + 1) | UInt64(metrics.lineCount) << 16 | UInt64(metrics.widestLine) << 36
    if let lines, lines.wrapWidth == width, lines.lineCount == metrics.lineCount {
      // The lines first: a thread that sees the word announce them finds them written.
      lines0.store(lines.words.0, ordering: .relaxed)
      lines1.store(lines.words.1, ordering: .relaxed)
      lines2.store(lines.words.2, ordering: .relaxed)
      packed |= Self.linesKept
      if lines.drawsEveryCluster { packed |= Self.drawsEveryCluster }
      if lines.isVisibleAsIs { packed |= Self.isVisibleAsIs }
    }
    word.store(packed, ordering: .releasing)
  }

  /// The lines of `text` at `width` columns, when they are kept here for a width whose lines
  /// are the same (``RememberedLines/hold(width:widestLine:)``): a text label's cell passes the
  /// memo to its label, and the renderer reads the lines instead of wrapping them again.
  package final func rememberedLines(of text: String, width: Int) -> RememberedLines? {
    let word = word.load(ordering: .acquiring)
    guard word & Self.linesKept != 0, remembers(text) else { return nil }
    let metrics = Self.metrics(in: word)
    guard
      let lines = RememberedLines(
        wrapWidth: Int(word & 0xFFFF) - 1, lineCount: metrics.lineCount,
        drawsEveryCluster: word & Self.drawsEveryCluster != 0, isVisibleAsIs: word & Self.isVisibleAsIs != 0,
        words: (
          lines0.load(ordering: .relaxed), lines1.load(ordering: .relaxed), lines2.load(ordering: .relaxed)
        )),
      lines.hold(width: width, widestLine: metrics.widestLine)
    else { return nil }
    return lines
  }
}
