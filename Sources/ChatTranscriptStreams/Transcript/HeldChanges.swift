import ChatTranscript

/// The edits ``StreamTranscript/performBatchUpdates(_:)`` holds until its batch ends, in
/// order, with one-item inserts that follow on from each other (a burst of appends) merged
/// into one insert.
struct HeldChanges {
  private var closed: [ChatItemsChange] = []
  /// The last edit while it is an insert the next one may continue: kept apart so that
  /// continuing it appends to its items in place.
  private var openInsert: (items: [any ChatItem], index: Int)?

  var isEmpty: Bool { closed.isEmpty && openInsert == nil }

  /// Holds the insert of `item` at `index`.
  mutating func insert(_ item: any ChatItem, at index: Int) {
    // Read field by field: binding the whole insert would share its items and make the append
    // copy them.
    if let start = openInsert?.index, let count = openInsert?.items.count, start + count == index {
      openInsert?.items.append(item)
    } else {
      closeInsert()
      openInsert = ([item], index)
    }
  }

  /// Holds `changes`, after everything held so far.
  mutating func append(contentsOf changes: [ChatItemsChange]) {
    closeInsert()
    closed.append(contentsOf: changes)
  }

  /// The held edits, in order; none are held after.
  mutating func take() -> [ChatItemsChange] {
    closeInsert()
    defer { closed = [] }
    return closed
  }

  private mutating func closeInsert() {
    guard let open = openInsert else { return }
    openInsert = nil
    closed.append(.insert(open.items, at: open.index))
  }
}
