import ChatTranscript
import TestSupport
import Testing

@Suite struct ReadingPositionTests {
  static func harness(count: Int = 50, configuration: ChatTranscriptController.Configuration = .init())
    -> TranscriptHarness
  {
    TranscriptHarness(
      items: TranscriptHarness.items(0..<count, height: 2), viewport: Viewport(width: 40, height: 10),
      configuration: configuration)
  }

  @Test func newItemsFollowAReaderAtTheBottom() {
    let harness = Self.harness()
    harness.dataSource.append(TranscriptHarness.items(50..<52, height: 2))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.isScrolledToBottom())
    #expect(harness.visibleIDs.last == "m51")
  }

  /// A new message and a page of history coalesced into one update (the batch counts as
  /// pagination) still take a reader at the bottom down to the message.
  @Test func aReaderAtTheBottomFollowsANewMessageCoalescedWithAHistoryPage() {
    let harness = Self.harness()
    harness.dataSource.insert(TranscriptHarness.items(100..<110, height: 3), at: 0, type: .pagination)
    harness.dataSource.append(TranscriptHarness.items(50..<51, height: 2))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.isScrolledToBottom())
    #expect(harness.visibleIDs.last == "m50")
  }

  /// A first load opens at the newest item, whatever was coalesced with it.
  @Test(arguments: [UpdateType.firstLoad, .normal])
  func aFirstLoadOpensAtTheNewestItem(type: UpdateType) {
    let harness = TranscriptHarness(viewport: Viewport(width: 40, height: 10))
    harness.dataSource.append(TranscriptHarness.items(0..<50, height: 2), type: type)
    harness.dataSource.insert(TranscriptHarness.items(100..<110, height: 3), at: 0, type: .pagination)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.isScrolledToBottom())
    #expect(harness.visibleIDs.last == "m49")
  }

  /// A page of history alone leaves a reader at the bottom where they are reading.
  @Test func aHistoryPageAloneKeepsAReaderAtTheBottomOnTheSameRows() {
    let harness = Self.harness()
    let before = harness.visibleIDs
    harness.dataSource.insert(TranscriptHarness.items(100..<110, height: 3), at: 0, type: .pagination)
    harness.controller.applyPendingUpdates()
    #expect(harness.visibleIDs == before)
    #expect(harness.controller.collectionView.isScrolledToBottom())
  }

  @Test func newItemsDoNotMoveAReaderAboveTheBottom() {
    let harness = Self.harness()
    harness.controller.collectionView.setContentOffset(20)
    harness.dataSource.append(TranscriptHarness.items(50..<52, height: 2))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.viewport.contentOffset == 20)
    #expect(harness.visibleIDs.first == "m10")
  }

  @Test func prependingHistoryKeepsTheFirstVisibleItemInPlace() {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(21)  // m10, one row scrolled into it
    harness.dataSource.insert(TranscriptHarness.items(100..<110, height: 3), at: 0, type: .pagination)
    harness.controller.applyPendingUpdates()
    #expect(collectionView.viewport.contentOffset == 51)
    #expect(harness.visibleIDs.first == "m10")
  }

  @Test func widthChangeKeepsTheTopItem() {
    let harness = Self.harness()
    harness.controller.collectionView.setContentOffset(30)
    harness.controller.setViewportSize(width: 80, height: 10)
    harness.controller.applyPendingUpdates()
    #expect(harness.visibleIDs.first == "m15")
    #expect(harness.controller.collectionView.viewport.contentOffset == 30)
  }

  @Test func nearTheTopLoadsOlderItemsOncePerPage() {
    let harness = Self.harness(count: 20)
    harness.dataSource.olderPages = [
      TranscriptHarness.items(100..<120, height: 2), TranscriptHarness.items(200..<220, height: 2),
    ]
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(5)
    collectionView.setContentOffset(4)
    collectionView.setContentOffset(0)
    #expect(harness.dataSource.loadPreviousCalls == 1)
    harness.dataSource.deliverPreviousPage()
    harness.controller.applyPendingUpdates()
    #expect(harness.visibleIDs.first == "m0", "the page arrived above the reader")
    collectionView.setContentOffset(0)
    #expect(harness.dataSource.loadPreviousCalls == 2)
  }

  @Test func nearTheBottomLoadsNewerItemsOncePerPage() {
    let harness = Self.harness(count: 20)
    harness.dataSource.newerPages = [TranscriptHarness.items(100..<120, height: 2)]
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(0)
    #expect(harness.dataSource.loadNextCalls == 0, "far from the bottom")
    collectionView.setContentOffset(22)
    collectionView.setContentOffset(25)
    #expect(harness.dataSource.loadNextCalls == 1)
    harness.dataSource.deliverNextPage()
    harness.controller.applyPendingUpdates()
    #expect(harness.visibleIDs.first == "m12", "the page arrived below; the reader did not move")
    #expect(harness.dataSource.loadNextCalls == 1, "no more pages")
  }

  @Test func pastTheMaximumTheDataSourceTrimsAroundTheFocus() {
    var configuration = ChatTranscriptController.Configuration()
    configuration.maximumItemCount = 500
    configuration.itemCountAfterTrimming = 400
    let harness = Self.harness(count: 480, configuration: configuration)
    harness.dataSource.append(TranscriptHarness.items(480..<520, height: 2))
    harness.controller.applyPendingUpdates()
    #expect(harness.dataSource.adjustCalls.count == 1)
    #expect(harness.dataSource.adjustCalls.first?.maxCount == 400)
    #expect((harness.dataSource.adjustCalls.first?.focus ?? 0) > 0.99)
    #expect(harness.controller.itemCount == 400)
    #expect(harness.visibleIDs.last == "m519", "the newest items stay at the bottom")
  }
}

/// Jumping to a message by id, in a large transcript.
@Suite struct ScrollToItemTests {
  @Test(arguments: [CollectionView.ScrollPosition.top, .center, .bottom])
  func aJumpPutsTheItemWhereAskedAndTheReaderStaysThere(position: CollectionView.ScrollPosition) {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<10_000, height: 2), viewport: Viewport(width: 40, height: 10))
    let controller = harness.controller
    #expect(controller.scrollToItem(withID: "m6123", at: position))
    let frame = controller.frame(ofRow: controller.row(ofItemWithID: "m6123") ?? -1)
    let viewport = controller.collectionView.viewport
    switch position {
    case .top: #expect(viewport.contentOffset == frame.minY)
    case .center: #expect(viewport.contentOffset == frame.minY - (viewport.height - frame.height) / 2)
    case .bottom: #expect(viewport.contentOffset == frame.maxY - viewport.height)
    }
    #expect(harness.visibleIDs.contains("m6123"))
    // A page of history above and a new message below: the item stays where the jump put it.
    let before = frame.minY - viewport.contentOffset
    harness.dataSource.insert(TranscriptHarness.items(200_000..<200_050, height: 3), at: 0, type: .pagination)
    harness.dataSource.append(TranscriptHarness.items(10_000..<10_001, height: 2))
    controller.applyPendingUpdates()
    let after = controller.frame(ofRow: controller.row(ofItemWithID: "m6123") ?? -1).minY
    #expect(after - controller.collectionView.viewport.contentOffset == before)
  }

  @Test func anUnknownIdMovesNothing() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<1_000, height: 2))
    let offset = harness.controller.collectionView.viewport.contentOffset
    #expect(!harness.controller.scrollToItem(withID: "nope"))
    #expect(harness.controller.collectionView.viewport.contentOffset == offset)
  }
}
