/// Remembers computed heights by content version, width (and decoration, which can change
/// a bubble's room).
///
/// Rows carry their current height already; this cache is what makes a presenter rebuilt
/// for unchanged content, a reload, or a width that flips back (rotation, a resized
/// terminal) cost lookups instead of measurements. The width is part of the key, so a new
/// width simply misses until its entries are stored.
///
/// A content version names one item's content for the controller's lifetime (versions are
/// never reused, across items too), so the key needs no item id: hashing a few words
/// instead of a string keeps a cold layout of a million rows from paying for the cache.
/// And a version newer than any stored cannot be cached, so fresh rows skip the lookup.
///
/// Bounded by two generations: new entries go to the young one; when it is full, the old
/// generation is dropped whole and the young one takes its place. Hits in the old generation
/// move to the young one while it has room, so what is used survives (an approximation of
/// least recently used at O(1) per operation, without the rehashing an eviction pass would
/// cost).
public struct HeightCache {
  struct Key: Hashable {
    var contentVersion: Int
    var width: Double
    /// The decoration without its margin, which heights do not depend on.
    var decoration: ChatItemDecoration

    init(contentVersion: Int, width: Double, decoration: ChatItemDecoration) {
      self.contentVersion = contentVersion
      self.width = width
      self.decoration = decoration
      self.decoration.bottomMargin = 0
    }

    /// One word mixed from every field: equal keys hash alike, and the hasher runs once.
    func hash(into hasher: inout Hasher) {
      var word = UInt64(bitPattern: Int64(contentVersion)) &* 0x9E37_79B9_7F4A_7C15
      word ^= width.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
      word ^= UInt64(decoration.showsTail ? 1 : 0) | UInt64(decoration.showsAvatar ? 2 : 0)
      switch decoration.groupPosition {
      case .single: break
      case .first: word ^= 4
      case .middle: word ^= 8
      case .last: word ^= 12
      }
      hasher.combine(word)
    }
  }

  /// The most entries kept; the cache never grows past it.
  public let capacity: Int
  private var young: [Key: Double] = [:]
  private var old: [Key: Double] = [:]
  /// The newest content version stored; newer ones cannot be here.
  private(set) var newestVersion = Int.min

  public init(capacity: Int = 100_000) {
    self.capacity = max(capacity, 0)
  }

  public var count: Int { young.count + old.count }

  /// Of a run of new heights stored one after another, how many the cache keeps: storing
  /// more than the newest this many only evicts heights stored earlier in the same run (the
  /// young generation turns over), so callers store just the run's last `keepsNewest`.
  public var keepsNewest: Int { capacity / 2 }

  /// The height stored for this content at this width and decoration, if any.
  ///
  /// - Complexity: O(1) expected.
  public mutating func height(contentVersion: Int, width: Double, decoration: ChatItemDecoration) -> Double? {
    guard contentVersion <= newestVersion else { return nil }
    let key = Key(contentVersion: contentVersion, width: width, decoration: decoration)
    if let height = young[key] { return height }
    guard let height = old[key] else { return nil }
    // Promote the hit while the young generation has room. When it is full, moving the hit
    // would turn the generations over and drop the rest of the old one: exactly the heights a
    // width flipping back is about to ask for.
    if young.count < keepsNewest {
      old[key] = nil
      young[key] = height
    }
    return height
  }

  /// Stores a height.
  ///
  /// - Complexity: amortized O(1).
  public mutating func store(
    _ height: Double, contentVersion: Int, width: Double, decoration: ChatItemDecoration
  ) {
    newestVersion = max(newestVersion, contentVersion)
    insert(height, for: Key(contentVersion: contentVersion, width: width, decoration: decoration))
  }

  public mutating func removeAll() {
    young = [:]
    old = [:]
    newestVersion = Int.min
  }

  private mutating func insert(_ height: Double, for key: Key) {
    let generationSize = keepsNewest
    guard generationSize > 0 else { return }
    if young.isEmpty { young.reserveCapacity(generationSize) }  // no rehashing while it fills
    if young.count >= generationSize, young[key] == nil {
      // The dropped generation's table becomes the young one, emptied in place: a new table
      // of its size each turn (`follow` turns it over every 50,000 rows) was megabytes of
      // memory touched for the first time.
      swap(&old, &young)
      young.removeAll(keepingCapacity: true)
      young.reserveCapacity(generationSize)
    }
    young[key] = height
  }
}
