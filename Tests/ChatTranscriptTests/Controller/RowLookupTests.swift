import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// Finding an item's row by id through the id index.
@Suite struct RowLookupTests {
  @Test func lookupsFollowEditsAcrossChunksOnTheOwnerAndInTheBackground() async {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<3_000), decorator: TestDecorator())
    #expect(harness.controller.row(ofItemWithID: "m1500") == 1_500)
    var random = SeededRandom(seed: 11)
    for step in 0..<60 {
      let source = harness.dataSource
      let count = source.items.count
      switch random.int(in: 0...3) {
      case 0:
        source.insert(
          TranscriptHarness.items(10_000 + step * 700..<10_700 + step * 700), at: random.int(in: 0...count))
      case 1: source.remove(random.int(in: 0...count / 2)..<random.int(in: count / 2...count))
      case 2: source.move(from: random.int(in: 0...count - 1), to: random.int(in: 0...count - 2))
      default: source.insert(TranscriptHarness.items(50_000 + step..<50_001 + step), at: 0, type: .pagination)
      }
      if step.isMultiple(of: 2) {
        harness.controller.applyPendingUpdates()
      } else {
        await harness.controller.applyPendingUpdatesInBackground()
      }
      let ids = source.items.map(\.id)
      for _ in 0..<50 where !ids.isEmpty {
        let id = ids[random.int(in: 0...ids.count - 1)]
        let row = harness.controller.row(ofItemWithID: id)
        #expect(row.map { harness.controller.item(atRow: $0).id } == id, "step \(step), id \(id)")
      }
      #expect(harness.controller.row(ofItemWithID: "m-none") == nil)
    }
  }

  /// Past 98,304 ids the index's table is 2 MiB or more (262,144 slots) and gets a mapping of
  /// its own, which later updates edit.
  @Test func aTableLargeEnoughForItsOwnMappingFindsEveryRow() {
    let harness = TranscriptHarness(items: TranscriptHarness.items(0..<99_000), decorator: TestDecorator())
    #expect(harness.controller.row(ofItemWithID: "m98999") == 98_999)
    harness.dataSource.insert(TranscriptHarness.items(99_000..<100_000), at: 50_000)
    harness.controller.applyPendingUpdates()
    var random = SeededRandom(seed: 5)
    for _ in 0..<2_000 {
      let index = random.int(in: 0...99_999)
      let expected = index < 50_000 ? index : index < 99_000 ? index + 1_000 : index - 49_000
      #expect(harness.controller.row(ofItemWithID: "m\(index)") == expected)
    }
    #expect(harness.controller.row(ofItemWithID: "m100000") == nil)
  }

  @Test func aRepeatedIdIsFoundWhileAnyRowShowsIt() {
    let harness = TranscriptHarness(
      items: [TestItem(id: "a"), TestItem(id: "dup"), TestItem(id: "b"), TestItem(id: "dup", type: "other")])
    #expect(harness.controller.row(ofItemWithID: "dup") != nil)
    harness.dataSource.remove(1..<2)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.row(ofItemWithID: "dup") == 2)
    harness.dataSource.remove(2..<3)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.row(ofItemWithID: "dup") == nil)
    #expect(harness.controller.row(ofItemWithID: "b") == 1)
  }

  /// Ids compare by their bytes, as JSON does: canonically equivalent spellings are two ids.
  @Test func canonicallyEquivalentIdsAreDifferentIds() {
    let harness = TranscriptHarness(items: [TestItem(id: "caf\u{E9}"), TestItem(id: "\u{212B}")])
    #expect(harness.controller.row(ofItemWithID: "caf\u{E9}") == 0)
    #expect(harness.controller.row(ofItemWithID: "cafe\u{301}") == nil)
    #expect(harness.controller.row(ofItemWithID: "\u{212B}") == 1)
    #expect(harness.controller.row(ofItemWithID: "\u{C5}") == nil)
  }

  /// An id repeated past what the index counts is still found, and not found once it is gone.
  @Test func anIdRepeatedPastTheCountIsFoundAndLost() {
    let repeated = (0..<70_000).map { _ in TestItem(id: "same") as any ChatItem }
    let harness = TranscriptHarness(items: [TestItem(id: "first")] + repeated + [TestItem(id: "last")])
    #expect(harness.controller.row(ofItemWithID: "same") != nil)
    harness.dataSource.remove(1..<70_001)
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.row(ofItemWithID: "same") == nil)
    #expect(harness.controller.row(ofItemWithID: "last") == 1)
  }
}
