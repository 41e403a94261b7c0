/// Finds the row of an item id without a scan of the transcript: each id maps to the chunk of
/// rows holding it and the row's offset there when it was placed. The chunk's compact shapes
/// are searched outwards from that offset for the id's hash (the rows' ``RowShape/tag``)
/// before a payload is read: appends leave earlier rows where they were, so most lookups read
/// one shape and one payload.
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
    /// The row's offset in the chunk when placed: where a lookup starts.
    var offset: Int32
    var rowCount: Int32

    static var unplaced: Entry { Entry(chunk: -1, offset: 0, rowCount: 0) }

    /// One more row shows the id; it is at `offset` in chunk `chunk`.
    mutating func add(chunk: Int, offset: Int) {
      rowCount += 1
      place(chunk: chunk, offset: offset)
    }

    mutating func place(chunk: Int, offset: Int) {
      self.chunk = chunk
      self.offset = Int32(truncatingIfNeeded: offset)
    }
  }

  /// One edit of an update: rows with `removed` ids were taken out, then rows with `placed`
  /// ids went where `placement` says, from `firstOffset` on in an edited chunk.
  struct Edit {
    var removed: [String]
    var placed: [String]
    var placement: ChunkedList<RowShape>.Placement
    var firstOffset: Int
  }

  private var entries: [String: Entry] = [:]

  /// Indexes every row of `layout`, tagging its rows.
  ///
  /// - Complexity: O(n).
  init(_ layout: inout TranscriptLayout) {
    layout.trackChunkPositions()
    layout.setTags(in: 0..<layout.count) { Self.tag(of: $0.item.id) }
    entries.reserveCapacity(layout.count)
    layout.forEachPayload(inChunks: nil) { chunk, offset, row in
      entries[row.item.id, default: .unplaced].add(chunk: chunk, offset: offset)
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
    if let row = layout.row(
      inChunk: entry.chunk, near: Int(entry.offset), tag: { Self.tag(of: id) }, where: { $0.item.id == id })
    {
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
      for id in edit.placed { entries[id, default: .unplaced].rowCount += 1 }
    }
    // Where rows went, in order: a later edit may have moved a row an earlier one placed.
    for edit in edits {
      if let chunk = edit.placement.editedChunk {
        for (offset, id) in edit.placed.enumerated() {
          entries[id]?.place(chunk: chunk, offset: edit.firstOffset + offset)
        }
      }
      layout.forEachPayload(inChunks: edit.placement.createdChunks) { chunk, offset, row in
        entries[row.item.id]?.place(chunk: chunk, offset: offset)
      }
    }
  }
}
