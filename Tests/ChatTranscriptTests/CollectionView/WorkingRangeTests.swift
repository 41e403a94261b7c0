import ChatTranscript
import TestSupport
import Testing

/// Presenters hear when their row comes within a viewport height of the viewport and when it
/// goes: exactly once each way, for exactly those rows.
@Suite struct WorkingRangeTests {
  /// 100 rows one high in a viewport 10 high: the working range is 30 rows at most.
  private static func harness(
    supportsUpdates: Bool = true, measuresWithoutPresenters: Bool = false
  ) -> TranscriptHarness {
    TranscriptHarness(
      items: TranscriptHarness.items(0..<100), viewport: Viewport(width: 40, height: 10),
      supportsUpdates: supportsUpdates, measuresWithoutPresenters: measuresWithoutPresenters)
  }

  /// What moving the working range from `old` to `new` rows must say: the rows that left, then
  /// those that came, each in row order.
  private static func events(from old: Range<Int>, to new: Range<Int>) -> [String] {
    old.filter { !new.contains($0) }.map { "leave m\($0)" }
      + new.filter { !old.contains($0) }.map { "enter m\($0)" }
  }

  /// The rows within one viewport height (10) of a viewport at `offset`.
  private static func expectedRange(atOffset offset: Int) -> Range<Int> {
    max(offset - 10, 0)..<min(offset + 20, 100)
  }

  @Test func theFirstLoadTellsTheRowsAroundTheBottom() {
    let harness = Self.harness()
    #expect(harness.controller.collectionView.workingRangeRows == 80..<100)
    #expect(harness.log.workingRangeEvents == Self.events(from: 0..<0, to: 80..<100))
  }

  @Test(arguments: [1, 3, 7, 25, 90])
  func scrollingStepByStepTellsTheRowsThatCameAndWent(step: Int) {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    var offset = 90
    for direction in [-1, 1] {
      repeat {
        harness.log.workingRangeEvents = []
        let next = min(max(offset + direction * step, 0), 90)
        collectionView.setContentOffset(Double(next))
        #expect(collectionView.workingRangeRows == Self.expectedRange(atOffset: next))
        #expect(
          harness.log.workingRangeEvents
            == Self.events(from: Self.expectedRange(atOffset: offset), to: Self.expectedRange(atOffset: next)),
          "from offset \(offset) to \(next)")
        offset = next
      } while offset > 0 && offset < 90
    }
  }

  @Test func resizingGrowsAndShrinksTheRange() {
    let harness = Self.harness()
    harness.controller.collectionView.scrollToTop()
    harness.log.workingRangeEvents = []
    harness.controller.setViewportSize(width: 40, height: 20)
    #expect(harness.log.workingRangeEvents == Self.events(from: 0..<20, to: 0..<40))
    harness.log.workingRangeEvents = []
    harness.controller.setViewportSize(width: 40, height: 5)
    #expect(harness.log.workingRangeEvents == Self.events(from: 0..<40, to: 0..<10))
    // A new width lays the rows out again: the same rows, nothing to tell.
    harness.log.workingRangeEvents = []
    harness.controller.setViewportSize(width: 30, height: 5)
    harness.controller.applyPendingUpdates()
    #expect(harness.log.workingRangeEvents.isEmpty)
  }

  @Test func insertsAndDeletesNearTheViewport() {
    let harness = Self.harness()
    let controller = harness.controller
    controller.collectionView.scrollToTop()
    harness.log.workingRangeEvents = []
    harness.dataSource.insert([TestItem(id: "new")], at: 5)
    controller.applyPendingUpdates()
    #expect(harness.log.workingRangeEvents == ["leave m19", "enter new"])
    harness.log.workingRangeEvents = []
    harness.dataSource.remove(3..<4)
    controller.applyPendingUpdates()
    #expect(harness.log.workingRangeEvents == ["leave m3", "enter m19"])
    // Past the range, nothing is said.
    harness.log.workingRangeEvents = []
    harness.dataSource.insert([TestItem(id: "far")], at: 80)
    harness.dataSource.remove(90..<91)
    controller.applyPendingUpdates()
    #expect(harness.log.workingRangeEvents.isEmpty)
  }

  @Test func historyAboveTheRangeKeepsItsRows() {
    let harness = Self.harness()
    harness.controller.collectionView.setContentOffset(50)
    harness.log.workingRangeEvents = []
    harness.dataSource.insert(TranscriptHarness.items(100..<105), at: 0)
    harness.controller.applyPendingUpdates()
    // The reader keeps m50 at the top: the range holds the same items at new indexes.
    #expect(harness.controller.collectionView.workingRangeRows == 45..<75)
    #expect(harness.log.workingRangeEvents.isEmpty)
  }

  @Test func aReplacedPresenterLeavesAndItsSuccessorEnters() {
    let harness = Self.harness(supportsUpdates: false)
    harness.log.workingRangeEvents = []
    harness.dataSource.replace(at: 95, with: TestItem(id: "m95", text: "edited"))
    harness.controller.applyPendingUpdates()
    #expect(harness.log.workingRangeEvents == ["leave m95", "enter m95"])
  }

  @Test func rowsWithoutPresentersGetThemAsTheyEnter() {
    let harness = Self.harness(measuresWithoutPresenters: true)
    #expect(harness.log.built == 20)
    harness.controller.collectionView.setContentOffset(85)
    #expect(harness.log.built == 25)
    #expect(
      harness.log.workingRangeEvents
        == Self.events(from: 0..<0, to: 80..<100) + Self.events(from: 80..<100, to: 75..<100))
  }

  @Test func theDistanceIsConfigurable() {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    harness.log.workingRangeEvents = []
    collectionView.workingRangeDistance = 0
    #expect(harness.log.workingRangeEvents == Self.events(from: 80..<100, to: 90..<100))
    harness.log.workingRangeEvents = []
    collectionView.workingRangeDistance = 2.5
    #expect(harness.log.workingRangeEvents == Self.events(from: 90..<100, to: 65..<100))
    harness.log.workingRangeEvents = []
    collectionView.workingRangeDistance = nil
    #expect(collectionView.workingRangeRows.isEmpty)
    #expect(harness.log.workingRangeEvents == Self.events(from: 65..<100, to: 0..<0))
  }
}
