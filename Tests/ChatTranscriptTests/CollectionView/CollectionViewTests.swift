import ChatTranscript
import TestSupport
import Testing

@Suite struct CollectionViewTests {
  @Test func onlyVisibleRowsHaveCells() {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<100, height: 2), viewport: Viewport(width: 40, height: 10))
    // First load lands at the bottom: rows 95...99 fill the 10 rows.
    #expect(harness.visibleIDs == ["m95", "m96", "m97", "m98", "m99"])
    #expect(harness.controller.collectionView.cellsCreated["TestCell"] == 5)
  }

  @Test func scrollingAHundredThousandRowsReusesCells() {
    let items = (0..<100_000).map { TestItem(id: "m\($0)", height: Double(1 + $0 % 3)) }
    let harness = TranscriptHarness(items: items, viewport: Viewport(width: 40, height: 24))
    let collectionView = harness.controller.collectionView
    collectionView.scrollToTop()
    var maximumVisible = 0
    var offset = 0.0
    while !collectionView.isScrolledToBottom() {
      offset += 7
      collectionView.setContentOffset(offset)
      maximumVisible = max(maximumVisible, collectionView.visibleCells.count)
    }
    let created = collectionView.cellsCreated["TestCell"] ?? 0
    #expect(created <= maximumVisible + 4, "created \(created), at most \(maximumVisible) visible")
    #expect(maximumVisible <= 25)
  }

  @Test func cellsAreHiddenBeforeNewOnesAreShownAndReused() {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<10, height: 5), viewport: Viewport(width: 40, height: 10))
    let collectionView = harness.controller.collectionView
    harness.log.clearEvents()
    collectionView.setContentOffset(collectionView.viewport.contentOffset - 5)
    #expect(harness.log.events == ["hide m9", "configure m7", "show m7"])
    let reused = collectionView.cell(forRow: 7) as? TestCell
    #expect(reused?.reuseCount == 1)
    #expect(reused?.label.text == "m7")
  }

  @Test func scrollToItemPositions() {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<50, height: 2), viewport: Viewport(width: 40, height: 10))
    let collectionView = harness.controller.collectionView
    collectionView.scrollToRow(20, at: .top)
    #expect(collectionView.viewport.contentOffset == 40)
    collectionView.scrollToRow(20, at: .bottom)
    #expect(collectionView.viewport.contentOffset == 32)
    collectionView.scrollToRow(20, at: .center)
    #expect(collectionView.viewport.contentOffset == 36)
    collectionView.scrollToRow(0, at: .bottom)
    #expect(collectionView.viewport.contentOffset == 0, "clamped at the top")
    collectionView.scrollToBottom()
    #expect(collectionView.viewport.contentOffset == 90)
    collectionView.setContentOffset(.nan)
    #expect(collectionView.viewport.contentOffset == 0)
  }

  @Test func updatedVisibleItemIsReconfiguredNotReshown() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    harness.log.clearEvents()
    harness.dataSource.replace(at: 1, with: TestItem(id: "m1", text: "edited"))
    harness.controller.applyPendingUpdates()
    #expect(harness.log.events == ["update m1", "configure m1"])
    #expect((harness.controller.collectionView.cell(forRow: 1) as? TestCell)?.label.text == "m1: edited")
  }

  @Test func invalidViewportSizesAreClamped() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    harness.controller.setViewportSize(width: -5, height: .infinity)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.viewport == Viewport(width: 0, height: 0, contentOffset: 0))
    #expect(harness.controller.itemCount == 3)
  }
}

@Suite struct CollectionViewWidthTests {
  @Test func aNewWidthReconfiguresVisibleCells() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    harness.log.clearEvents()
    harness.controller.setViewportSize(width: 60, height: 10)
    harness.controller.applyPendingUpdates()
    #expect(harness.log.events == ["configure m0", "configure m1", "configure m2"])
    harness.log.clearEvents()
    harness.controller.collectionView.setContentOffset(0)
    #expect(harness.log.events.isEmpty, "same width, nothing to reconfigure")
  }
}
