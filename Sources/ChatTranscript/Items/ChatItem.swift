/// One entry of a transcript: a message, a time separator, a status row, anything a backend invents.
///
/// Items are immutable `Sendable` values so they can cross to background queues for height
/// calculation. The `type` routes the item to the presenter builders registered for it.
public protocol ChatItem: Sendable {
  /// Unique within a transcript; presenters, cached heights and reading positions follow it.
  var id: String { get }
  /// The routing key: builders are registered per type.
  var type: String { get }
  /// Whether `other` shows exactly what this item shows.
  ///
  /// The engine calls `update(with:)` on a presenter, bumps the item's content version and
  /// recomputes its height only when this returns `false`.
  func hasSameContent(as other: any ChatItem) -> Bool
}

extension ChatItem where Self: Equatable {
  public func hasSameContent(as other: any ChatItem) -> Bool {
    (other as? Self) == self
  }
}
