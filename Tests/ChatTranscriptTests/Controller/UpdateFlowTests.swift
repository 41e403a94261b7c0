import ChatTranscript
import Synchronization
import TestSupport
import Testing

@Suite struct UpdateFlowTests {
  @Test func firstLoadLaysOutEveryItem() {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<3, height: 2), decorator: UniformDecorator(bottomMargin: 1))
    #expect(harness.layoutDump == ["m0 0 2", "m1 3 2", "m2 6 2"])
    #expect(harness.controller.contentHeight == 9)
  }

  @Test func burstOfRequestsBecomesOneUpdateAndCallsEveryCompletion() {
    let harness = TranscriptHarness()
    var updates: [TranscriptUpdate] = []
    harness.controller.onUpdate = { updates.append($0) }
    var completions = 0
    for index in 0..<5 {
      harness.dataSource.append(TranscriptHarness.items(index..<index + 1))
      harness.controller.requestUpdate(.normal, changes: []) { completions += 1 }
    }
    harness.controller.applyPendingUpdates()
    #expect(updates.count == 1)
    #expect(updates.first?.requestCount == 10)
    #expect(updates.first?.insertedIDs == ["m0", "m1", "m2", "m3", "m4"])
    #expect(completions == 5)
    #expect(harness.controller.itemCount == 5)
  }

  @Test func aRowThatCameAndWentWithinOneUpdateIsNeitherInsertedNorDeleted() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    var updates: [TranscriptUpdate] = []
    harness.controller.onUpdate = { updates.append($0) }
    // The insert at the top is not the open one when it is taken out again, so its row is
    // made and then removed rather than folded away before any row is made.
    harness.dataSource.insert([TestItem(id: "m9")], at: 0)
    harness.dataSource.append([TestItem(id: "m10")])
    harness.dataSource.remove(0..<1)
    harness.dataSource.remove(1..<2)
    harness.controller.applyPendingUpdates()
    #expect(updates.count == 1)
    #expect(updates.first?.insertedIDs == ["m10"])
    #expect(updates.first?.deletedIDs == ["m1"])
    #expect(harness.layoutDump.map { $0.split(separator: " ")[0] } == ["m0", "m2", "m10"])
  }

  @Test func coarseUpdatesAreDiffed() throws {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<4))
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    var items = harness.dataSource.items
    items.remove(at: 1)
    items.append(TestItem(id: "m9"))
    items[0] = TestItem(id: "m0", text: "changed")
    harness.dataSource.setItems(items)
    harness.controller.applyPendingUpdates()
    let diff = try #require(last?.diff)
    #expect(diff.deletions == [1])
    #expect(diff.insertions == [3])
    #expect(diff.updates == [0])
    #expect(diff.moves.isEmpty)
    #expect(last?.insertedIDs == ["m9"])
    #expect(last?.deletedIDs == ["m1"])
  }

  @Test func duplicateIDsAreReportedAndEveryItemStays() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<2))
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.dataSource.setItems([TestItem(id: "a"), TestItem(id: "b"), TestItem(id: "a", text: "again")])
    harness.controller.applyPendingUpdates()
    #expect(last?.errors == [.duplicateItemID("a")])
    #expect(last?.type == .reload)
    #expect(harness.layoutDump == ["a 0 1", "b 1 1", "a 2 1"])
    #expect(harness.controller.presenter(atRow: 0) !== harness.controller.presenter(atRow: 2))
  }

  @Test func outOfBoundsChangeFallsBackToTheFullList() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<2))
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.controller.requestUpdate(.normal, changes: [.remove(1..<7)])
    harness.controller.applyPendingUpdates()
    #expect(last?.errors.count == 1)
    #expect(harness.controller.itemCount == 2)
  }

  @Test func invalidHeightsAreClampedAndReported() {
    let harness = TranscriptHarness(items: [
      TestItem(id: "nan", height: .nan), TestItem(id: "neg", height: -4),
    ])
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.dataSource.append([TestItem(id: "inf", height: .infinity)])
    harness.controller.applyPendingUpdates()
    #expect(harness.layoutDump == ["nan 0 0", "neg 0 0", "inf 0 0"])
    #expect(last?.errors == [.invalidHeight(itemID: "inf", height: .infinity)])
  }

  /// In a run longer than the height cache, rows whose heights are not stored are still
  /// checked: a bad height anywhere is clamped and reported.
  @Test func invalidHeightsInALongRunAreClampedAndReported() {
    var configuration = ChatTranscriptController.Configuration()
    configuration.heightCacheCapacity = 10
    let harness = TranscriptHarness(configuration: configuration)
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    var items = TranscriptHarness.items(0..<200, height: 2)
    items[3] = TestItem(id: "nan", height: .nan)
    items[150] = TestItem(id: "neg", height: -1)
    items[199] = TestItem(id: "inf", height: .infinity)
    harness.dataSource.append(items)
    harness.controller.applyPendingUpdates()
    // NaN is not equal to itself: the errors are compared as they read.
    #expect(
      last?.errors.map { "\($0)" } == [
        "item \"nan\": invalid height nan, clamped", "item \"neg\": invalid height -1.0, clamped",
        "item \"inf\": invalid height inf, clamped",
      ])
    #expect(harness.controller.contentHeight == 197 * 2)
    #expect(harness.controller.frame(ofRow: 3).height == 0)
  }

  @Test func onlyChangedItemsAndNeighboursAreMeasured() {
    let harness = TranscriptHarness(
      items: (0..<1000).map { TestItem(id: "m\($0)", text: $0 % 10 < 5 ? "a" : "b") },
      decorator: TestDecorator())
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.dataSource.append([TestItem(id: "new", text: "b")])
    harness.controller.applyPendingUpdates()
    // The new item, plus its predecessor whose tail and margin moved to it.
    #expect(last?.measuredHeightCount == 2)
    #expect(last?.insertedIDs == ["new"])
    harness.dataSource.replace(at: 500, with: TestItem(id: "m500", height: 4, text: "a"))
    harness.controller.applyPendingUpdates()
    #expect(last?.measuredHeightCount == 1)
    #expect(last?.updatedIDs == ["m500"])
  }

  /// A replacement is decorated as far as the decorator says it changes decorations: not at
  /// all when it decorates alike (its decoration and injected rows stay, and only its own row
  /// is measured), the item alone when its neighbours cannot see the change, the decorator's
  /// reach each way otherwise.
  @Test func aReplacementIsDecoratedAsFarAsItsImpactGoes() {
    let decorator = CountingDecorator()
    let items = [TestItem(id: "a", text: "x"), TestItem(id: "b", text: "x!"), TestItem(id: "c", text: "y")]
    let harness = TranscriptHarness(items: items, decorator: decorator)
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    func replaceB(with item: TestItem) -> Int {
      decorator.counter.count.store(0, ordering: .relaxed)
      harness.dataSource.replace(at: 1, with: item)
      harness.controller.applyPendingUpdates()
      let fresh = TranscriptHarness(items: harness.dataSource.items, decorator: TestDecorator())
      #expect(harness.layoutDump == fresh.layoutDump)
      return decorator.counter.count.load(ordering: .relaxed)
    }
    #expect(replaceB(with: TestItem(id: "b", height: 3, text: "x! again")) == 0)
    #expect(harness.layoutDump == ["a 0 1", "b 1 4", "b/status 6 1", "c/separator 8 1", "c 9 2"])
    #expect(last?.measuredHeightCount == 1)
    #expect(last?.updatedIDs == ["b"])
    #expect(replaceB(with: TestItem(id: "b", height: 3, text: "x")) == 1)
    #expect(harness.layoutDump == ["a 0 1", "b 1 4", "c/separator 6 1", "c 7 2"])
    #expect(replaceB(with: TestItem(id: "b", height: 3, text: "y")) == 3)
    #expect(harness.layoutDump == ["a 0 2", "b/separator 3 1", "b 4 3", "c 7 2"])
  }

  /// An update that changes only rows below the viewport leaves the visible cells alone: no
  /// cell is configured, shown or hidden; one that reaches a visible row reconfigures it.
  @Test func updatesOutOfViewLeaveTheVisibleCellsAlone() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<100))
    harness.controller.collectionView.scrollToTop()
    let configures = harness.controller.collectionView.configureCount
    harness.log.clearEvents()
    harness.dataSource.append(TranscriptHarness.items(100..<101))
    harness.dataSource.replace(at: 50, with: TestItem(id: "m50", height: 2, text: "edited"))
    harness.controller.applyPendingUpdates()
    let cellEvents = { harness.log.events.filter { !$0.hasPrefix("update ") } }
    #expect(harness.controller.collectionView.configureCount == configures)
    #expect(cellEvents().isEmpty)
    #expect(harness.visibleIDs == (0..<10).map { "m\($0)" })
    harness.dataSource.replace(at: 3, with: TestItem(id: "m3", height: 1, text: "edited"))
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.collectionView.configureCount == configures + 1)
    #expect(cellEvents() == ["configure m3"])
  }

  @Test func decoratorInjectsRowsAroundItems() {
    let harness = TranscriptHarness(
      items: [TestItem(id: "a", text: "x"), TestItem(id: "b", text: "x!"), TestItem(id: "c", text: "y")],
      decorator: TestDecorator())
    #expect(harness.layoutDump == ["a 0 1", "b 1 2", "b/status 4 1", "c/separator 6 1", "c 7 2"])
    #expect(harness.controller.itemCount == 3)
    #expect(harness.controller.rowCount == 5)
    #expect(harness.controller.decoration(atRow: 1).showsTail)
    #expect(!harness.controller.decoration(atRow: 0).showsTail)
  }

  @Test func widthChangeRemeasuresAndHitsTheCacheWhenFlippingBack() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<50))
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.controller.setViewportSize(width: 60, height: 10)
    harness.controller.applyPendingUpdates()
    #expect(last?.measuredHeightCount == 50)
    harness.controller.setViewportSize(width: 40, height: 10)
    harness.controller.applyPendingUpdates()
    #expect(last?.measuredHeightCount == 0, "heights for width 40 come from the cache")
    #expect(harness.controller.collectionView.viewport.width == 40)
  }

  /// Of more heights than the cache holds, the newest rows' are kept: flipping the width
  /// back finds the last rows' heights and measures the rest.
  @Test func aLongMeasurementCachesTheNewestRows() {
    var configuration = ChatTranscriptController.Configuration()
    configuration.heightCacheCapacity = 100
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<500), configuration: configuration)
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.controller.setViewportSize(width: 60, height: 10)
    harness.controller.applyPendingUpdates()
    #expect(last?.measuredHeightCount == 500)
    harness.controller.setViewportSize(width: 40, height: 10)
    harness.controller.applyPendingUpdates()
    // Width 40's heights were stored at the first layout: the last 50 rows' only.
    #expect(last?.measuredHeightCount == 450)
    #expect(harness.controller.contentHeight == 500)
  }

  @Test func invalidatingHeightsRemeasuresEveryRowOnce() {
    let counter = HeightCounter()
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<300), counter: counter)
    #expect(counter.value == 300)
    var completed = false
    harness.controller.invalidateHeights { completed = true }
    harness.controller.applyPendingUpdates()
    #expect(counter.value == 600, "every row measured again, none served from the cache")
    #expect(completed)
    harness.controller.requestUpdate()
    harness.controller.applyPendingUpdates()
    #expect(counter.value == 600, "an ordinary update after it measures nothing")
  }

  /// The last row's margin is 3, the others' 1: an append changes the previous last row's
  /// margin only, which moves the rows below it but measures nothing but the new row.
  @Test func aChangeOfMarginAloneKeepsTheRowsHeight() {
    struct LastRowMargin: ChatItemsDecorator {
      var reach: Int { 1 }
      func decorate(_ context: DecorationContext) -> DecoratedItems {
        DecoratedItems(decoration: ChatItemDecoration(bottomMargin: context.next == nil ? 3 : 1))
      }
    }
    let counter = HeightCounter()
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<3, height: 2), decorator: LastRowMargin(), counter: counter)
    #expect(counter.value == 3)
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.dataSource.append(TranscriptHarness.items(3..<4, height: 2))
    harness.controller.applyPendingUpdates()
    #expect(counter.value == 4, "only the new row is measured")
    #expect(harness.layoutDump == ["m0 0 2", "m1 3 2", "m2 6 2", "m3 9 2"])
    #expect(harness.controller.contentHeight == 14)
    #expect(last?.rowChanges.reloadedRows == [2], "the row whose margin changed is reloaded")
  }

  @Test func ownerOnlyPresentersAreMeasuredOnTheOwner() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<20), background: false)
    #expect(harness.log.ownerHeights == 20)
  }

  @Test func backgroundHeightsRunOffTheOwnerAndMatch() async {
    let counter = HeightCounter()
    let harness = TranscriptHarness(counter: counter)
    var last: TranscriptUpdate?
    harness.controller.onUpdate = { last = $0 }
    harness.dataSource.append((0..<5000).map { TestItem(id: "m\($0)", height: Double($0 % 7)) })
    await harness.controller.applyPendingUpdatesInBackground()
    #expect(last?.backgroundHeightCount == 5000)
    #expect(counter.value == 5000)
    #expect(harness.log.ownerHeights == 0)
    let expected = (0..<5000).reduce(0.0) { $0 + Double($1 % 7) }
    #expect(harness.controller.contentHeight == expected)
  }

  @Test func requestsDuringABackgroundUpdateAreCoalescedIntoTheNext() async {
    let harness = TranscriptHarness()
    var updates: [Int] = []
    harness.controller.onUpdate = { updates.append($0.requestCount) }
    harness.dataSource.append(TranscriptHarness.items(0..<3000))
    // Enqueue more while the first update is measuring off the owner.
    harness.controller.onUpdate = { update in
      updates.append(update.requestCount)
      if updates.count == 1 {
        harness.dataSource.append(TranscriptHarness.items(3000..<3001))
        harness.dataSource.append(TranscriptHarness.items(3001..<3002))
      }
    }
    await harness.controller.applyPendingUpdatesInBackground()
    #expect(updates == [1, 2])
    #expect(harness.controller.itemCount == 3002)
  }
}

