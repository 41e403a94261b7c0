/// The item being decorated and the neighbours its decorator may look at.
///
/// A window of items plus a way to read beyond it; cheap to make (no allocation per item).
public struct DecorationContext {
  /// The item being decorated.
  public let item: any ChatItem
  /// The item's index in the transcript (data-source items only).
  public let index: Int
  let window: [any ChatItem]
  let positionInWindow: Int
  let outside: (Int) -> (any ChatItem)?

  init(window: [any ChatItem], position: Int, windowStart: Int, outside: @escaping (Int) -> (any ChatItem)?) {
    self.item = window[position]
    self.index = windowStart + position
    self.window = window
    self.positionInWindow = position
    self.outside = outside
  }

  /// A context over a plain list of items, for testing a decorator on its own.
  ///
  /// - Precondition: `index` is a valid index of `items`.
  public init(items: [any ChatItem], index: Int) {
    self.init(window: items, position: index, windowStart: 0, outside: { _ in nil })
  }

  /// The item `offset` places away (`-1` is the previous item, `1` the next), or `nil` past
  /// either end of the transcript.
  ///
  /// Offsets beyond the decorator's `reach` are not guaranteed to be seen as they change.
  public func item(at offset: Int) -> (any ChatItem)? {
    Self.item(
      at: offset, from: positionInWindow, in: window, windowStart: index - positionInWindow, outside: outside)
  }

  /// The item `offset` places from `position` of `window` (whose first item is transcript
  /// item `windowStart`), read through `outside` past the window; `nil` past either end of the
  /// transcript. What a context and a ``DecorationRun`` both read neighbours with.
  static func item(
    at offset: Int, from position: Int, in window: [any ChatItem], windowStart: Int,
    outside: (Int) -> (any ChatItem)?
  ) -> (any ChatItem)? {
    withItem(at: offset, from: position, in: window, windowStart: windowStart, outside: outside) { $0 }
  }

  /// `body` applied to the item ``item(at:from:in:windowStart:outside:)`` finds, read in
  /// place when it lies in the window (no copy of it is made), or `nil` when there is none.
  @inlinable
  static func withItem<Result>(
    at offset: Int, from position: Int, in window: [any ChatItem], windowStart: Int,
    outside: (Int) -> (any ChatItem)?, _ body: (any ChatItem) -> Result
  ) -> Result? {
    let (target, overflow) = position.addingReportingOverflow(offset)
    if overflow { return nil }
    if target >= 0 && target < window.count { return body(window[target]) }
    let (global, globalOverflow) = windowStart.addingReportingOverflow(target)
    return globalOverflow ? nil : outside(global).map(body)
  }

  /// The previous item, if any.
  public var previous: (any ChatItem)? { item(at: -1) }
  /// The next item, if any.
  public var next: (any ChatItem)? { item(at: 1) }
}
