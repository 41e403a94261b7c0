import ChatTranscript

/// An item the message kit can read, whatever its type: when it happened, whether it is a
/// message and whose, and which of the kit's own shapes it takes.
///
/// The kit's own items adopt it, the wire format's items adopt it, and so can any item a
/// backend invents. ``MessagesDecorator`` reads ``date`` for day separators and
/// ``messageSummary`` (by default, of ``messageModel``) for groups, tails, avatars and status
/// rows; the kit's builders draw an item whose ``conversationContent`` names one of their kinds. Every requirement has a
/// default, so a dated event ("call ended at 10:02") only says when it happened:
///
/// ```swift
/// struct CallEndedItem: ConversationItem, Hashable {
///   var id: String
///   var type: String { "call-ended" }
///   var date: Timestamp?
/// }
/// ```
///
/// The kit reads conforming items without a cast to this protocol per item (see
/// ``ConversationItems``), so adopting it costs nothing on the hot path.
public protocol ConversationItem: ChatItem {
  /// When the item happened; `nil` when unknown (it then never starts a new day).
  var date: Timestamp? { get }
  /// Who sent the item which way and how far it got, when it is a message; `nil` for
  /// anything else. A message joins its sender's group.
  var messageModel: MessageModel? { get }
  /// What the decorator reads of a message, `nil` exactly when ``messageModel`` is. The
  /// default takes it from ``messageModel``; an item that makes its model on each read can
  /// give it without making the rest.
  var messageSummary: MessageSummary? { get }
  /// The item as one of the kit's own shapes, for the kit's builders; `nil` for an item
  /// other builders draw.
  var conversationContent: ConversationContent? { get }
  /// Where the item keeps how its message text last wrapped, so that sizing its row and
  /// drawing it wrap the text once (see ``TextMetricsMemo``); `nil`, the default, keeps
  /// nothing and costs a second wrap.
  var textMetricsMemo: TextMetricsMemo? { get }
}

extension ConversationItem {
  public var date: Timestamp? { messageModel?.date }
  public var messageModel: MessageModel? { nil }
  public var messageSummary: MessageSummary? { messageModel.map(MessageSummary.init) }
  public var conversationContent: ConversationContent? { nil }
  public var textMetricsMemo: TextMetricsMemo? { nil }
}

/// The shapes of item the kit's builders draw.
public enum ConversationContent: Sendable, Hashable {
  case text(TextMessageItem)
  case photo(PhotoMessageItem)
  case notice(SystemNoticeItem)
}

/// A chat item that is always a message: it carries a ``MessageModel``.
///
/// The app's own message types join groups as soon as they conform.
public protocol MessageItem: ConversationItem {
  var message: MessageModel { get }
}

extension MessageItem {
  public var messageModel: MessageModel? { message }
  public var date: Timestamp? { message.date }
}

extension MessageModel {
  /// The message model of `item` when it is a message; `nil` for anything else (system
  /// notices, typing rows, items that are not ``ConversationItem``s).
  public init?(of item: any ChatItem) {
    guard let model = ConversationItems.messageModel(of: item) else { return nil }
    self = model
  }
}
