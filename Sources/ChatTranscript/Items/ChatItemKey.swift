/// The identity the diff works on: a row keeps its presenter only while its id, its type and
/// whether it was injected all match.
///
/// Ids and types compare by their UTF-8 bytes, as JSON compares strings: `"caf\u{E9}"` and
/// `"cafe\u{301}"` are two items, though Swift's `String` calls them equal. Rows the decorator
/// injected (``isInjected``) are keyed apart from the data source's items, so an item whose id
/// equals an injected row's (`"m1/day"`) is another row, never the separator.
public struct ChatItemKey: Hashable, Sendable {
  public var id: String
  public var type: String
  /// Whether the decorator injected the row rather than the data source holding its item.
  public var isInjected: Bool

  public init(id: String, type: String, isInjected: Bool = false) {
    self.id = id
    self.type = type
    self.isInjected = isInjected
  }

  /// The key of `item`'s row: an injected row's when `isInjected`.
  public init(_ item: any ChatItem, isInjected: Bool = false) {
    self.init(id: item.id, type: item.type, isInjected: isInjected)
  }

  /// The row this key names, whatever its type.
  public var rowID: RowID { RowID(id: id, isInjected: isInjected) }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isInjected == rhs.isInjected && lhs.id.hasSameBytes(as: rhs.id) && lhs.type.hasSameBytes(as: rhs.type)
  }

  /// - Complexity: O(n) in the UTF-8 length of the id and the type.
  public func hash(into hasher: inout Hasher) {
    id.hashBytes(into: &hasher)
    type.hashBytes(into: &hasher)
    hasher.combine(isInjected)
  }
}
