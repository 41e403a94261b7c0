import Synchronization
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
/// The id is hashed once per call (with Swift's seeded hasher); the dictionaries then hash
/// that one word. Entries are spread over shards by that hash, each with its own lock, so
/// threads measuring a long transcript together rarely wait for one another.
///
/// Each shard is bounded by two generations: lookups hit the current or the previous
/// generation (a hit in the previous one is promoted); when the current one holds half the
/// shard's capacity it becomes the previous one and the oldest generation is dropped.
/// Entries used since the last turnover survive, like a cheap least-recently-used cache, and
/// the size never exceeds `max(capacity, 2)`.
public final class TextMetricsCache: Sendable {
  struct Key: Hashable {
    var id: String
    var width: Int
    /// `id` and `width` hashed once, when the key is made.
    var hash: Int

    init(id: String, width: Int) {
      self.id = id
      self.width = width
      var hasher = Hasher()
      hasher.combine(id)
      hasher.combine(width)
      hash = hasher.finalize()
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.hash == rhs.hash && lhs.width == rhs.width && lhs.id == rhs.id
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// What was measured for a key.
  struct Entry {
    var text: String
    var metrics: TextMetrics
  }

  struct Generations {
    var current: [Key: Entry] = [:]
    var previous: [Key: Entry] = [:]
  }

  /// One lock's worth of entries.
  final class Shard: Sendable {
    let generations = Mutex(Generations())
  }

  /// The most entries kept; 0 turns caching off.
  public let capacity: Int
  private let generationSize: Int
  private let shards: [Shard]

  public init(capacity: Int = 20_000) {
    self.capacity = max(capacity, 0)
    // Small caches stay one shard: splitting them would make their bound and their
    // turnovers depend on how keys happen to hash.
    let shardCount = self.capacity >= 4_096 ? 16 : 1
    generationSize = max(self.capacity / (2 * shardCount), 1)
    shards = (0..<shardCount).map { _ in Shard() }
  }

  /// Entries held now.
  public var count: Int {
    shards.reduce(0) { total, shard in
      total + shard.generations.withLock { $0.current.count + $0.previous.count }
    }
  }

  /// The cached metrics of `text` wrapped at `width` for item `id`, or `measure()`'s result,
  /// which is then cached.
  ///
  /// `measure` runs outside the lock, so threads measuring different texts do not wait for
  /// each other (two threads may rarely measure the same key; both get the same answer).
  /// - Complexity: O(1) expected (O(n) to compare a text that is equal but not the same
  ///   string); O(n) for the measurement on a miss.
  public func metrics(id: String, text: String, width: Int, measure: () -> TextMetrics) -> TextMetrics {
    guard capacity > 0 else { return measure() }
    let key = Key(id: id, width: width)
    let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(shards.count))]
    if let hit = shard.generations.withLock({
      Self.lookUp(key, text: text, in: &$0, generationSize: generationSize)
    }) {
      return hit
    }
    let measured = Entry(text: text, metrics: measure())
    shard.generations.withLock { Self.store(measured, for: key, in: &$0, generationSize: generationSize) }
    return measured.metrics
  }

  public func removeAll() {
    for shard in shards { shard.generations.withLock { $0 = Generations() } }
  }

  private static func lookUp(_ key: Key, text: String, in generations: inout Generations, generationSize: Int)
    -> TextMetrics?
  {
    if let hit = generations.current[key] { return hit.text == text ? hit.metrics : nil }
    guard let hit = generations.previous.removeValue(forKey: key), hit.text == text else { return nil }
    store(hit, for: key, in: &generations, generationSize: generationSize)
    return hit.metrics
  }

  private static func store(
    _ entry: Entry, for key: Key, in generations: inout Generations, generationSize: Int
  ) {
    if generations.current.isEmpty {
      generations.current.reserveCapacity(generationSize)  // no rehashing while it fills
    } else if generations.current[key] == nil, generations.current.count >= generationSize {
      generations.previous = generations.current
      generations.current = [:]
      generations.current.reserveCapacity(generationSize)
      generations.previous[key] = nil
    }
    generations.current[key] = entry
  }
}
