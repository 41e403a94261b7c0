import ChatTranscript

/// What ``MessagesDecorator`` reads of one item: its kind, its date and, for a message, who
/// sent it which way and how far it got.
///
/// Read with at most one cast per item: a decoration looks at an item and both neighbours, and a
/// dynamic cast from `any ChatItem` (which copies the item out) is the costly part of it. Kept
/// to one string, so the facts of three items are cheap to hold and to drop.
struct DecorationFacts {
  enum Kind {
    /// A ``MessageItem`` or a wire item of a message type: it joins groups.
    case message
    /// The typing row: last in the transcript, it needs no margin below.
    case typingIndicator
    case other
  }

  var kind = Kind.other
  /// When the item happened, for any item that says: messages, system notices, wire items.
  var date: Timestamp?
  // For messages only:
  var sender = ""
  var isIncoming = true
  var status: DeliveryStatus?
  /// ``MessageModel/isPendingOrFailed``.
  var isPendingOrFailed = false

  init(_ item: any ChatItem) {
    if let wire = item.wireItem {  // no cast at all for what stream transcripts hold
      date = wire.date
      if wire.type == MessageItemType.text || wire.type == MessageItemType.photo {
        read(MessageModel(wire))  // what a wire item's message model says
      }
      return
    }
    switch item {
    case let notice as SystemNoticeItem:  // concrete casts first: they are the cheap ones
      date = notice.date
    case let item as any MessageItem:
      read(item.message)
    case is TypingIndicatorItem:
      kind = .typingIndicator
    default:
      break
    }
  }

  private mutating func read(_ message: MessageModel) {
    kind = .message
    date = message.date
    sender = message.sender
    isIncoming = message.isIncoming
    status = message.status
    isPendingOrFailed = message.isPendingOrFailed
  }
}
