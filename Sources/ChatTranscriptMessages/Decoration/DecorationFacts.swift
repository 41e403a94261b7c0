import ChatTranscript

/// What ``MessagesDecorator`` reads of one item: its kind, its date and, for a message, who
/// sent it which way, how far it got and who has read up to it.
///
/// Read with at most one cast per item: a decoration looks at an item and both neighbours, and a
/// dynamic cast from `any ChatItem` (which copies the item out) is the costly part of it. Kept
/// to one string and a receipt that is empty for almost every message, so the facts of three
/// items are cheap to hold and to drop.
struct DecorationFacts: Equatable {
  enum Kind {
    /// An item with a ``MessageModel``: it joins groups.
    case message
    /// The typing row: last in the transcript, it needs no margin below.
    case typingIndicator
    case other
  }

  var kind = Kind.other
  /// When the item happened, for any ``ConversationItem`` that says.
  var date: Timestamp?
  // For messages only:
  var sender = ""
  var isIncoming = true
  var status: DeliveryStatus?
  /// ``MessageModel/isPendingOrFailed``.
  var isPendingOrFailed = false
  var readReceipt = ReadReceipt()
  var isFollowedByUnreadDivider = false

  init(_ item: any ChatItem) {
    if let facts = ConversationItems.read(item, Reader()) {
      self = facts
    } else if item is TypingIndicatorItem {
      kind = .typingIndicator
    }
  }

  private init() {}

  /// Whether the neighbours' rules read the same of both: what an item is, when it happened,
  /// whose it is and whether the divider follows it (groups and days). A message's status and
  /// readers show only in its own rows.
  func looksAlikeToNeighbours(_ other: DecorationFacts) -> Bool {
    kind == other.kind && date == other.date && sender == other.sender && isIncoming == other.isIncoming
      && isFollowedByUnreadDivider == other.isFollowedByUnreadDivider
  }

  /// The facts of a ``ConversationItem``: a message's, or only its date.
  private struct Reader: ConversationItemReader {
    func read(_ item: some ConversationItem) -> DecorationFacts {
      var facts = DecorationFacts()
      if let message = item.messageSummary {
        facts.read(message)
      } else {
        facts.date = item.date
      }
      return facts
    }
  }

  private mutating func read(_ message: MessageSummary) {
    kind = .message
    date = message.date
    sender = message.sender
    isIncoming = message.isIncoming
    status = message.status
    isPendingOrFailed = message.isPendingOrFailed
    readReceipt = message.readReceipt
    isFollowedByUnreadDivider = message.isFollowedByUnreadDivider
  }
}
