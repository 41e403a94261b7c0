import ChatTranscript
import ChatTranscriptMessages
import Dispatch
import Synchronization
import TestSupport
import Testing
import TextLayout

@Suite struct TextMetricsCacheTests {
  /// In terminal columns, a text of up to 256 bytes is measured directly and never stored; a
  /// longer one goes through the cache. Both give what the measurer gives the visible text.
  @Test func shortTerminalTextsSkipTheCache() {
    let cache = TextMetricsCache(capacity: 100)
    let texts = ItemTextMeasurer(itemID: "m1", measurer: TerminalTextMeasurer(), cache: cache)
    let short = "short \u{1B} text, 中文 👍🏽"
    let long = String(repeating: "a longer message ", count: 16) + "\u{7}"
    #expect(short.utf8.count <= 256 && long.utf8.count > 256)
    for text in [short, long] {
      #expect(
        texts.metrics(of: text, width: 12)
          == TerminalTextMeasurer().measure(VisibleText.of(text), maxWidth: 12))
    }
    #expect(cache.count == 1)
    _ = texts.metrics(of: long, width: 12)
    #expect(cache.count == 1)
  }

  @Test func hitsDoNotMeasure() {
    let cache = TextMetricsCache(capacity: 100)
    var measured = 0
    func metrics(_ id: String, _ text: String, _ width: Int) -> TextMetrics {
      cache.metrics(id: id, text: text, width: width) {
        measured += 1
        return TerminalTextMeasurer().measure(text, maxWidth: width)
      }
    }
    #expect(metrics("m1", "hello world", 5) == TextMetrics(lineCount: 2, widestLine: 5))
    #expect(metrics("m1", "hello world", 5) == TextMetrics(lineCount: 2, widestLine: 5))
    #expect(measured == 1)
    _ = metrics("m1", "hello world", 20)
    _ = metrics("m1", "hello, world", 5)
    _ = metrics("m2", "hello world", 5)
    #expect(measured == 4, "id, text and width all decide a hit")
    #expect(cache.count == 3, "an edited text replaces its id's entry at that width")
    _ = metrics("m1", "hello, world", 5)
    #expect(measured == 4)
  }

  /// Small caches are one shard, large ones sixteen (8,192): either way, bounded.
  @Test(arguments: [0, 1, 2, 10, 1_000, 8_192])
  func neverGrowsPastItsCapacity(capacity: Int) {
    let cache = TextMetricsCache(capacity: capacity)
    for index in 0..<(5_000 + 4 * capacity) {
      _ = cache.metrics(id: "m\(index)", text: "t", width: 10) { TextMetrics(lineCount: 1, widestLine: 1) }
      if index % 97 == 0 { #expect(cache.count <= max(capacity, 2)) }
    }
    #expect(cache.count <= max(capacity, 2))
    if capacity == 0 { #expect(cache.count == 0) }
    // The newest entries are kept: at least half the capacity survives in a full cache.
    if capacity >= 1_000 { #expect(cache.count >= capacity / 2) }
  }

  @Test func recentlyUsedEntriesSurviveTurnovers() {
    let cache = TextMetricsCache(capacity: 10)
    var measured = 0
    func touch(_ id: String) {
      _ = cache.metrics(id: id, text: "t", width: 10) {
        measured += 1
        return TextMetrics(lineCount: 1, widestLine: 1)
      }
    }
    for round in 0..<20 {
      touch("hot")
      touch("cold\(round)")
    }
    #expect(measured == 21, "the hot entry is measured once, every cold one once")
  }

  /// A large cache evicts per set of slots, least recently used first: an entry in use
  /// survives a stream of new texts many times the capacity, and the newest texts are kept.
  @Test func entriesInUseSurviveALongStreamOfNewTexts() {
    let cache = TextMetricsCache(capacity: 8_192)
    var measured: [String: Int] = [:]
    func touch(_ id: String) {
      _ = cache.metrics(id: id, text: "t", width: 10) {
        measured[id, default: 0] += 1
        return TextMetrics(lineCount: 1, widestLine: 1)
      }
    }
    for index in 0..<100_000 {
      touch("new\(index)")
      if index % 100 == 0 { touch("hot") }
    }
    #expect(measured["hot"] == 1)
    #expect(cache.count == 8_192)
    let before = measured.count
    for index in 99_000..<100_000 { touch("new\(index)") }
    // The last thousand ids are an eighth of the capacity: each set holds its share of them.
    #expect(measured.count == before)
    #expect(measured.values.allSatisfy { $0 == 1 })
  }

  @Test func concurrentUseCountsEveryMeasurementOnce() {
    let cache = TextMetricsCache(capacity: 100_000)
    let measurements = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in 0..<2_000 {
        let id = "m\((index * 7 + worker) % 2_000)"
        _ = cache.metrics(id: id, text: "text of \(id)", width: 30) {
          measurements.wrappingAdd(1, ordering: .relaxed)
          return TerminalTextMeasurer().measure("text of \(id)", maxWidth: 30)
        }
      }
    }
    // Two threads may race to measure the same new key; never more than once per thread.
    #expect(measurements.load(ordering: .relaxed) >= 2_000)
    #expect(measurements.load(ordering: .relaxed) <= 2_000 * 8)
    #expect(cache.count == 2_000)
  }

  /// Many messages measured in parallel by the controller: each text once, heights exact.
  @Test func backgroundHeightsMeasureEachTextOnce() async {
    let items: [any ChatItem] = (0..<1_200).map {
      textItem("a\($0)", String(repeating: "word ", count: $0 % 17 + 1), from: $0 % 3 == 0 ? "bob" : "alice")
    }
    let harness = MessagesHarness([], width: 60, height: 20)
    harness.dataSource.append(items)
    await harness.controller.applyPendingUpdatesInBackground()
    #expect(harness.measurer.count == 1_200)
    let reference = MessagesHarness(items, width: 60, height: 20)
    #expect(harness.layoutDump == reference.layoutDump)
    // Flipping the width back and forth re-measures once per new width only.
    harness.controller.setViewportSize(width: 80, height: 20)
    await harness.controller.applyPendingUpdatesInBackground()
    harness.controller.setViewportSize(width: 60, height: 20)
    await harness.controller.applyPendingUpdatesInBackground()
    #expect(harness.measurer.count == 2_400)
  }
}
