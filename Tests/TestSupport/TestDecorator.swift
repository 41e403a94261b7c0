import ChatTranscript

/// A decorator with reach 1 that exercises everything decorators can do.
///
/// Items whose texts start with the same letter form a group: margin 0 inside, 1 after the
/// last; the last shows a tail. An item whose first letter differs from the previous item's
/// gets a leading separator row (a "day change"); an item whose text contains "!" gets a
/// trailing status row (a "failed send").
public struct TestDecorator: ChatItemsDecorator {
  public init() {}

  public var reach: Int { 1 }

  public func decorate(_ context: DecorationContext) -> DecoratedItems {
    let group = Self.group(of: context.item)
    let isLastInGroup = context.next.map { Self.group(of: $0) != group } ?? true
    let decoration = ChatItemDecoration(
      bottomMargin: isLastInGroup ? 1 : 0, showsTail: isLastInGroup, showsAvatar: isLastInGroup,
      groupPosition: isLastInGroup ? .last : .middle)
    var leading: [DecoratedItem] = []
    if let previous = context.previous, Self.group(of: previous) != group {
      leading.append(
        DecoratedItem(item: TestItem(id: "\(context.item.id)/separator", type: "separator", height: 1)))
    }
    var trailing: [DecoratedItem] = []
    if let item = context.item as? TestItem, Self.fails(item) {
      trailing.append(
        DecoratedItem(
          item: TestItem(id: "\(item.id)/status", type: "status", height: 1, text: "failed"),
          decoration: ChatItemDecoration(bottomMargin: 1)))
    }
    return DecoratedItems(decoration: decoration, leading: leading, trailing: trailing)
  }

  /// The rules read an item's first letter, which its neighbours see, and whether its text
  /// has a "!", which only its own status row shows.
  public func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact {
    guard Self.group(of: old) == Self.group(of: new) else { return .neighbours }
    return Self.fails(old) == Self.fails(new) ? .none : .item
  }

  static func fails(_ item: any ChatItem) -> Bool {
    (item as? TestItem)?.text.contains("!") ?? false
  }

  static func group(of item: any ChatItem) -> Character? {
    (item as? TestItem)?.text.first
  }
}
