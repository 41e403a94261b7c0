import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams

/// Groups consecutive stream items by sender (margin 0 inside a group; margin 1 and a tail on
/// the last), puts a sender row before each group and a notice row after a failed send.
///
/// With reach 1 and injected rows, an edit by one writer re-decorates its neighbours, which
/// may belong to another writer: the stress test needs edits that interact.
struct StressDecorator: ChatItemsDecorator {
  static let senderType = "sender"
  static let noticeType = "notice"

  var reach: Int { 1 }

  func decorate(_ context: DecorationContext) -> DecoratedItems {
    let sender = Self.sender(of: context.item)
    let isLast = context.next.map { Self.sender(of: $0) != sender } ?? true
    let decoration = ChatItemDecoration(
      bottomMargin: isLast ? 1 : 0, showsTail: isLast, groupPosition: isLast ? .last : .middle)
    var leading: [DecoratedItem] = []
    if let sender, context.previous.map({ Self.sender(of: $0) != sender }) ?? true {
      leading.append(
        DecoratedItem(item: StreamItem(id: "\(context.item.id)/sender", type: Self.senderType, text: sender)))
    }
    var trailing: [DecoratedItem] = []
    if (context.item as? StreamItem)?.status == .failed {
      trailing.append(
        DecoratedItem(
          item: StreamItem(id: "\(context.item.id)/notice", type: Self.noticeType, text: "not delivered"),
          decoration: ChatItemDecoration(bottomMargin: 1)))
    }
    return DecoratedItems(decoration: decoration, leading: leading, trailing: trailing)
  }

  static func sender(of item: any ChatItem) -> String? {
    (item as? StreamItem)?.sender
  }
}
