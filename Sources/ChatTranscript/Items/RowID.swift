/// Which row an update names: an item's id, and whether the decorator injected the row.
///
/// The decorator chooses the ids of the rows it injects (`"m1/day"`), and a data source may
/// hold an item with the same id: the flag keeps the two rows apart. Ids compare and hash by
/// their UTF-8 bytes, as in ``ChatItemKey``.
public struct RowID: Hashable, Sendable, CustomStringConvertible {
  public var id: String
  /// Whether the decorator injected the row (a day separator, a status row).
  public var isInjected: Bool

  public init(id: String, isInjected: Bool = false) {
    self.id = id
    self.isInjected = isInjected
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isInjected == rhs.isInjected && lhs.id.hasSameBytes(as: rhs.id)
  }

  public func hash(into hasher: inout Hasher) {
    id.hashBytes(into: &hasher)
    hasher.combine(isInjected)
  }

  public var description: String { isInjected ? "injected \(id)" : id }
}
