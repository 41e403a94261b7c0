import ChatTranscript

/// A notice from the chat itself ("alice joined", "messages are end-to-end encrypted"):
/// centred, no sender, no bubble.
public struct SystemNoticeItem: ConversationItem, Hashable {
  public var id: String
  public var text: String
  public var date: Timestamp?

  public init(id: String, text: String, date: Timestamp? = nil) {
    self.id = id
    self.text = text
    self.date = date
  }

  /// `item` as a notice when it is one: a ``SystemNoticeItem``, or any ``ConversationItem``
  /// whose content is a notice (a wire item of type `"system"`).
  public init?(converting item: any ChatItem) {
    guard case .notice(let notice) = ConversationItems.content(of: item) else { return nil }
    self = notice
  }

  public var conversationContent: ConversationContent? { .notice(self) }

  public var type: String { MessageItemType.system }
}
