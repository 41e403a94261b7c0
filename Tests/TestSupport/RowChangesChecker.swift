import ChatTranscript

/// Checks each update's ``RowChanges`` as a UI keeping its own copy of the rows would use
/// them: applied to the rows before the update they must give the rows after it, kept rows
/// must be the same items, and the reloaded rows must be exactly the kept rows that show
/// something else.
public final class RowChangesChecker {
  /// What a client shows of a row.
  public struct Row: Equatable {
    public var key: ChatItemKey
    public var item: any ChatItem
    public var decoration: ChatItemDecoration
    public var height: Double

    /// Items compare by their content (`hasSameContent(as:)`): a description may not show it
    /// (a `StreamItem` prints only its storage).
    public static func == (lhs: Row, rhs: Row) -> Bool {
      lhs.key == rhs.key && lhs.decoration == rhs.decoration && lhs.height == rhs.height
        && lhs.item.hasSameContent(as: rhs.item)
    }
  }

  public private(set) var rows: [Row]
  /// What went wrong, one line per problem, prefixed with the update's number.
  public private(set) var failures: [String] = []
  public private(set) var checkedUpdates = 0
  private let controller: ChatTranscriptController

  public init(_ controller: ChatTranscriptController) {
    self.controller = controller
    rows = Self.rows(of: controller)
  }

  public static func rows(of controller: ChatTranscriptController) -> [Row] {
    (0..<controller.rowCount).map { index in
      let item = controller.item(atRow: index)
      return Row(
        key: ChatItemKey(item), item: item, decoration: controller.decoration(atRow: index),
        height: controller.frame(ofRow: index).height)
    }
  }

  /// Checks `update` against the rows seen before it, then remembers the rows after it.
  public func check(_ update: TranscriptUpdate) {
    checkedUpdates += 1
    let new = Self.rows(of: controller)
    defer { rows = new }
    let changes = update.rowChanges
    func fail(_ message: String) { failures.append("update \(checkedUpdates): \(message)") }
    for (name, list) in [
      ("deleted", changes.deletedRows), ("inserted", changes.insertedRows),
      ("reloaded", changes.reloadedRows),
    ] where list != list.sorted() || Set(list).count != list.count {
      fail("\(name) rows not ascending and distinct: \(list)")
    }
    guard
      let origins = changes.applied(
        to: rows.indices.map { Optional($0) }, newRowCount: new.count, newRow: { _ in nil })
    else {
      return fail("changes do not fit \(rows.count) old and \(new.count) new rows: \(changes)")
    }
    var expectedReloads: [Int] = []
    for (index, origin) in origins.enumerated() {
      guard let origin else { continue }
      let old = rows[origin]
      if old.key != new[index].key {
        fail("new row \(index) (\(new[index].key.id)) made from old row \(origin) (\(old.key.id))")
      } else if old != new[index] {
        expectedReloads.append(index)
      }
    }
    // An item present once before and once after is kept, not deleted and inserted again.
    var oldCounts: [ChatItemKey: Int] = [:]
    var newCounts: [ChatItemKey: Int] = [:]
    for row in rows { oldCounts[row.key, default: 0] += 1 }
    for row in new { newCounts[row.key, default: 0] += 1 }
    for index in origins.indices where origins[index] == nil {
      let key = new[index].key
      if oldCounts[key] == 1, newCounts[key] == 1 {
        fail("row \(index) (\(key.id)) reported inserted though it was kept")
      }
    }
    if expectedReloads != changes.reloadedRows {
      fail("reloaded rows \(changes.reloadedRows), changed rows \(expectedReloads)")
    }
  }
}
