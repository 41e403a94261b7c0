/// Turns items into decorated items: margins, tails, avatars, group positions, injected rows.
///
/// A decorator is a pure function of an item and its neighbourhood. `reach` bounds that
/// neighbourhood, which is what lets the engine re-decorate only the items around a change
/// instead of the whole transcript.
public protocol ChatItemsDecorator: Sendable {
  /// How many items before and after an item its decoration may depend on.
  ///
  /// The engine re-decorates this many items on each side of every change (fewer for a
  /// replacement ``impactOfReplacing(_:with:)`` says reaches less). A decorator that needs the
  /// whole transcript may return `Int.max`; updates then cost O(n).
  var reach: Int { get }

  /// Decorates the item at `context.index`.
  func decorate(_ context: DecorationContext) -> DecoratedItems

  /// Decorates every item of `run`, in order: what the engine calls.
  ///
  /// The default asks ``decorate(_:)-(DecorationContext)`` item by item. A decorator whose
  /// rules read neighbours can read each item once here instead of once per neighbour
  /// (reading an item out of `any ChatItem` is the costly part of a decoration); the results
  /// must equal the item-by-item ones.
  func decorate(_ run: DecorationRun) -> [DecoratedItems]

  /// How far the decorations change when an item becomes `new` in its place (same id and
  /// type).
  ///
  /// The engine decorates accordingly: nothing for ``DecorationImpact/none`` (a reaction or a
  /// corrected typo costs no decoration), the item alone for ``DecorationImpact/item``, and
  /// ``reach`` items on each side for ``DecorationImpact/neighbours``, the default. Answer
  /// less than `neighbours` only when the rules the neighbours apply read nothing that
  /// changed.
  func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact
}

extension ChatItemsDecorator {
  public func decorate(_ run: DecorationRun) -> [DecoratedItems] {
    (0..<run.count).map { decorate(run.context($0)) }
  }

  public func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact {
    .neighbours
  }
}

/// Which decorations a replaced item may change (see
/// ``ChatItemsDecorator/impactOfReplacing(_:with:)``).
public enum DecorationImpact: Sendable {
  /// None: the item keeps its decoration and injected rows, its neighbours theirs.
  case none
  /// The item's own decoration and injected rows; its neighbours' stay.
  case item
  /// Those of the item and of its neighbours within the decorator's reach.
  case neighbours
}

/// Gives every item a fixed bottom margin and injects nothing.
public struct UniformDecorator: ChatItemsDecorator {
  public var bottomMargin: Double

  public init(bottomMargin: Double = 0) {
    self.bottomMargin = bottomMargin
  }

  public var reach: Int { 0 }

  public func decorate(_ context: DecorationContext) -> DecoratedItems {
    DecoratedItems(decoration: ChatItemDecoration(bottomMargin: bottomMargin))
  }

  /// Every item is decorated alike.
  public func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact { .none }
}
