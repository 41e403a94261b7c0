import ChatTranscript

/// A text message.
public struct TextMessageItem: MessageItem, Hashable {
  public var message: MessageModel
  public var text: String

  public init(message: MessageModel, text: String) {
    self.message = message
    self.text = text
  }

  /// A wire item as a text message; a missing text is an empty one.
  public init(_ item: StreamItem) {
    self.init(message: MessageModel(item), text: item.text ?? "")
  }

  /// `item` as a text message when it is one: a ``TextMessageItem`` or a wire item of type
  /// `"text"`.
  public init?(converting item: any ChatItem) {
    if let text = item as? TextMessageItem {
      self = text
    } else if let wire = item as? StreamItem, wire.type == MessageItemType.text {
      self.init(wire)
    } else {
      return nil
    }
  }

  public var id: String { message.id }
  public var type: String { message.type }
}
