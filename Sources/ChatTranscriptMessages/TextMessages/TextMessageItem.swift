import ChatTranscript

/// A text message.
public struct TextMessageItem: MessageItem, Hashable {
  public var message: MessageModel
  public var text: String

  @inlinable public init(message: MessageModel, text: String) {
    self.message = message
    self.text = text
  }

  /// `item` as a text message when it is one: a ``TextMessageItem``, or any
  /// ``ConversationItem`` whose content is text (a wire item of type `"text"`).
  public init?(converting item: any ChatItem) {
    guard case .text(let text) = ConversationItems.content(of: item) else { return nil }
    self = text
  }

  public var conversationContent: ConversationContent? { .text(self) }

  public var id: String { message.id }
  public var type: String { message.type }
}
