/// Consecutive items to decorate, in transcript order, each with the neighbourhood its
/// ``DecorationContext`` shows.
///
/// What ``ChatItemsDecorator/decorate(_:)-(DecorationRun)`` receives, so that a decorator
/// reading the same neighbours for several items can read each item once: item `k + 1` is
/// the `next` of item `k`.
public struct DecorationRun {
  @usableFromInline let window: [any ChatItem]
  @usableFromInline let positions: Range<Int>
  @usableFromInline let windowStart: Int
  @usableFromInline let outside: (Int) -> (any ChatItem)?

  init(
    window: [any ChatItem], positions: Range<Int>, windowStart: Int,
    outside: @escaping (Int) -> (any ChatItem)?
  ) {
    self.window = window
    self.positions = positions
    self.windowStart = windowStart
    self.outside = outside
  }

  /// A run over a plain list of items, for testing a decorator on its own.
  ///
  /// - Precondition: `range` lies within `items.indices`.
  public init(items: [any ChatItem], range: Range<Int>) {
    self.init(window: items, positions: range, windowStart: 0, outside: { _ in nil })
  }

  /// How many items the run decorates.
  public var count: Int { positions.count }

  /// The item `offset` places from the run's first (`-1` is the one before the run, `count`
  /// the one after it), or `nil` past either end of the transcript.
  ///
  /// Cheaper than going through ``context(_:)`` for a decorator that walks the run: no
  /// context (a copy of the window, the item and the reader of the rest) is made per item.
  public func item(at offset: Int) -> (any ChatItem)? {
    DecorationContext.item(
      at: offset, from: positions.lowerBound, in: window, windowStart: windowStart, outside: outside)
  }

  /// `body` applied to ``item(at:)``'s item, or `nil` when there is none: reads an item of
  /// the run in place, for a decorator that needs only facts about it.
  @inlinable
  public func withItem<Result>(at offset: Int, _ body: (any ChatItem) -> Result) -> Result? {
    DecorationContext.withItem(
      at: offset, from: positions.lowerBound, in: window, windowStart: windowStart, outside: outside, body)
  }

  /// The context of the run's `offset`-th item (0 is the first).
  ///
  /// - Precondition: `0 <= offset < count`.
  public func context(_ offset: Int) -> DecorationContext {
    DecorationContext(
      window: window, position: positions.lowerBound + offset, windowStart: windowStart, outside: outside)
  }
}
