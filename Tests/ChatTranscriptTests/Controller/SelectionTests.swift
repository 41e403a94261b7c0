import ChatTranscript
import TestSupport
import Testing

/// Selecting items by id: what is selected, what the cells show, and what updates do to it.
@Suite struct SelectionTests {
  /// 50 rows of height 2 in a viewport of 10: five rows on screen, the bottom ones after the
  /// first load.
  private static func harness() -> TranscriptHarness {
    TranscriptHarness(
      items: TranscriptHarness.items(0..<50, height: 2), viewport: Viewport(width: 40, height: 10))
  }

  /// The ids of the visible cells showing a selected row.
  private static func highlighted(_ harness: TranscriptHarness) -> [String] {
    harness.controller.collectionView.visibleCells.filter(\.cell.isSelected).map {
      harness.controller.item(atRow: $0.row).id
    }
  }

  @Test func selectedItemsAreListedInTranscriptOrderAndHighlighted() {
    let harness = Self.harness()
    let controller = harness.controller
    #expect(controller.selectItem(withID: "m48"))
    #expect(controller.selectItem(withID: "m3"))
    #expect(controller.selectItem(withID: "m46"))
    #expect(controller.selectedItemIDs == ["m3", "m46", "m48"])
    #expect(controller.isItemSelected(withID: "m46") && !controller.isItemSelected(withID: "m47"))
    #expect(Self.highlighted(harness) == ["m46", "m48"])
    #expect(controller.deselectItem(withID: "m48"))
    #expect(!controller.deselectItem(withID: "m48"))
    #expect(Self.highlighted(harness) == ["m46"])
    #expect(!controller.toggleSelection(ofItemWithID: "m46"))
    #expect(controller.toggleSelection(ofItemWithID: "m47"))
    #expect(Self.highlighted(harness) == ["m47"])
    controller.deselectAll()
    #expect(controller.selectedItemIDs.isEmpty && Self.highlighted(harness).isEmpty)
  }

  @Test func unknownIDsAndRefusingPresentersAreNotSelected() {
    let harness = TranscriptHarness(items: [TestItem(id: "a"), TestItem(id: "gone", text: "deleted")])
    #expect(!harness.controller.selectItem(withID: "nobody"))
    #expect(!harness.controller.selectItem(withID: "gone"))
    #expect(!harness.controller.toggleSelection(ofItemWithID: "gone"))
    #expect(harness.controller.selectedItemIDs.isEmpty)
  }

  @Test func idsCompareByTheirBytes() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let harness = TranscriptHarness(items: [TestItem(id: composed), TestItem(id: decomposed)])
    #expect(harness.controller.selectItem(withID: decomposed))
    #expect(!harness.controller.isItemSelected(withID: composed))
    #expect(Self.highlighted(harness) == [decomposed])
  }

  @Test func aRecycledCellDoesNotKeepTheHighlight() throws {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    harness.controller.selectItem(withID: "m49")
    let selectedCell = try #require(collectionView.cell(forRow: 49))
    collectionView.setContentOffset(collectionView.viewport.contentOffset - 2)
    // m49's cell went to the pool and came back for m44.
    #expect(collectionView.cell(forRow: 44) === selectedCell)
    #expect(!selectedCell.isSelected)
    #expect(Self.highlighted(harness).isEmpty)
    collectionView.scrollToBottom()
    #expect(Self.highlighted(harness) == ["m49"])
  }

  @Test func anItemOffScreenIsSelectedAndHighlightedWhenItComesIntoView() {
    let harness = Self.harness()
    #expect(harness.controller.selectItem(withID: "m0"))
    #expect(Self.highlighted(harness).isEmpty)
    harness.controller.collectionView.scrollToTop()
    #expect(Self.highlighted(harness) == ["m0"])
  }

  @Test func theSelectionOutlivesEditsDiffsWidthsAndReloads() {
    let harness = Self.harness()
    let controller = harness.controller
    controller.selectItem(withID: "m47")
    controller.selectItem(withID: "m10")
    var deselected: [String] = []
    let observation = controller.addUpdateObserver { deselected += $0.deselectedIDs }
    harness.dataSource.insert([TestItem(id: "new", height: 2)], at: 0)
    controller.applyPendingUpdates()
    harness.dataSource.replace(at: 48, with: TestItem(id: "m47", height: 4, text: "edited"))
    controller.requestUpdate()
    controller.applyPendingUpdates()
    controller.setViewportSize(width: 30, height: 10)
    controller.applyPendingUpdates()
    controller.requestUpdate(.reload)
    controller.applyPendingUpdates()
    withExtendedLifetime(observation) {}
    #expect(deselected.isEmpty)
    #expect(controller.selectedItemIDs == ["m10", "m47"])
    #expect(Self.highlighted(harness) == ["m47"])
  }

  @Test func deletedItemsLeaveTheSelectionAndTheUpdateSaysSo() {
    let harness = Self.harness()
    let controller = harness.controller
    controller.selectItem(withID: "m2")
    controller.selectItem(withID: "m48")
    var updates: [TranscriptUpdate] = []
    let observation = controller.addUpdateObserver { updates.append($0) }
    harness.dataSource.remove(48..<49)
    controller.applyPendingUpdates()
    // A whole-list diff finds the deletion too.
    harness.dataSource.reportsCoarsely = true
    harness.dataSource.remove(2..<3)
    controller.applyPendingUpdates()
    withExtendedLifetime(observation) {}
    #expect(updates.map(\.deselectedIDs) == [["m48"], ["m2"]])
    #expect(controller.selectedItemIDs.isEmpty && Self.highlighted(harness).isEmpty)
  }

  @Test func anItemWhosePresenterStartsRefusingLeavesTheSelection() {
    let harness = Self.harness()
    let controller = harness.controller
    controller.selectItem(withID: "m49")
    controller.selectItem(withID: "m1")
    var deselected: [String] = []
    let observation = controller.addUpdateObserver { deselected += $0.deselectedIDs }
    harness.dataSource.replace(at: 49, with: TestItem(id: "m49", height: 2, text: "deleted"))
    harness.dataSource.replace(at: 1, with: TestItem(id: "m1", height: 2, text: "edited"))
    controller.applyPendingUpdates()
    withExtendedLifetime(observation) {}
    #expect(deselected == ["m49"])
    #expect(controller.selectedItemIDs == ["m1"])
    #expect(Self.highlighted(harness).isEmpty)
  }
}
