import ChatTranscript
import TestSupport
import Testing

/// Several observers of one controller, each stopped on its own; streams for Swift
/// concurrency.
@Suite struct UpdateObserverTests {
  @Test func everyObserverHearsEveryUpdateInTheOrderTheyWereAdded() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    var heard: [String] = []
    harness.controller.onUpdate = { heard.append("onUpdate \($0.insertedIDs)") }
    let first = harness.controller.addUpdateObserver { heard.append("first \($0.insertedIDs)") }
    let second = harness.controller.addUpdateObserver { heard.append("second \($0.insertedIDs)") }
    harness.dataSource.append(TranscriptHarness.items(3..<4))
    harness.controller.applyPendingUpdates()
    #expect(heard == ["onUpdate [\"m3\"]", "first [\"m3\"]", "second [\"m3\"]"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func cancellingOrReleasingAnObservationStopsItAlone() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    var heard: [String] = []
    let cancelled = harness.controller.addUpdateObserver { _ in heard.append("cancelled") }
    var released: UpdateObservation? = harness.controller.addUpdateObserver { _ in heard.append("released") }
    let kept = harness.controller.addUpdateObserver { _ in heard.append("kept") }
    harness.dataSource.append(TranscriptHarness.items(3..<4))
    harness.controller.applyPendingUpdates()
    #expect(heard == ["cancelled", "released", "kept"])

    cancelled.cancel()
    cancelled.cancel()  // a second cancel does nothing
    released = nil
    heard = []
    harness.dataSource.append(TranscriptHarness.items(4..<5))
    harness.controller.applyPendingUpdates()
    #expect(heard == ["kept"])
    #expect(released == nil)
    withExtendedLifetime(kept) {}
  }

  @Test func anObservationOutlivingItsControllerIsHarmless() {
    var harness: TranscriptHarness? = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    let observation = harness?.controller.addUpdateObserver { _ in }
    weak let controller = harness?.controller
    harness = nil
    #expect(controller == nil, "an observation does not keep its controller alive")
    observation?.cancel()
  }

  @Test func aStreamDeliversUpdatesAndFinishesWithItsController() async throws {
    var harness: TranscriptHarness? = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    let updates = try #require(harness?.controller.updates())
    harness?.dataSource.append(TranscriptHarness.items(3..<4))
    harness?.controller.applyPendingUpdates()
    harness?.dataSource.remove(0..<1)
    harness?.controller.applyPendingUpdates()
    harness = nil
    var received: [TranscriptUpdate] = []
    for await update in updates {
      received.append(update)
    }
    #expect(received.map(\.insertedIDs) == [["m3"], []])
    #expect(received.map(\.deletedIDs) == [[], ["m0"]])
  }
}
