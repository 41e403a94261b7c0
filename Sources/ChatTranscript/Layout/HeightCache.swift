/// Remembers computed heights by item, content version, width (and decoration, which can
/// change a bubble's room).
///
/// Rows carry their current height already; this cache is what makes a presenter rebuilt
/// for unchanged content, a reload, or a width that flips back (rotation, a resized
/// terminal) cost lookups instead of measurements. Entries for other widths stay valid —
/// the width is part of the key — but are the first to go when the cache is full.
public struct HeightCache {
  struct Key: Hashable {
    var id: String
    var contentVersion: Int
    var width: Double
    var decoration: ChatItemDecoration
  }

  /// The most entries kept; the cache never grows past it.
  public let capacity: Int
  private var heights: [Key: Double] = [:]

  public init(capacity: Int = 100_000) {
    self.capacity = max(capacity, 0)
  }

  public var count: Int { heights.count }

  public func height(
    id: String, contentVersion: Int, width: Double, decoration: ChatItemDecoration
  ) -> Double? {
    heights[Key(id: id, contentVersion: contentVersion, width: width, decoration: decoration)]
  }

  /// Stores a height, making room first when full.
  ///
  /// - Parameter currentWidth: the width entries are being computed for now; entries for
  ///   other widths are evicted first.
  /// - Complexity: amortized O(1); an eviction pass is O(capacity) and frees at least half.
  public mutating func store(
    _ height: Double, id: String, contentVersion: Int, width: Double, decoration: ChatItemDecoration
  ) {
    guard capacity > 0 else { return }
    let key = Key(id: id, contentVersion: contentVersion, width: width, decoration: decoration)
    if heights.count >= capacity, heights[key] == nil { evict(keepingWidth: width) }
    heights[key] = height
  }

  public mutating func removeAll() {
    heights.removeAll()
  }

  /// Drops entries for other widths; if that frees less than half, drops half of the rest.
  private mutating func evict(keepingWidth width: Double) {
    heights = heights.filter { $0.key.width == width }
    if heights.count >= capacity / 2 {
      var dropped = 0
      let excess = heights.count - capacity / 2
      heights = heights.filter { _ in
        dropped += 1
        return dropped > excess
      }
    }
  }
}
