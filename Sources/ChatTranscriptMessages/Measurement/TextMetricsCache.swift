@_spi(Internals) import ChatTranscript
import TextLayout

/// Remembers how message texts wrap, per (item id, text, wrap width), with a bounded size;
/// shared by every presenter, height calculator and cell of a transcript, on any thread.
///
/// Wrapping is the only costly part of a message height — the rest is arithmetic on the
/// line count and widest line — so caching the metrics is what makes a status change, a
/// new decoration or a cell configuration cost a lookup. Entries are found by (id, width)
/// and hold the text they were measured for: an edited text misses and is measured once,
/// and a hit costs hashing a short id plus a text comparison that is immediate when the
/// caller passes the very string that was measured (the usual case) — never hashing the
/// whole text, which for non-ASCII text means normalizing it first.
///
/// The slots are fixed when the cache is made and reused in place, so a cold layout that
/// measures a million texts stores each one without allocating, rehashing or dropping
/// whole tables. A key may live in one set of eight slots, chosen by its hash; a full set
/// gives up its least recently used slot. Sets are spread over shards, each with its own
/// lock, so threads measuring a long transcript together rarely wait for one another.
///
/// The hash is not seeded: ids crafted to share a set only evict one another, which costs
/// their senders a re-measurement and nobody else anything.
public final class TextMetricsCache: Sendable {
  /// One remembered measurement; `lastUse == 0` marks a free slot.
  struct Slot {
    var id = ""
    var text = ""
    var width = 0
    var hash: UInt64 = 0
    var metrics = TextMetrics(lineCount: 0, widestLine: 0)
    var lastUse: UInt64 = 0
  }

  /// One lock's worth of sets, `ways` slots each, side by side.
  struct Sets {
    var slots: [Slot]
    /// Counts lookups and stores: the age of a slot is how long ago its stamp was taken.
    var clock: UInt64 = 0
  }

  /// The most entries kept; 0 turns caching off.
  public let capacity: Int
  /// Slots per set: a key is looked for in these only.
  private let ways: Int
  private let setsPerShard: Int
  private let shards: [Locked<Sets>]

  public init(capacity: Int = 20_000) {
    self.capacity = max(capacity, 0)
    // Small caches are one fully associative set: exact least-recently-used eviction.
    let shardCount = self.capacity >= 4_096 ? 16 : 1
    let ways = self.capacity <= 64 ? max(self.capacity, 1) : 8
    let setsPerShard = max(self.capacity / (shardCount * ways), 1)
    let slotCount = self.capacity == 0 ? 0 : ways * setsPerShard
    self.ways = ways
    self.setsPerShard = setsPerShard
    shards = (0..<shardCount).map { _ in Locked(Sets(slots: Array(repeating: Slot(), count: slotCount))) }
  }

  /// Entries held now.
  public var count: Int {
    shards.reduce(0) { total, shard in
      total + shard.withLock { sets in sets.slots.reduce(0) { $0 + ($1.lastUse == 0 ? 0 : 1) } }
    }
  }

  /// The cached metrics of `text` wrapped at `width` for item `id`, or `measure()`'s result,
  /// which is then cached.
  ///
  /// `measure` runs outside the lock, so threads measuring different texts do not wait for
  /// each other (two threads may rarely measure the same key; both get the same answer).
  /// - Complexity: O(1) (O(n) to compare a text that is equal but not the same string);
  ///   O(n) for the measurement on a miss.
  public func metrics(id: String, text: String, width: Int, measure: () -> TextMetrics) -> TextMetrics {
    guard capacity > 0 else { return measure() }
    let hash = Self.hash(id: id, width: width)
    let shard = shards[Int(hash % UInt64(shards.count))]
    let firstSlot = Int((hash / UInt64(shards.count)) % UInt64(setsPerShard)) * ways
    let ways = ways
    if let hit = shard.withLock({ sets -> TextMetrics? in
      guard
        let slot = Self.slot(of: id, width: width, hash: hash, in: sets.slots, from: firstSlot, ways: ways),
        sets.slots[slot].text == text
      else { return nil }
      sets.clock &+= 1
      sets.slots[slot].lastUse = sets.clock
      return sets.slots[slot].metrics
    }) {
      return hit
    }
    let metrics = measure()
    shard.withLock { sets in
      sets.clock &+= 1
      let slot =
        Self.slot(of: id, width: width, hash: hash, in: sets.slots, from: firstSlot, ways: ways)
        ?? Self.leastRecentlyUsed(in: sets.slots, from: firstSlot, ways: ways)
      sets.slots[slot] = Slot(
        id: id, text: text, width: width, hash: hash, metrics: metrics, lastUse: sets.clock)
    }
    return metrics
  }

  public func removeAll() {
    for shard in shards {
      shard.withLock { sets in
        for index in sets.slots.indices { sets.slots[index] = Slot() }
      }
    }
  }

  /// The slot of the set starting at `first` that holds (`id`, `width`).
  private static func slot(
    of id: String, width: Int, hash: UInt64, in slots: [Slot], from first: Int, ways: Int
  )
    -> Int?
  {
    for index in first..<first + ways
    where slots[index].hash == hash && slots[index].lastUse != 0 && slots[index].width == width
      && slots[index].id.hasSameBytes(as: id)
    {
      return index
    }
    return nil
  }

  /// A free slot of the set starting at `first`, else its least recently used one.
  private static func leastRecentlyUsed(in slots: [Slot], from first: Int, ways: Int) -> Int {
    var oldest = first
    for index in first..<first + ways where slots[index].lastUse < slots[oldest].lastUse {
      oldest = index
    }
    return oldest
  }

  /// FNV-1a over the id's UTF-8, then the width, finished with a multiply-xorshift so the
  /// low bits (which pick the shard and set) depend on every byte.
  private static func hash(id: String, width: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x100_0000_01b3
    let hashedContiguously: Void? = id.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
    }
    if hashedContiguously == nil {
      for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
    }
    hash = (hash ^ UInt64(UInt(bitPattern: width))) &* prime
    hash ^= hash >> 29
    hash &*= 0xbf58_476d_1ce4_e5b9
    return hash ^ (hash >> 32)
  }
}
