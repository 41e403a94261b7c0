/// Finds the row of an item id without a scan of the transcript: each id maps to the chunk of
/// rows holding it, and the chunk's compact shapes are scanned for the id's hash (the rows'
/// ``RowShape/tag``) before a payload is read.
///
/// Built on the first lookup (a backend that never asks pays nothing, a cold layout included),
/// then kept current by replaying each update's edits when its layout becomes the
/// controller's. Ids are counted: a data source may repeat one, and the id stays indexed
/// while any row shows it.
struct RowIDIndex {
  private struct Entry {
    /// The identifier of the chunk holding the most recently placed row with the id (-1 until
    /// the update that placed it is replayed).
    var chunk: Int
    var rowCount: Int32
  }

  /// One edit of an update: rows with `removed` ids were taken out, then rows with `placed`
  /// ids went where `placement` says.
  struct Edit {
    var removed: [String]
    var placed: [String]
    var placement: ChunkedList<RowShape>.Placement
  }

  private var entries: [String: Entry] = [:]

  /// Indexes every row of `layout`, tagging its rows.
  ///
  /// - Complexity: O(n).
  init(_ layout: inout TranscriptLayout) {
    layout.trackChunkPositions()
    layout.setTags(in: 0..<layout.count) { Self.tag(of: $0.item.id) }
    entries.reserveCapacity(layout.count)
    layout.forEachPayload(inChunks: nil) { chunk, row in
      entries[row.item.id, default: Entry(chunk: chunk, rowCount: 0)].rowCount += 1
      entries[row.item.id]?.chunk = chunk
    }
  }

  /// The hash rows are tagged with. Swift's hasher is seeded per process, so a sender cannot
  /// choose ids that collide.
  static func tag(of id: String) -> UInt32 {
    UInt32(truncatingIfNeeded: id.hashValue)
  }

  /// The first row showing `id` in the chunk the index names, else (an id shown by several
  /// rows, the named one gone) anywhere.
  ///
  /// - Complexity: O(B + log(n/B)) for chunks of B rows; O(n) only for repeated ids.
  func row(of id: String, in layout: TranscriptLayout) -> Int? {
    guard let entry = entries[id] else { return nil }
    if let row = layout.row(inChunk: entry.chunk, tag: Self.tag(of: id), where: { $0.item.id == id }) {
      return row
    }
    return layout.indices(in: 0..<layout.count) { $0.item.id == id }.first
  }

  /// Replays an update's edits, in order, against `layout`, the rows after it.
  ///
  /// - Complexity: O(edited rows + B × chunks the edits made).
  mutating func apply(_ edits: [Edit], in layout: TranscriptLayout) {
    for edit in edits {
      for id in edit.removed {
        guard let count = entries[id]?.rowCount else { continue }
        if count <= 1 { entries[id] = nil } else { entries[id]?.rowCount = count - 1 }
      }
      for id in edit.placed { entries[id, default: Entry(chunk: -1, rowCount: 0)].rowCount += 1 }
    }
    // Where rows went, in order: a later edit may have moved a row an earlier one placed.
    for edit in edits {
      if let chunk = edit.placement.editedChunk {
        for id in edit.placed { entries[id]?.chunk = chunk }
      }
      layout.forEachPayload(inChunks: edit.placement.createdChunks) { chunk, row in
        entries[row.item.id]?.chunk = chunk
      }
    }
  }
}