@Suite struct DecorationContextTests {
  @Test func neighboursComeFromTheListAndStopAtItsEnds() {
    let items: [any ChatItem] = [TestItem(id: "a"), TestItem(id: "b"), TestItem(id: "c")]
    let context = DecorationContext(items: items, index: 1)
    #expect(context.item.id == "b")
    #expect(context.index == 1)
    #expect(context.previous?.id == "a")
    #expect(context.next?.id == "c")
    #expect(context.item(at: -2) == nil)
    #expect(context.item(at: .max) == nil)
    #expect(context.item(at: .min) == nil)
  }

  @Test func aRunReadsItemsAroundItWithoutContexts() {
    let items: [any ChatItem] = ["a", "b", "c", "d", "e"].map { TestItem(id: $0) }
    let run = DecorationRun(items: items, range: 1..<4)
    #expect(run.count == 3)
    #expect((-1...3).map { run.item(at: $0)?.id } == ["a", "b", "c", "d", "e"])
    #expect(run.item(at: -2) == nil)
    #expect(run.item(at: 4) == nil)
    #expect(run.item(at: .max) == nil)
    #expect(run.item(at: .min) == nil)
    #expect((0..<3).map { run.context($0).item.id } == ["b", "c", "d"])
  }
}

/// ``TestDecorator``, counting the items it decorates.
private struct CountingDecorator: ChatItemsDecorator {
  final class Counter: Sendable {
    let count = Atomic<Int>(0)
  }

  let counter = Counter()

  var reach: Int { TestDecorator().reach }

  func decorate(_ context: DecorationContext) -> DecoratedItems {
    counter.count.add(1, ordering: .relaxed)
    return TestDecorator().decorate(context)
  }

  func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact {
    TestDecorator().impactOfReplacing(old, with: new)
  }
}
