import ChatTranscript
import TestSupport
import Testing

/// Inputs the fuzzers (`Scripts/fuzz.sh`, see RELIABILITY.md) found, replayed as plain tests.
///
/// Each test performs the minimized input's operations through the same controller calls the
/// `updates` fuzz target makes (a data source reporting exact edits, then
/// `applyPendingUpdates()`), and checks the invariant the fuzzer saw broken.
@Suite struct FuzzRegressionTests {
  /// `updates` input `00 80 62 64 62 64`: insert one item (height 1) and apply; replace it by
  /// a version of another type and height 0; apply. The row kept height 1.
  ///
  /// The new type makes a new row key, so the row was rebuilt with content version 0, and the
  /// height cache, keyed by (id, content version, width, decoration), answered with the height
  /// measured for the first version of the old type. Content versions are now unique per
  /// controller, so a rebuilt row always misses.
  @Test func itemThatChangesTypeIsMeasuredAgain() {
    let harness = TranscriptHarness(supportsUpdates: false)
    harness.dataSource.append([TestItem(id: "i1", type: "test", height: 1)])
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 1"])

    harness.dataSource.replace(at: 0, with: TestItem(id: "i1", type: "separator", height: 0))
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 0"])
  }

  /// The same cache key, reached without a type change: an item that leaves and comes back
  /// with the same id (a stream's delete then insert, a trimmed page loaded again) got a new
  /// row at content version 0 and the height of the id's first version.
  @Test func itemThatLeavesAndComesBackIsMeasuredAgain() {
    let harness = TranscriptHarness()
    harness.dataSource.append([TestItem(id: "i1", height: 1)])
    harness.controller.applyPendingUpdates()
    harness.dataSource.remove(0..<1)
    harness.controller.applyPendingUpdates()
    harness.dataSource.append([TestItem(id: "i1", height: 4, text: "edited")])
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 4"])
  }

  /// The coarse path ("did update", diffed by key) reaches the same cache entry.
  @Test func coarseUpdateThatChangesTypeIsMeasuredAgain() {
    let harness = TranscriptHarness(items: [TestItem(id: "i1", type: "test", height: 1)])
    harness.dataSource.setItems([TestItem(id: "i1", type: "separator", height: 3)])
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 3"])
  }
}
