import ChatTranscript
import TestSupport
import Testing

/// Rows made anew for an id seen before must be measured again, not served a cached height
/// of the id's earlier content (found by the `updates` fuzz target).
@Suite struct HeightCacheKeyTests {
  @Test func itemThatChangesTypeIsMeasuredAgain() {
    let harness = TranscriptHarness(supportsUpdates: false)
    harness.dataSource.append([TestItem(id: "i1", type: "test", height: 1)])
    harness.controller.applyPendingUpdates()
    harness.dataSource.replace(at: 0, with: TestItem(id: "i1", type: "separator", height: 0))
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 0"])
  }

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

  @Test func coarseUpdateThatChangesTypeIsMeasuredAgain() {
    let harness = TranscriptHarness(items: [TestItem(id: "i1", type: "test", height: 1)])
    harness.dataSource.setItems([TestItem(id: "i1", type: "separator", height: 3)])
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["i1 0 3"])
  }
}
