import ChatTranscript
import TestSupport
import Testing
import TextLayout

@testable import ChatTranscriptMessages

/// A sender's name measured through the cache is the width measured directly, every time.
@Suite struct RecurringLineWidthTests {
  static let lines = [
    "ann", "Bob", "", "Zoë", "Zoe\u{0308}", "a\nb", "中文", "👍🏽 fan", "office", " x ", "\u{01}",
  ]

  @Test func cachedWidthsAreMeasuredWidths() throws {
    let cache = TextMetricsCache(capacity: 64)
    for measurer in [try TestFont.dejaVuSansMeasurer() as any TextMeasurer, TerminalTextMeasurer()] {
      cache.removeAll()
      let texts = ItemTextMeasurer(itemID: "m1", measurer: measurer, cache: cache)
      for _ in 0..<3 {
        for line in Self.lines {
          #expect(texts.width(ofRecurringLine: line) == texts.width(of: line), "\(line)")
        }
      }
    }
  }

  /// An item whose id and text are a sender's name shares its entry, with the same metrics.
  @Test func anItemNamedLikeASenderSharesTheSameMetrics() throws {
    let cache = TextMetricsCache(capacity: 64)
    let texts = ItemTextMeasurer(itemID: "ann", measurer: try TestFont.dejaVuSansMeasurer(), cache: cache)
    let width = texts.width(ofRecurringLine: "ann")
    #expect(texts.metrics(of: "ann", width: Columns.limit).widestLine == width)
  }
}
