import ChatTranscript
import TestSupport
import Testing

/// Builders with a height measurer: rows are sized without presenters, and get one only when
/// they need it (on screen or within the working range around it, asked for), so presenters
/// made follow the screen, not the transcript.
@Suite struct PresenterlessMeasurementTests {
  /// 200 items of heights 1–3; the viewport shows a handful of them.
  private static func items() -> [any ChatItem] {
    (0..<200).map { TestItem(id: "m\($0)", height: Double($0 % 3 + 1)) }
  }

  @Test func onlyRowsNearTheScreenGetPresenters() throws {
    let harness = TranscriptHarness(items: Self.items(), measuresWithoutPresenters: true)
    let collectionView = harness.controller.collectionView
    let visible = collectionView.visibleCells.map(\.row)
    #expect(visible.count > 0 && visible.count < 10)
    // The rows on screen and those within a viewport height above them (the bottom is the end).
    let workingRange = collectionView.workingRangeRows
    let firstVisible = try #require(visible.first)
    #expect(workingRange.upperBound == 200 && workingRange.lowerBound < firstVisible)
    #expect(workingRange.count < 2 * 10)
    #expect(harness.log.built == workingRange.count)
    #expect(harness.log.ownerHeights == 0)
    // Every row has its height all the same: 1, 2, 3, 1, …, 200 rows adding up to 399.
    #expect(harness.controller.contentHeight == 399)
    #expect(harness.layoutDump == Self.referenceDump())
  }

  @Test func heightsEqualThoseMeasuredThroughPresenters() {
    let presenterless = TranscriptHarness(items: Self.items(), measuresWithoutPresenters: true)
    let withPresenters = TranscriptHarness(items: Self.items())
    #expect(withPresenters.log.built == 200)
    #expect(presenterless.layoutDump == withPresenters.layoutDump)
  }

  @Test func scrollingMakesPresentersForRowsComingIntoView() {
    let harness = TranscriptHarness(items: Self.items(), measuresWithoutPresenters: true)
    let builtAtBottom = harness.log.built
    harness.controller.collectionView.setContentOffset(0)
    let top = harness.controller.collectionView.visibleCells.map(\.row)
    #expect(top.first == 0)
    // The rows on screen and within a viewport height below them.
    let workingRange = harness.controller.collectionView.workingRangeRows
    #expect(workingRange.lowerBound == 0 && workingRange.count > top.count)
    #expect(harness.log.built == builtAtBottom + workingRange.count)
    // Scrolling back finds the presenters kept: none is made twice.
    harness.controller.collectionView.scrollToBottom()
    #expect(harness.log.built == builtAtBottom + workingRange.count)
  }

  @Test func askingForAPresenterMakesItOnceAndKeepsIt() {
    let harness = TranscriptHarness(items: Self.items(), measuresWithoutPresenters: true)
    let built = harness.log.built
    let presenter = harness.controller.presenter(atRow: 50)
    #expect(harness.log.built == built + 1)
    #expect(harness.controller.presenter(atRow: 50) === presenter)
    // An unrelated update keeps it, an edit of its item updates it in place.
    harness.dataSource.append([TestItem(id: "new")])
    harness.dataSource.replace(at: 50, with: TestItem(id: "m50", height: 7))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.presenter(atRow: 50) === presenter)
    #expect(harness.log.updates == 1)
    #expect(harness.controller.frame(ofRow: 50).height == 7)
  }

  @Test func editsOfRowsWithoutPresentersMakeNone() {
    let harness = TranscriptHarness(items: Self.items(), measuresWithoutPresenters: true)
    let built = harness.log.built
    harness.dataSource.replace(at: 10, with: TestItem(id: "m10", height: 9))
    harness.controller.applyPendingUpdates()
    #expect(harness.log.built == built)
    #expect(harness.controller.frame(ofRow: 10).height == 9)
  }

  @Test func aBuilderWithoutMeasurerSizesItsWholeTypeThroughPresenters() {
    // The first builder for the type has no measurer and might be the one to handle any
    // item, so every item of the type needs its presenter to be sized.
    let log = PresenterLog()
    let picky = TestBuilder(log: log, accepts: { $0.text == "special" })
    let general = TestBuilder(log: log, measures: true)
    let controller = ChatTranscriptController(
      buildersByType: ["test": [picky, general]], viewport: Viewport(width: 40, height: 5))
    let dataSource = ArrayDataSource(Self.items())
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    #expect(log.built == 200)
    #expect(controller.contentHeight == 399)
  }

  @Test func anItemNoMeasurerHandlesGetsTheFallbackPresenter() {
    let log = PresenterLog()
    let picky = TestBuilder(log: log, measures: true, accepts: { $0.height != 2 })
    let controller = ChatTranscriptController(
      buildersByType: ["test": [picky]], viewport: Viewport(width: 40, height: 5))
    let dataSource = ArrayDataSource(Self.items())
    controller.dataSource = dataSource
    var update: TranscriptUpdate?
    controller.onUpdate = { update = $0 }
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    // Items of height 2 (67 of them) are refused: one-row placeholders, sized on the owner.
    #expect(controller.presenter(atRow: 1) is UnsupportedItemPresenter)
    #expect(controller.frame(ofRow: 1).height == 1)
    #expect(controller.contentHeight == 399 - 67)
    #expect(update?.measuredHeightCount == 200)
    #expect(update?.backgroundHeightCount == 133)
  }

  /// A synchronous update sizes new rows as it builds them; a bad height still goes the
  /// checked way: clamped, reported once, counted once, as when measured off the owner.
  @Test func badHeightsOfRowsSizedWhileBuiltAreClampedAndReportedOnce() async {
    var items = Self.items()
    items[7] = TestItem(id: "nan", height: .nan)
    items[120] = TestItem(id: "neg", height: -2)
    var updates: [TranscriptUpdate] = []
    for background in [false, true] {
      let harness = TranscriptHarness(measuresWithoutPresenters: true)
      harness.controller.onUpdate = { updates.append($0) }
      harness.dataSource.append(items)
      if background {
        await harness.controller.applyPendingUpdatesInBackground()
      } else {
        harness.controller.applyPendingUpdates()
      }
      #expect(harness.controller.frame(ofRow: 7).height == 0)
      #expect(harness.controller.frame(ofRow: 120).height == 0)
      #expect(harness.controller.contentHeight == 399 - 2 - 1)
      #expect(harness.log.ownerHeights == 0)
    }
    for update in updates {
      #expect(
        update.errors.map { "\($0)" } == [
          "item \"nan\": invalid height nan, clamped", "item \"neg\": invalid height -2.0, clamped",
        ])
      #expect(update.measuredHeightCount == 200)
      #expect(update.backgroundHeightCount == 200)
    }
  }

  /// `id y height` per row, computed directly from the items.
  private static func referenceDump() -> [String] {
    var y = 0
    return (0..<200).map { index in
      defer { y += index % 3 + 1 }
      return "m\(index) \(y) \(index % 3 + 1)"
    }
  }
}
