/// Finds the row of an item id without a scan of the transcript: each id maps to the chunk of
/// rows holding it and the row's offset there when it was placed. The chunk's compact shapes
/// are searched outwards from that offset for the id's tag (``RowShape/tag``) before a payload
/// is read: appends leave earlier rows where they were, so most lookups read one shape and one
/// payload.
///
/// The table is keyed by a 64-bit hash of the id's UTF-8 bytes and holds no ids: one slot of
/// 16 bytes per id, found with one probe into one array, where a dictionary of strings touched
/// a key and a value array and hashed the id twice. Every answer is checked against the row's
/// own id (ids compare by their bytes, as JSON does), so a slot is only a hint: two ids with
/// one hash, or an id repeated more than 65,535 times, cost a scan, never a wrong row.
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
  /// One id: where its most recently placed row went, and how many rows show it.
  struct Slot {
    /// The id's hash; 0 marks an empty slot (an id's hash is never 0).
    var hash: UInt64 = 0
    /// The identifier of the chunk holding the row (-1 until the update that placed it is
    /// replayed).
    var chunk: Int32 = -1
    /// The row's offset in the chunk when placed: where a lookup starts.
    var offset: UInt16 = 0
    /// Rows showing the id; at `UInt16.max` it stops counting and the slot stays for good.
    var rowCount: UInt16 = 0
  }

  /// One edit of an update: rows with the `removed` id hashes were taken out, then rows with
  /// the `placed` ones went where `placement` says, from `firstOffset` on in an edited chunk.
  struct Edit {
    var removed: [UInt64]
    var placed: [UInt64]
    var placement: ChunkedList<RowShape>.Placement
    var firstOffset: Int
  }

  /// Open addressing with linear probing; the count is a power of two. Its own mapping, in huge
  /// pages where the system allows (see ``LargeTable``): a probe of a table of a million ids
  /// costs a cache miss, not a TLB miss as well.
  private var slots: LargeTable<Slot>
  private var occupied = 0

  /// Indexes every row of `layout`, tagging its rows.
  ///
  /// - Complexity: O(n).
  init(_ layout: inout TranscriptLayout) {
    slots = LargeTable(repeating: Slot(), count: Self.capacity(for: layout.count))
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
      place(hashes[index], chunk: chunk, offset: offset, adding: true)
      index += 1
    }
  }

  /// The id's hash: its UTF-8 bytes through Swift's hasher, which is seeded per process, so a
  /// sender cannot choose ids that collide. Never 0.
  static func hash(of id: String) -> UInt64 {
    var hasher = Hasher()
    // The bytes alone: the hash of one string needs no length after it (SipHash's last block
    // counts the bytes), unlike a string hashed among other fields.
    var id = id
    id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    let hash = UInt64(UInt(bitPattern: hasher.finalize()))
    return hash == 0 ? 1 : hash
  }

  /// The hash a row is indexed under: its item's id's, or 0 (not indexed) for an injected row.
  static func hash(of row: TranscriptRow) -> UInt64 {
    row.role == .item ? hash(of: row.id) : 0
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
    let hash = Self.hash(of: id)
    guard let slot = slotIndex(of: hash) else { return nil }
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
      inChunk: Int(slots[slot].chunk), near: Int(slots[slot].offset), tag: Self.tag(of: hash), where: rowIsID)
    {
      return row
    }
    return layout.indices(in: 0..<layout.count, where: { isID($0) }).first
  }

  /// Replays an update's edits, in order, against `layout`, the rows after it.
  ///
  /// - Complexity: O(edited rows + B × chunks the edits made).
  mutating func apply(_ edits: [Edit], in layout: TranscriptLayout) {
    // A copy of the index shares the table until one of them changes.
    if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
    for edit in edits {
      for hash in edit.removed { removeRow(hash) }
      for hash in edit.placed { addRow(hash) }
    }
    // Where rows went, in order: a later edit may have moved a row an earlier one placed.
    for edit in edits {
      if let chunk = edit.placement.editedChunk {
        for (offset, hash) in edit.placed.enumerated() {
          place(hash, chunk: chunk, offset: edit.firstOffset + offset, adding: false)
        }
      }
      layout.forEachPayload(inChunks: edit.placement.createdChunks) { chunk, offset, row in
        place(Self.hash(of: row), chunk: chunk, offset: offset, adding: false)
      }
    }
  }

  // MARK: The table

  /// Slots for `count` ids at a load of at most three quarters.
  private static func capacity(for count: Int) -> Int {
    var capacity = 16
    while capacity / 4 * 3 < count { capacity *= 2 }
    return capacity
  }

  private var mask: Int { slots.count - 1 }

  private func slotIndex(of hash: UInt64) -> Int? {
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0 {
      if slots[index].hash == hash { return index }
      index = (index + 1) & mask
    }
    return nil
  }

  /// The slot of `hash`, made (empty of rows) if there is none.
  private mutating func slotIndexInserting(_ hash: UInt64) -> Int {
    if (occupied + 1) > slots.count / 4 * 3 { grow() }
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0 {
      if slots[index].hash == hash { return index }
      index = (index + 1) & mask
    }
    slots[index] = Slot(hash: hash, chunk: -1, offset: 0, rowCount: 0)
    occupied += 1
    return index
  }

  private mutating func grow() {
    let old = slots
    slots = LargeTable(repeating: Slot(), count: old.count * 2)
    for index in 0..<old.count where old[index].hash != 0 {
      let slot = old[index]
      var index = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[index].hash != 0 { index = (index + 1) & mask }
      slots[index] = slot
    }
  }

  private mutating func addRow(_ hash: UInt64) {
    guard hash != 0 else { return }
    let index = slotIndexInserting(hash)
    if slots[index].rowCount < .max { slots[index].rowCount += 1 }
  }

  /// Where a row with `hash` now is; `adding` counts it as a new row too.
  private mutating func place(_ hash: UInt64, chunk: Int, offset: Int, adding: Bool) {
    if adding { addRow(hash) }
    guard hash != 0, let index = slotIndex(of: hash) else { return }
    slots[index].chunk = Int32(truncatingIfNeeded: chunk)
    slots[index].offset = UInt16(truncatingIfNeeded: offset)
  }

  /// One row with `hash` left; its slot goes with the last one (unless it stopped counting).
  private mutating func removeRow(_ hash: UInt64) {
    guard hash != 0, let index = slotIndex(of: hash), slots[index].rowCount < .max else { return }
    guard slots[index].rowCount <= 1 else {
      slots[index].rowCount -= 1
      return
    }
    // Backward-shift deletion: later slots of the probe run move into the hole unless their
    // home lies cyclically within (hole, slot].
    var hole = index
    var next = index
    while true {
      next = (next + 1) & mask
      guard slots[next].hash != 0 else { break }
      let home = Int(truncatingIfNeeded: slots[next].hash) & mask
      let homeInRange = hole <= next ? (hole < home && home <= next) : (home > hole || home <= next)
      if !homeInRange {
        slots[hole] = slots[next]
        hole = next
      }
    }
    slots[hole] = Slot()
    occupied -= 1
  }
}
