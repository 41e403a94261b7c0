import ChatTranscript

/// What the updates applied for one burst did, merged: rows that appeared, rows whose content
/// changed, rows that left.
///
/// A burst may take more than one engine update (the controller starts another when requests
/// arrive during one); the follow output is per burst, so their ids are merged here.
struct ChangeSet {
  var insertedIDs: Set<String> = []
  var updatedIDs: Set<String> = []
  /// In the order the engine reported them.
  var deletedIDs: [String] = []
  /// Ids of rows that left in the last update that changed them: gone by the end of the burst,
  /// unless a stream item came back as a row of another type (its type changed), which only the
  /// transcript can tell. An item inserted and deleted within one update is here.
  private(set) var goneIDs: Set<String> = []

  var isEmpty: Bool { insertedIDs.isEmpty && updatedIDs.isEmpty && deletedIDs.isEmpty }

  /// Rows that appeared or changed and are still there: what a display draws.
  ///
  /// Every one of them is in the transcript, so a search for them can stop once it has found
  /// them all instead of searching the whole transcript for a row that left.
  ///
  /// - Parameter holdsItem: whether the transcript holds a stream item with this id. Injected
  ///   rows (separators, status rows, the typing row) never change type, so for them having
  ///   left is enough.
  func shownIDs(holdsItem: (String) -> Bool) -> Set<String> {
    insertedIDs.union(updatedIDs).filter { holdsItem($0) || !goneIDs.contains($0) }
  }

  mutating func add(_ update: TranscriptUpdate) {
    insertedIDs.formUnion(update.insertedIDs)
    updatedIDs.formUnion(update.updatedIDs)
    deletedIDs.append(contentsOf: update.deletedIDs)
    // A row taken out and put back within one update is neither inserted nor deleted, so an id
    // both inserted and deleted left after it came (or came back as another type); a later
    // update may bring it back.
    let deleted = Set(update.deletedIDs)
    goneIDs.formUnion(deleted)
    for id in update.insertedIDs where !deleted.contains(id) { goneIDs.remove(id) }
    for id in update.updatedIDs where !deleted.contains(id) { goneIDs.remove(id) }
  }
}
