/// What an update did to the rows, in the terms of a batch update (`performBatchUpdates`):
/// a UI applies it to the rows it shows instead of reloading them.
///
/// Removing ``deletedRows`` and the sources of ``movedRows`` from the old rows leaves the
/// unmoved rows in order; they fill the new indexes that nothing was inserted or moved to, and
/// the result is exactly the new rows. Injected rows (separators, status rows) are rows like
/// any other.
public struct RowChanges: Sendable, Equatable, Codable {
  /// Ascending indexes into the rows before the update.
  public var deletedRows: [Int]
  /// Ascending indexes into the rows after the update.
  public var insertedRows: [Int]
  /// Rows kept but moved, from their old index to their new one, in order of `to`. Only the
  /// fewest moves that restore the new order are listed, not every row that merely shifted.
  public var movedRows: [RowMove]
  /// Ascending new indexes of kept rows (moved or not) whose item content, decoration or
  /// height changed: every such row, and no other.
  public var reloadedRows: [Int]

  public init(
    deletedRows: [Int] = [], insertedRows: [Int] = [], movedRows: [RowMove] = [], reloadedRows: [Int] = []
  ) {
    self.deletedRows = deletedRows
    self.insertedRows = insertedRows
    self.movedRows = movedRows
    self.reloadedRows = reloadedRows
  }

  /// Whether the update left every row as it was.
  public var isEmpty: Bool {
    deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && reloadedRows.isEmpty
  }

  /// The lowest index, old or new, that a change touches: the rows before it are the same
  /// rows at the same indexes, with the same heights. `nil` when nothing changed.
  var firstChangedRow: Int? {
    var first = Int.max
    if let row = deletedRows.first { first = min(first, row) }
    if let row = insertedRows.first { first = min(first, row) }
    if let row = reloadedRows.first { first = min(first, row) }
    for move in movedRows { first = min(first, move.from, move.to) }
    return first == .max ? nil : first
  }

  /// The rows after the update, made from `oldRows` by these changes, with `newRow(index)`
  /// giving the rows that came in: what a client keeping its own copy of the rows does.
  ///
  /// - Returns: `nil` when the changes do not fit `oldRows` (an index out of range, or a
  ///   destination claimed twice).
  public func applied<Row>(to oldRows: [Row], newRowCount: Int, newRow: (Int) -> Row) -> [Row]? {
    var leaving = [Bool](repeating: false, count: oldRows.count)
    for index in deletedRows + movedRows.map(\.from) {
      guard oldRows.indices.contains(index), !leaving[index] else { return nil }
      leaving[index] = true
    }
    var result = [Row?](repeating: nil, count: newRowCount)
    for index in insertedRows {
      guard result.indices.contains(index), result[index] == nil else { return nil }
      result[index] = newRow(index)
    }
    for move in movedRows {
      guard result.indices.contains(move.to), result[move.to] == nil else { return nil }
      result[move.to] = oldRows[move.from]
    }
    var staying = oldRows.indices.lazy.filter { !leaving[$0] }.makeIterator()
    for index in result.indices where result[index] == nil {
      guard let old = staying.next() else { return nil }
      result[index] = oldRows[old]
    }
    guard staying.next() == nil else { return nil }
    return result.compactMap { $0 }
  }
}

/// A kept row that changed position: `from` indexes the rows before the update, `to` those
/// after it.
public struct RowMove: Sendable, Hashable, Codable {
  public var from: Int
  public var to: Int

  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}
