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

  /// The unit a measurer measures in is worked out when it is set, so a measurer swapped after
  /// the fact is followed: in points, a sender's width is the font's, not its column count.
  @Test func aMeasurerSetLaterDecidesTheUnit() throws {
    let font = try TestFont.dejaVuSansMeasurer()
    var context = MessagePresentationContext(cache: TextMetricsCache(capacity: 64))
    #expect(!context.textMeasurer(forItemWithID: "m1").measuresInPoints)
    context.measurer = font
    let texts = context.textMeasurer(forItemWithID: "m1")
    #expect(texts.measuresInPoints)
    #expect(texts.width(of: "office") == font.measure("office", maxWidth: Columns.limit).widestLine)

    var sizing = BubbleSizing(MessageBubbleCell.self, context: context)
    #expect(sizing.itemTextMeasurer(forItemWithID: "m1").measuresInPoints)
    sizing.textMeasurer = TerminalTextMeasurer()
    #expect(!sizing.itemTextMeasurer(forItemWithID: "m1").measuresInPoints)
    #expect(sizing.itemTextMeasurer(forItemWithID: "m1").width(of: "office") == 6)

    var measurer = ItemTextMeasurer(
      itemID: "m1", measurer: TerminalTextMeasurer(), cache: TextMetricsCache(capacity: 8))
    measurer.measurer = font
    #expect(measurer.measuresInPoints)
  }
}
