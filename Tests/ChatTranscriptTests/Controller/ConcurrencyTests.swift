import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// Heights measured in parallel off the owner: run under the thread sanitizer in CI.
@Suite struct ConcurrencyTests {
  static func items(_ count: Int, seed: UInt64) -> [any ChatItem] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { TestItem(id: "m\($0)", height: Double(random.int(in: 1...5))) }
  }

  @Test func parallelHeightsOnTheOwnerMatchSerialOnes() {
    let items = Self.items(20_000, seed: 7)
    let parallel = TranscriptHarness(items: items)
    let serial = TranscriptHarness(items: items, background: false)
    #expect(parallel.controller.rowFrames.map(\.frame) == serial.controller.rowFrames.map(\.frame))
    #expect(serial.log.ownerHeights == 20_000)
    #expect(parallel.log.ownerHeights == 0)
  }

  @Test func controllersOnSeparateTasksShareNothing() async {
    let heights = await withTaskGroup(of: Double.self) { group in
      for seed in 0..<4 as Range<UInt64> {
        group.addTask {
          let harness = TranscriptHarness()
          for page in 0..<5 {
            harness.dataSource.append(
              Self.items(2_000, seed: seed * 10 + UInt64(page)).map {
                TestItem(id: "\(page)-\($0.id)", height: ($0 as? TestItem)?.height ?? 1)
              })
            await harness.controller.applyPendingUpdatesInBackground()
          }
          return harness.controller.contentHeight
        }
      }
      var results: [Double] = []
      for await height in group { results.append(height) }
      return results
    }
    let expected = (0..<4 as Range<UInt64>).map { seed in
      (0..<5).reduce(0.0) { total, page in
        total
          + Self.items(2_000, seed: seed * 10 + UInt64(page)).reduce(0.0) {
            $0 + (($1 as? TestItem)?.height ?? 0)
          }
      }
    }
    #expect(heights.sorted() == expected.sorted())
  }

  @Test func relayoutsInTheBackgroundKeepEveryRow() async {
    let counter = HeightCounter()
    let harness = TranscriptHarness(items: Self.items(10_000, seed: 3), counter: counter)
    for width in [50.0, 70, 50, 90] {
      harness.controller.setViewportSize(width: width, height: 20)
      await harness.controller.applyPendingUpdatesInBackground()
    }
    #expect(harness.controller.rowCount == 10_000)
    // Widths 50, 70 and 90 measured once each; going back to 50 hits the cache.
    #expect(counter.value == 40_000)
  }
}
