import ChatTranscript
import TestSupport
import Testing

/// Every update says what it did to the rows, as a batch update: exact edits, diffs, width
/// changes and reloads.
@Suite struct RowChangesTests {
  /// A harness with the test decorator, its updates checked and recorded.
  final class Recorder {
    let harness: TranscriptHarness
    let checker: RowChangesChecker
    var changes: [RowChanges] = []

    init(_ items: [any ChatItem]) {
      harness = TranscriptHarness(items: items, decorator: TestDecorator())
      checker = RowChangesChecker(harness.controller)
      harness.controller.onUpdate = { [unowned self] update in
        checker.check(update)
        changes.append(update.rowChanges)
      }
    }

    func apply() -> RowChanges? {
      changes = []
      harness.controller.applyPendingUpdates()
      return changes.last
    }
  }

  static func item(_ id: String, _ text: String, height: Double = 1) -> TestItem {
    TestItem(id: id, height: height, text: text)
  }

  @Test func anAppendToAGroupInsertsItsRowAndReloadsTheRowThatLostItsTail() throws {
    let recorder = Recorder([Self.item("a1", "a"), Self.item("a2", "a")])
    recorder.harness.dataSource.append([Self.item("a3", "a")])
    let changes = try #require(recorder.apply())
    // a2 loses its tail: a new decoration and a height one row shorter.
    #expect(changes == RowChanges(insertedRows: [2], reloadedRows: [1]))
    #expect(recorder.checker.failures.isEmpty, "\(recorder.checker.failures)")
  }

  @Test func aDeleteTakesTheInjectedRowsWithIt() throws {
    // Rows: a1, b1/separator, b1, b1/status.
    let recorder = Recorder([Self.item("a1", "a"), Self.item("b1", "b!")])
    #expect(recorder.harness.controller.rowCount == 4)
    recorder.harness.dataSource.remove(1..<2)
    let changes = try #require(recorder.apply())
    #expect(changes == RowChanges(deletedRows: [1, 2, 3]))
    #expect(recorder.checker.failures.isEmpty, "\(recorder.checker.failures)")
  }

  @Test func aMovedItemIsOneMoveNotADeleteAndAnInsert() throws {
    let items = (0..<5).map { Self.item("m\($0)", "\(["a", "b", "c", "d", "e"][$0])") }
    let recorder = Recorder(items)
    let rowsBefore = recorder.harness.controller.rowCount
    recorder.harness.dataSource.move(from: 4, to: 0)
    let changes = try #require(recorder.apply())
    #expect(changes.deletedRows.allSatisfy { recorder.checker.rows.indices.contains($0) })
    #expect(changes.movedRows.contains { recorder.harness.controller.item(atRow: $0.to).id == "m4" })
    #expect(!changes.insertedRows.contains { recorder.harness.controller.item(atRow: $0).id == "m4" })
    #expect(recorder.harness.controller.rowCount == rowsBefore)
    #expect(recorder.checker.failures.isEmpty, "\(recorder.checker.failures)")
  }

  @Test func aWidthChangeReloadsOnlyRowsWhoseHeightChanged() throws {
    // Test heights do not depend on the width: a resize changes no row.
    let recorder = Recorder((0..<6).map { Self.item("m\($0)", $0 < 3 ? "a" : "b") })
    recorder.harness.controller.setViewportSize(width: 25, height: 10)
    #expect(try #require(recorder.apply()) == RowChanges())
    // New content for every item of group "b", same heights: only their rows reload.
    recorder.harness.dataSource.setItems((0..<6).map { Self.item("m\($0)", $0 < 3 ? "a" : "bb") })
    recorder.harness.controller.setViewportSize(width: 30, height: 10)
    let changes = try #require(recorder.apply())
    #expect(
      changes.reloadedRows.map { recorder.harness.controller.item(atRow: $0).id } == ["m3", "m4", "m5"])
    #expect(changes.insertedRows.isEmpty && changes.deletedRows.isEmpty && changes.movedRows.isEmpty)
    #expect(recorder.checker.failures.isEmpty, "\(recorder.checker.failures)")
  }

  @Test func contentChangedAndChangedBackInOneUpdateReloadsNothing() throws {
    let recorder = Recorder([Self.item("a1", "a"), Self.item("a2", "a")])
    recorder.harness.dataSource.replace(at: 0, with: Self.item("a1", "ax"))
    recorder.harness.dataSource.replace(at: 0, with: Self.item("a1", "a"))
    #expect(try #require(recorder.apply()) == RowChanges())
  }

  @Test func editsAtBothEndsCostTheirOwnRowsAndAreReportedApart() throws {
    let items = (0..<200).map { Self.item("m\($0)", $0.isMultiple(of: 7) ? "b" : "a") }
    let recorder = Recorder(items)
    let rowCount = recorder.harness.controller.rowCount
    recorder.harness.dataSource.insert([Self.item("p0", "a")], at: 0, type: .pagination)
    recorder.harness.dataSource.append([Self.item("n0", "c!")])
    let changes = try #require(recorder.apply())
    // p0, then m0's new day separator; at the end n0's separator, n0 and its status row.
    let end = rowCount + 2
    #expect(changes == RowChanges(insertedRows: [0, 1, end, end + 1, end + 2]))
    #expect(recorder.checker.failures.isEmpty, "\(recorder.checker.failures)")
  }

  @Test func theFirstLoadInsertsEveryRowAndAReloadMayKeepThem() throws {
    let harness = TranscriptHarness(decorator: TestDecorator())
    var changes: [RowChanges] = []
    harness.controller.onUpdate = { changes.append($0.rowChanges) }
    harness.dataSource.setItems([Self.item("a1", "a"), Self.item("b1", "b")], type: .firstLoad)
    harness.controller.applyPendingUpdates()
    #expect(changes == [RowChanges(insertedRows: [0, 1, 2])])
    let checker = RowChangesChecker(harness.controller)
    harness.controller.onUpdate = { checker.check($0) }
    harness.dataSource.setItems([Self.item("b1", "b"), Self.item("a1", "a")], type: .reload)
    harness.controller.applyPendingUpdates()
    #expect(checker.checkedUpdates == 1)
    #expect(checker.failures.isEmpty, "\(checker.failures)")
  }

  @Test func appliedRebuildsTheNewRowsAndRefusesChangesThatDoNotFit() {
    let changes = RowChanges(deletedRows: [1], insertedRows: [0], movedRows: [RowMove(from: 3, to: 1)])
    let rebuilt = changes.applied(to: ["a", "b", "c", "d"], newRowCount: 4) { "new\($0)" }
    #expect(rebuilt == ["new0", "d", "a", "c"])
    #expect(changes.applied(to: ["a", "b"], newRowCount: 4) { "new\($0)" } == nil)
    #expect(RowChanges(deletedRows: [0, 0]).applied(to: ["a"], newRowCount: 0) { _ in "" } == nil)
    #expect(RowChanges(insertedRows: [0]).applied(to: ["a"], newRowCount: 1) { _ in "" } == nil)
  }
}
