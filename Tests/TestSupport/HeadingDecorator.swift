import ChatTranscript

/// Puts a pinned heading two rows high (a "day") before the first item of each run of items
/// whose texts start with the same letter, and nothing else.
public struct HeadingDecorator: ChatItemsDecorator {
  public init() {}

  public var reach: Int { 1 }

  public func decorate(_ context: DecorationContext) -> DecoratedItems {
    let letter = (context.item as? TestItem)?.text.first
    guard context.previous.map({ ($0 as? TestItem)?.text.first != letter }) ?? true else {
      return DecoratedItems(decoration: .plain)
    }
    let heading = TestItem(id: "\(context.item.id)/day", type: "separator", height: 2)
    return DecoratedItems(
      decoration: .plain,
      leading: [DecoratedItem(item: heading, decoration: ChatItemDecoration(isPinnedHeader: true))])
  }

  /// `count` items two rows high for each of `letters`, named by letter and number (`a0`).
  public static func days(_ letters: [Character], count: Int) -> [any ChatItem] {
    letters.flatMap { letter in
      (0..<count).map { TestItem(id: "\(letter)\($0)", height: 2, text: String(letter)) }
    }
  }
}
