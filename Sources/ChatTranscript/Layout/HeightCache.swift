/// Remembers computed heights by item, content version, width (and decoration, which can
/// change a bubble's room).
///
/// Rows carry their current height already; this cache is what makes a presenter rebuilt
/// for unchanged content, a reload, or a width that flips back (rotation, a resized
/// terminal) cost lookups instead of measurements. The width is part of the key, so a new
/// width simply misses until its entries are stored.
///
/// Bounded by two generations: new entries go to the young one; when it is full, the old
/// generation is dropped whole and the young one takes its place. Hits in the old generation
/// move to the young one, so what is used survives (an approximation of least recently used
/// at O(1) per operation, without the rehashing an eviction pass would cost).
public struct HeightCache {
  struct Key: Hashable {
    var id: String
    var contentVersion: Int
    var width: Double
    var decoration: ChatItemDecoration
  }

  /// The most entries kept; the cache never grows past it.
  public let capacity: Int
  private var young: [Key: Double] = [:]
  private var old: [Key: Double] = [:]

  public init(capacity: Int = 100_000) {
    self.capacity = max(capacity, 0)
  }

  public var count: Int { young.count + old.count }

  public mutating func height(
    id: String, contentVersion: Int, width: Double, decoration: ChatItemDecoration
  ) -> Double? {
    let key = Key(id: id, contentVersion: contentVersion, width: width, decoration: decoration)
    if let height = young[key] { return height }
    guard let height = old.removeValue(forKey: key) else { return nil }
    insert(height, for: key)
    return height
  }

  /// Stores a height.
  ///
  /// - Complexity: amortized O(1).
  public mutating func store(
    _ height: Double, id: String, contentVersion: Int, width: Double, decoration: ChatItemDecoration
  ) {
    insert(height, for: Key(id: id, contentVersion: contentVersion, width: width, decoration: decoration))
  }

  public mutating func removeAll() {
    young = [:]
    old = [:]
  }

  private mutating func insert(_ height: Double, for key: Key) {
    let generationSize = capacity / 2
    guard generationSize > 0 else { return }
    if young.count >= generationSize, young[key] == nil {
      old = young
      young = [:]
      young.reserveCapacity(generationSize)
    }
    young[key] = height
  }
}
