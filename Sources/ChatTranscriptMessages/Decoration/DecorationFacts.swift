import ChatTranscript

/// What ``MessagesDecorator`` reads of one item: its date and, for a message, its model.
///
/// Read with at most one cast per item: a decoration looks at an item and both neighbours, and a
/// dynamic cast from `any ChatItem` (which copies the item out) is the costly part of it.
struct DecorationFacts {
  /// When the item happened, for any item that says: messages, system notices, wire items.
  var date: Timestamp?
  /// The message model when the item is a message (see ``MessageModel/init(of:)``).
  var message: MessageModel?
  /// The typing row: last in the transcript, it needs no margin below.
  var isTypingIndicator = false

  init(_ item: any ChatItem) {
    if let wire = item.wireItem {  // no cast at all for what stream transcripts hold
      date = wire.date
      message = MessageModel(messageIn: wire)
      return
    }
    switch item {
    case let notice as SystemNoticeItem:  // concrete casts first: they are the cheap ones
      date = notice.date
    case let item as any MessageItem:
      message = item.message
      date = item.message.date
    case is TypingIndicatorItem:
      isTypingIndicator = true
    default:
      break
    }
  }
}
