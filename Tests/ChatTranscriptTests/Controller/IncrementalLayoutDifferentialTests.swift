import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// Random edit sequences: the incrementally maintained transcript must equal one built from
/// scratch from the same items, and every reported diff and every update's row changes must
/// turn the old rows into the new; id lookups must find every row; the visible cells must
/// show the rows in view, where they are, as they are now.
@Suite struct IncrementalLayoutDifferentialTests {
  static func randomItem(_ random: inout SeededRandom, id: Int) -> TestItem {
    let texts = ["a", "a", "b", "b!", "c"]
    return TestItem(
      id: "i\(id)", height: Double(random.int(in: 0...3)), text: texts[random.int(in: 0...texts.count - 1)])
  }

  /// The rows of a transcript with everything that must match: id, frame and decoration.
  static func snapshot(_ controller: ChatTranscriptController) -> [String] {
    (0..<controller.rowCount).map { row in
      let frame = controller.frame(ofRow: row)
      let decoration = controller.decoration(atRow: row)
      return "\(controller.item(atRow: row).id) y\(frame.minY) h\(frame.height) w\(frame.width) "
        + "m\(decoration.bottomMargin) t\(decoration.showsTail)"
    }
  }

  @Test func tenThousandRandomSequencesMatchARecompute() {
    for seed in 0..<10_000 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      func makeItems(_ count: Int) -> [any ChatItem] {
        (0..<count).map { _ in
          nextID += 1
          return Self.randomItem(&random, id: nextID)
        }
      }
      let harness = TranscriptHarness(items: makeItems(random.int(in: 0...12)), decorator: TestDecorator())
      harness.dataSource.reportsCoarsely = random.chance(0.2)
      var previousRows = harness.controller.rowFrames.map(\.id)
      var diffsHold = true
      let rowChanges = RowChangesChecker(harness.controller)
      // Half the runs look ids up from the start, so the id index is kept through every edit.
      let looksUpEarly = random.chance(0.5)
      var lookupsHold = true
      var cellsHold = true
      harness.controller.onUpdate = { update in
        cellsHold = cellsHold && Self.visibleCellsHold(harness.controller)
        let newRows = harness.controller.rowFrames.map(\.id)
        if let diff = update.diff {
          diffsHold = diffsHold && Self.apply(diff, old: previousRows, new: newRows) == newRows
        }
        previousRows = newRows
        rowChanges.check(update)
        if looksUpEarly { lookupsHold = lookupsHold && Self.idLookupsHold(harness.controller) }
      }
      var width = 40.0
      // Some runs queue many edits per update: batches long enough to be folded into windows.
      let queuesLongBatches = random.chance(0.3)
      for _ in 0..<(queuesLongBatches ? random.int(in: 8...24) : random.int(in: 1...8)) {
        let count = harness.dataSource.items.count
        switch random.int(in: 0...6) {
        case 0:
          harness.dataSource.insert(makeItems(random.int(in: 1...3)), at: random.int(in: 0...count))
        case 1 where count > 0:
          let start = random.int(in: 0...count - 1)
          harness.dataSource.remove(start..<min(count, start + random.int(in: 1...3)))
        case 2 where count > 1:
          harness.dataSource.move(from: random.int(in: 0...count - 1), to: random.int(in: 0...count - 2))
        case 3 where count > 0:
          let index = random.int(in: 0...count - 1)
          var item = Self.randomItem(&random, id: 0)
          item.id = harness.dataSource.items[index].id
          harness.dataSource.replace(at: index, with: item)
        case 4:
          harness.dataSource.insert(makeItems(random.int(in: 1...4)), at: 0, type: .pagination)
        case 5:
          // A reader away from the bottom: updates below the viewport leave its cells alone.
          let collectionView = harness.controller.collectionView
          collectionView.setContentOffset(
            Double(random.int(in: 0...Int(collectionView.maximumContentOffset))))
        default:
          width = Double(random.int(in: 20...60))
          harness.controller.setViewportSize(width: width, height: 10)
        }
        if random.chance(queuesLongBatches ? 0.1 : 0.5) { harness.controller.applyPendingUpdates() }
      }
      harness.controller.applyPendingUpdates()
      let fresh = TranscriptHarness(
        items: harness.dataSource.items, decorator: TestDecorator(),
        viewport: Viewport(width: width, height: 10))
      let incremental = Self.snapshot(harness.controller)
      let recomputed = Self.snapshot(fresh.controller)
      #expect(incremental == recomputed, "seed \(seed)")
      #expect(diffsHold, "seed \(seed)")
      #expect(rowChanges.failures.isEmpty, "seed \(seed): \(rowChanges.failures)")
      lookupsHold = lookupsHold && Self.idLookupsHold(harness.controller)
      #expect(lookupsHold, "seed \(seed)")
      #expect(cellsHold, "seed \(seed)")
      if incremental != recomputed || !diffsHold || !rowChanges.failures.isEmpty || !lookupsHold || !cellsHold
      {
        return
      }
    }
  }

  /// Whether the visible cells are those of the rows in view, at their frames, showing their
  /// items' current text.
  static func visibleCellsHold(_ controller: ChatTranscriptController) -> Bool {
    let collectionView = controller.collectionView
    let cells = collectionView.visibleCells
    let inView = controller.rows(
      intersectingY: collectionView.viewport.contentOffset, height: collectionView.viewport.height)
    guard cells.map(\.row) == Array(inView) else { return false }
    return cells.allSatisfy { row, cell in
      guard let item = controller.item(atRow: row) as? TestItem, let cell = cell as? TestCell else {
        return false
      }
      return cell.frame == controller.frame(ofRow: row)
        && cell.label.text == (item.text.isEmpty ? item.id : "\(item.id): \(item.text)")
    }
  }

  /// Whether `row(ofItemWithID:)` finds every item row's id at that row, and no other id.
  static func idLookupsHold(_ controller: ChatTranscriptController) -> Bool {
    let rows = (0..<controller.rowCount).map { controller.rowID(atRow: $0) }
    for id in rows {
      // Injected rows are never found: their ids belong to no item here.
      let found = controller.row(ofItemWithID: id.id)
      guard id.isInjected ? found == nil : found.map({ rows[$0] }) == id else { return false }
    }
    return controller.row(ofItemWithID: "absent") == nil
  }

  /// Applies a row diff: remove deletions and move sources, then place insertions and moves.
  static func apply(_ diff: ChatItemsDiff, old: [String], new: [String]) -> [String] {
    let removed = Set(diff.deletions).union(diff.moves.map(\.from))
    var rows = old.indices.filter { !removed.contains($0) }.map { old[$0] }
    var placed: [Int: String] = [:]
    for index in diff.insertions { placed[index] = new[index] }
    for move in diff.moves { placed[move.to] = old[move.from] }
    for index in placed.keys.sorted() where index <= rows.count {
      rows.insert(placed[index] ?? "", at: index)
    }
    return rows
  }
}
