/// What a decorator makes of one item: its own decoration plus items it injects around it.
///
/// Injected items (a time separator before a message, a "failed" row after it) are laid out
/// and presented like any other item; their ids must be unique and stable across updates so
/// their presenters and heights survive (derive them from the owning item's id).
public struct DecoratedItems: Sendable {
  public var decoration: ChatItemDecoration
  public var leading: [DecoratedItem]
  public var trailing: [DecoratedItem]

  public init(
    decoration: ChatItemDecoration,
    leading: [DecoratedItem] = [],
    trailing: [DecoratedItem] = []
  ) {
    self.decoration = decoration
    self.leading = leading
    self.trailing = trailing
  }
}

/// An injected item with its decoration.
public struct DecoratedItem: Sendable {
  public var item: any ChatItem
  public var decoration: ChatItemDecoration

  public init(item: any ChatItem, decoration: ChatItemDecoration = .plain) {
    self.item = item
    self.decoration = decoration
  }
}
