/// Finds the row of an item id without a scan of the transcript: each id maps to the chunk of
/// rows holding it and the row's offset there when it was placed. The chunk's compact shapes
/// are searched outwards from that offset for the id's tag (``RowShape/tag``) before a payload
/// is read: appends leave earlier rows where they were, so most lookups read one shape and one
/// payload.
///
/// The table (an ``IDHashTable``) is keyed by a 64-bit hash of the id and holds no ids. Every
/// answer is checked against the row's own id, so a slot is only a hint: two ids with one
/// hash, or an id repeated more than 65,535 times, cost a scan, never a wrong row.
///
/// Only rows of data-source items are indexed and found. A row the decorator injected has an id
/// of the decorator's choosing, which an item may share (`"m1/day"`): a lookup by that id
/// finds the item, never the separator.
///
/// Built on the first lookup (a backend that never asks pays nothing, a cold layout included),
/// then kept current by replaying each update's edits when its layout becomes the
/// controller's. Ids are counted: a data source may repeat one, and the id stays indexed
/// while any row shows it.
struct RowIDIndex {
  /// One edit of an update: rows with the `removed` id hashes were taken out, then rows with
  /// the `placed` ones went where `placement` says, from `firstOffset` on in an edited chunk.
  struct Edit {
    var removed: [UInt64]
    var placed: [UInt64]
    var placement: ChunkedList<RowShape>.Placement
    var firstOffset: Int
  }

  private var table: IDHashTable

  /// Indexes every row of `layout`, tagging its rows.
  ///
  /// - Complexity: O(n).
  init(_ layout: inout TranscriptLayout) {
    table = IDHashTable(capacity: layout.count)
    layout.trackChunkPositions()
    var hashes: [UInt64] = []
    hashes.reserveCapacity(layout.count)
    layout.setTags(in: 0..<layout.count) { row in
      let hash = Self.hash(of: row)
      hashes.append(hash)
      return Self.tag(of: hash)
    }
    var index = 0
    layout.forEachPayload(inChunks: nil) { chunk, offset, _ in
      if hashes[index] != 0 { table.place(hashes[index], chunk: chunk, offset: offset, adding: true) }
      index += 1
    }
  }

  /// The hash a row is indexed under: its item's id's, or 0 (not indexed) for an injected row.
  static func hash(of row: TranscriptRow) -> UInt64 {
    row.role == .item ? IDHashTable.hash(of: row.id) : 0
  }

  /// The 32 bits of `hash` a row's shape keeps: the half the table's slot does not come from.
  static func tag(of hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32)
  }

  /// The first row showing `id` in the chunk the index names, else (an id shown by several
  /// rows, the named one gone, or two ids with one hash) anywhere.
  ///
  /// - Complexity: O(B + log(n/B)) for chunks of B rows; O(n) only for repeated ids and hash
  ///   collisions.
  /// - Parameter layout: `inout` only so that the controller's layout is read in place, not
  ///   copied (which retains each of its buffers).
  func row(of id: String, in layout: inout TranscriptLayout) -> Int? {
    let hash = IDHashTable.hash(of: id)
    guard let slot = table.slot(of: hash) else { return nil }
    // Borrowed, not copied (a copy retains the row's item and presenter); no `&&`, whose
    // right side is a closure that would copy the row it captures.
    let isID = { (row: borrowing TranscriptRow) -> Bool in
      guard row.role == .item else { return false }
      return row.id.hasSameBytes(as: id)
    }
    // The row at its hint is read in place, through a pointer (see `row(inChunk:near:tag:where:)`).
    let rowIsID = { (row: UnsafePointer<TranscriptRow>) -> Bool in
      guard row.pointee.role == .item else { return false }
      return row.pointee.id.hasSameBytes(as: id)
    }
    if let row = layout.row(
      inChunk: Int(slot.chunk), near: Int(slot.offset), tag: Self.tag(of: hash), where: rowIsID)
    {
      return row
    }
    return layout.indices(in: 0..<layout.count, where: { isID($0) }).first
  }

  /// Replays an update's edits, in order, against `layout`, the rows after it.
  ///
  /// - Complexity: O(edited rows + B × chunks the edits made).
  mutating func apply(_ edits: [Edit], in layout: TranscriptLayout) {
    table.makeUnique()
    for edit in edits {
      for hash in edit.removed where hash != 0 { table.remove(hash) }
      for hash in edit.placed where hash != 0 { table.add(hash) }
    }
    // Where rows went, in order: a later edit may have moved a row an earlier one placed.
    for edit in edits {
      if let chunk = edit.placement.editedChunk {
        for (offset, hash) in edit.placed.prefix(edit.placement.editedCount).enumerated() where hash != 0 {
          table.place(hash, chunk: chunk, offset: edit.firstOffset + offset)
        }
      }
      layout.forEachPayload(inChunks: edit.placement.createdChunks) { chunk, offset, row in
        let hash = Self.hash(of: row)
        if hash != 0 { table.place(hash, chunk: chunk, offset: offset) }
      }
    }
  }
}
