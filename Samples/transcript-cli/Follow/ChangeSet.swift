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

  var isEmpty: Bool { insertedIDs.isEmpty && updatedIDs.isEmpty && deletedIDs.isEmpty }

  mutating func add(_ update: TranscriptUpdate) {
    insertedIDs.formUnion(update.insertedIDs)
    updatedIDs.formUnion(update.updatedIDs)
    deletedIDs.append(contentsOf: update.deletedIDs)
  }
}
