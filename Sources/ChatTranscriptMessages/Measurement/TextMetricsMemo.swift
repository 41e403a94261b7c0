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
/// Safe from any thread: the metrics and their width are one atomic word, and a memo only
/// ever answers for the text it names (``remembers(_:)``), at the width asked.
open class TextMetricsMemo: @unchecked Sendable {
  /// Width + 1 in the low 16 bits (0: nothing remembered), the line count in the next 24,
  /// the widest line in the top 24.
  private let word = Atomic<UInt64>(0)

  public init() {}

  /// Whether `text` is the one whose metrics are remembered (an item's message text), byte
  /// for byte. `false`, the default, remembers nothing.
  open func remembers(_ text: String) -> Bool { false }

  /// Drops what was remembered: the text changed.
  public final func forget() {
    word.store(0, ordering: .relaxed)
  }

  /// Remembers what `other` does: a copy of an item whose text is the same.
  public final func remember(asIn other: TextMetricsMemo) {
    word.store(other.word.load(ordering: .relaxed), ordering: .relaxed)
  }

  /// The metrics of the remembered text at `width`, if they are the ones remembered.
  final func metrics(width: Int) -> TextMetrics? {
    let word = word.load(ordering: .relaxed)
    guard word & 0xFFFF == UInt64(truncatingIfNeeded: width &+ 1) else { return nil }
    return TextMetrics(lineCount: Int(word >> 16 & 0xFF_FFFF), widestLine: Int(word >> 40))
  }

  /// Remembers `metrics` of the remembered text at `width`; values too large to keep are not.
  final func remember(_ metrics: TextMetrics, width: Int) {
    let limit = 0xFF_FFFF
    guard width >= 0, width < 0xFFFF, metrics.lineCount <= limit, metrics.widestLine <= limit,
      metrics.lineCount >= 0, metrics.widestLine >= 0
    else { return }
    let packed =
      UInt64(width + 1) | UInt64(metrics.lineCount) << 16 | UInt64(metrics.widestLine) << 40
    word.store(packed, ordering: .relaxed)
  }
}
