import ChatTranscript
import TestSupport
import Testing

@Suite struct PresenterLifetimeTests {
  @Test func onePresenterPerItemKeptAcrossUnrelatedUpdates() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<5))
    #expect(harness.log.built == 5)
    let first = harness.controller.presenter(atRow: 0)
    harness.dataSource.append(TranscriptHarness.items(5..<6))
    harness.controller.applyPendingUpdates()
    #expect(harness.log.built == 6)
    #expect(harness.controller.presenter(atRow: 0) === first)
    #expect(harness.log.updates == 0)
  }

  @Test func changedContentUpdatesInPlaceOnlyWhenChanged() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    let presenter = harness.controller.presenter(atRow: 1)
    harness.dataSource.replace(at: 1, with: TestItem(id: "m1"))  // same content
    harness.controller.applyPendingUpdates()
    #expect(harness.log.updates == 0)
    harness.dataSource.replace(at: 1, with: TestItem(id: "m1", height: 3, text: "edited"))
    harness.controller.applyPendingUpdates()
    #expect(harness.log.updates == 1)
    #expect(harness.controller.presenter(atRow: 1) === presenter)
    #expect(harness.controller.frame(ofRow: 1).height == 3)
    #expect(harness.log.built == 3)
  }

  @Test func presenterWithoutUpdateSupportIsRecreated() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<2), supportsUpdates: false)
    let before = harness.controller.presenter(atRow: 0)
    harness.dataSource.replace(at: 0, with: TestItem(id: "m0", text: "new"))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.presenter(atRow: 0) !== before)
    #expect(harness.log.built == 3)
  }

  @Test func typeChangeRecreatesThePresenter() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<2))
    harness.dataSource.replace(at: 0, with: PlainChatItem(id: "m0", type: "poll"))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.presenter(atRow: 0) is UnsupportedItemPresenter)
  }

  @Test(arguments: [false, true])
  func presentersOfRemovedItemsAreReleased(coarse: Bool) {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<30))
    harness.dataSource.reportsCoarsely = coarse
    weak let visible = harness.controller.presenter(atRow: 25)
    weak let offscreen = harness.controller.presenter(atRow: 2)
    #expect(visible != nil && offscreen != nil)
    harness.dataSource.remove(20..<30)
    harness.dataSource.remove(0..<5)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.itemCount == 15)
    #expect(visible == nil)
    #expect(offscreen == nil)
  }

  @Test func movedItemKeepsItsPresenter() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<10))
    let moved = harness.controller.presenter(atRow: 2)
    harness.dataSource.move(from: 2, to: 8)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.item(atRow: 8).id == "m2")
    #expect(harness.controller.presenter(atRow: 8) === moved)
    #expect(harness.log.built == 10)
  }

  /// One batch whose edits lie far apart is applied as several windows: an item moved from a
  /// later window to an earlier one, or the other way, still keeps its presenter.
  @Test(arguments: [(from: 90, to: 5), (from: 10, to: 80)])
  func itemMovedFarInOneBatchKeepsItsPresenter(from: Int, to: Int) {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<100))
    let moved = harness.controller.presenter(atRow: from)
    let movedID = harness.controller.item(atRow: from).id
    // Enough edits that the batch is folded, not replayed.
    for index in stride(from: 30, through: 70, by: 10) {
      harness.dataSource.replace(at: index, with: TestItem(id: "m\(index)", text: "edited"))
    }
    harness.dataSource.move(from: from, to: to)
    harness.dataSource.append([TestItem(id: "new")])
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.item(atRow: to).id == movedID)
    #expect(harness.controller.presenter(atRow: to) === moved)
    #expect(harness.controller.itemCount == 101)
  }

  @Test func baseTracksTheNewestVisibleCell() {
    let log = PresenterLog()
    let presenter = TestPresenter(item: TestItem(id: "a"), log: log)
    let older = TestCell()
    let newer = TestCell()
    presenter.cellWillBeShown(older)
    presenter.cellWillBeShown(newer)
    presenter.cellWasHidden(older)
    #expect(presenter.visibleCell === newer)
    presenter.cellWasHidden(newer)
    #expect(presenter.visibleCell == nil)
  }

  /// A presenter does not keep its cell alive, and forgets it when it goes.
  @Test func visibleCellIsNilOnceTheCellIsGone() {
    let presenter = TestPresenter(item: TestItem(id: "a"), log: PresenterLog())
    weak var gone: TestCell?
    do {
      let cell = TestCell()
      gone = cell
      presenter.cellWillBeShown(cell)
      #expect(presenter.visibleCell === cell)
    }
    #expect(gone == nil)
    #expect(presenter.visibleCell == nil)
    presenter.refreshVisibleCell()
  }

  @Test func menuActionsReachThePresenter() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<1))
    let presenter = harness.controller.presenter(atRow: 0)
    #expect(presenter.shouldShowMenu())
    #expect(presenter.canPerform(.copy))
    #expect(!presenter.canPerform(.delete))
    presenter.perform(.copy)
    #expect(harness.log.events.last == "copy m0")
  }
}
