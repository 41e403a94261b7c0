/// Where the elements with each id were placed in a ``ChunkedList``: the chunk and the offset
/// in it, found by a 64-bit hash of the id. The id indexes of the controller and of a stream
/// transcript are this table.
///
/// It holds no ids: one slot of 16 bytes per id, found with one probe into one array, where a
/// dictionary of strings touched a key and a value array, and hashed the id at each lookup. The
/// caller hashes an id once (``hash(of:)``) and passes the hash to every step of an edit. A
/// slot is only a hint: its owner checks the element it names against the id (ids compare by
/// their bytes, as JSON does), because two ids may share a hash and an edit earlier in the
/// chunk moves an element from its offset. Ids are counted, so an id shown by several elements
/// stays while any of them does.
package struct IDHashTable {
  /// One hash: where its most recently placed element went, and how many elements have it.
  package struct Slot: BitwiseCopyable {
    /// The id's hash; 0 marks an empty slot (an id's hash is never 0).
    package var hash: UInt64 = 0
    /// The identifier of the chunk holding the element; -1 until it is placed.
    package var chunk: Int32 = -1
    /// The element's offset in the chunk when placed: where a lookup starts.
    package var offset: UInt16 = 0
    /// Elements with the hash; at `UInt16.max` it stops counting and the slot stays for good.
    package var count: UInt16 = 0
  }

  /// Open addressing with linear probing; the count is a power of two (see ``LargeTable``).
  private var slots: LargeTable<Slot>
  private var occupied = 0

  /// A table with room for `count` ids before it grows.
  package init(capacity count: Int = 0) {
    slots = LargeTable(repeating: Slot(), count: Self.capacity(for: count))
  }

  /// The id's hash: its UTF-8 bytes through Swift's hasher, which is seeded per process, so a
  /// sender cannot choose ids that collide. Never 0.
  package static func hash(of id: String) -> UInt64 {
    var hasher = Hasher()
    // The bytes alone: the hash of one string needs no length after it (SipHash's last block
    // counts the bytes), unlike a string hashed among other fields.
    var id = id
    id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    let hash = UInt64(UInt(bitPattern: hasher.finalize()))
    return hash == 0 ? 1 : hash
  }

  /// The slot of `hash`, if any element has it.
  package func slot(of hash: UInt64) -> Slot? {
    slotIndex(of: hash).map { slots[$0] }
  }

  /// Hashes with at least one element: each id once (and two ids that share a hash once).
  package var hashCount: Int { occupied }

  /// Makes room for `count` hashes in all, so that loading a known number of ids does not grow
  /// the table by doubling, placing every slot again each time.
  package mutating func reserveCapacity(_ count: Int) {
    let capacity = Self.capacity(for: count)
    if capacity > slots.count { rehash(into: capacity) }
  }

  /// Gives the table a copy of its slots of its own, unless no other copy shares them: a copy
  /// of the table shares its slots until one of them is changed.
  package mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
  }

  /// Counts one more element with `hash` (not yet placed, if it is the first).
  package mutating func add(_ hash: UInt64) {
    let index = slotIndexInserting(hash)
    if slots[index].count < .max { slots[index].count += 1 }
  }

  /// Records where the element with `hash` now is; `adding` counts it as a new element too.
  package mutating func place(_ hash: UInt64, chunk: Int, offset: Int, adding: Bool = false) {
    if adding { add(hash) }
    guard let index = slotIndex(of: hash) else { return }
    slots[index].chunk = Int32(truncatingIfNeeded: chunk)
    slots[index].offset = UInt16(truncatingIfNeeded: offset)
  }

  /// One element with `hash` left; its slot goes with the last one (unless it stopped counting).
  package mutating func remove(_ hash: UInt64) {
    guard let index = slotIndex(of: hash), slots[index].count < .max else { return }
    guard slots[index].count <= 1 else {
      slots[index].count -= 1
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

  // MARK: Probing

  /// Slots for `count` hashes at a load of at most three quarters.
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

  /// The slot of `hash`, made (with no elements) if there is none.
  private mutating func slotIndexInserting(_ hash: UInt64) -> Int {
    if occupied + 1 > slots.count / 4 * 3 { rehash(into: slots.count * 2) }
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0 {
      if slots[index].hash == hash { return index }
      index = (index + 1) & mask
    }
    slots[index] = Slot(hash: hash, chunk: -1, offset: 0, count: 0)
    occupied += 1
    return index
  }

  private mutating func rehash(into capacity: Int) {
    let old = slots
    slots = LargeTable(repeating: Slot(), count: capacity)
    for index in 0..<old.count where old[index].hash != 0 {
      let slot = old[index]
      var index = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[index].hash != 0 { index = (index + 1) & mask }
      slots[index] = slot
    }
  }
}
