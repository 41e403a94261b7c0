import ChatTranscript

/// What the updates applied for one burst did, merged: rows that appeared, rows whose content
/// changed, items that left.
///
/// A burst may take more than one engine update (the controller starts another when requests
/// arrive during one); the follow output is per burst, so their rows are merged here. Rows are
/// named by ``RowID``: an item whose id equals an injected row's (`"m1/day"`) is another row.
///
/// Most bursts take one update, which is kept as it came (``onlyUpdate``): its new and changed
/// rows are already listed by index (``RowChanges``), so a display need not hash, look up and
/// sort thousands of ids to find them. The sets are built when a second update comes.
struct ChangeSet {
  private(set) var insertedRows: Set<RowID> = []
  private(set) var updatedRows: Set<RowID> = []
  /// Ids of data-source items that were there when the burst began and have left, in the
  /// order the engine reported them: an item that came and went within the burst is not here.
  private(set) var deletedIDs: [String] = []
  /// Rows that left in the last update that changed them: gone by the end of the burst,
  /// unless a stream item came back as a row of another type (its type changed), which only the
  /// transcript can tell.
  private(set) var goneRows: Set<RowID> = []
  /// The burst's update while it has had only one, not yet merged into the sets.
  private(set) var onlyUpdate: TranscriptUpdate?
  private var updateCount = 0

  /// Rows that appeared or changed and are still there: what a display draws.
  ///
  /// Every one of them is in the transcript, so a search for them can stop once it has found
  /// them all instead of searching the whole transcript for a row that left.
  ///
  /// - Parameter holdsItem: whether the transcript holds a stream item with this id. Injected
  ///   rows (separators, status rows) and the typing row never change type, so for them having
  ///   left is enough.
  func shownRows(holdsItem: (String) -> Bool) -> Set<RowID> {
    insertedRows.union(updatedRows).filter { (!$0.isInjected && holdsItem($0.id)) || !goneRows.contains($0) }
  }

  mutating func add(_ update: TranscriptUpdate) {
    updateCount += 1
    if updateCount == 1 {
      onlyUpdate = update
      deletedIDs = update.deletedIDs
      return
    }
    if let first = onlyUpdate {
      onlyUpdate = nil
      deletedIDs = []
      merge(first)
    }
    merge(update)
  }

  private mutating func merge(_ update: TranscriptUpdate) {
    // An update reports only rows it found (``TranscriptUpdate/deletedRows``); one that an
    // earlier update of the burst brought was never shown. Read before this update's rows
    // join the set.
    for row in update.deletedRows where !row.isInjected && !insertedRows.contains(row) {
      deletedIDs.append(row.id)
    }
    insertedRows.formUnion(update.insertedRows)
    updatedRows.formUnion(update.updatedRows)
    // A row taken out and put back within one update is neither inserted nor deleted, so a row
    // both inserted and deleted left after it came (or came back as another type); a later
    // update may bring it back.
    let deleted = Set(update.deletedRows)
    goneRows.formUnion(deleted)
    for row in update.insertedRows where !deleted.contains(row) { goneRows.remove(row) }
    for row in update.updatedRows where !deleted.contains(row) { goneRows.remove(row) }
  }
}
