extension ChatTranscriptController {
  /// A row an edit took out, and the old row it showed (``RowChangeTracker/fresh`` for one
  /// made earlier in the update).
  struct RemovedRow {
    var row: TranscriptLayout.Row
    var origin: Int
  }

  /// The rows an update's edits took out, by key, until a later edit of the same update takes
  /// one back: a moved item keeps its presenter and height.
  ///
  /// An edit of one item (a reaction, a receipt, a status) takes out a handful of rows. Those
  /// are kept in a short list and found by comparing keys, which costs less than hashing every
  /// key and growing a table for them; a long removal moves them into a dictionary. A key put
  /// twice keeps the later row, in either form.
  struct RemovedRows {
    /// Beyond this many rows, keys are hashed.
    static let listLimit = 16

    private struct Entry {
      var key: ChatItemKey
      var removed: RemovedRow
    }

    private var list: [Entry] = []
    private var table: [ChatItemKey: RemovedRow] = [:]

    var isEmpty: Bool { list.isEmpty && table.isEmpty }

    mutating func put(_ removed: RemovedRow) {
      let key = removed.row.payload.key
      if table.isEmpty, let index = listIndex(of: key) {
        list[index].removed = removed
      } else if table.isEmpty, list.count < Self.listLimit {
        list.append(Entry(key: key, removed: removed))
      } else {
        for entry in list { table[entry.key] = entry.removed }
        list.removeAll()
        table[key] = removed
      }
    }

    /// Takes back the row with `key`, if one was taken out.
    mutating func take(_ key: ChatItemKey) -> RemovedRow? {
      if !table.isEmpty { return table.removeValue(forKey: key) }
      guard let index = listIndex(of: key) else { return nil }
      return list.remove(at: index).removed
    }

    /// Whether a row with `key` was taken out and not taken back.
    func holds(_ key: ChatItemKey) -> Bool {
      table.isEmpty ? listIndex(of: key) != nil : table[key] != nil
    }

    /// Compares keys in place: a closure over the entries would copy each one.
    private func listIndex(of key: ChatItemKey) -> Int? {
      var index = 0
      while index < list.count {
        if list[index].key == key { return index }
        index += 1
      }
      return nil
    }

    /// The ids of the rows never taken back: those that were there before the update have
    /// left the transcript; those made earlier in the update (``RowChangeTracker/fresh``)
    /// were never shown.
    var leftRows: (old: [RowID], fresh: [RowID]) {
      var left: (old: [RowID], fresh: [RowID]) = ([], [])
      for removed in list.map(\.removed) + table.values {
        if removed.origin == RowChangeTracker.fresh {
          left.fresh.append(removed.row.payload.rowID)
        } else {
          left.old.append(removed.row.payload.rowID)
        }
      }
      return left
    }
  }
}
