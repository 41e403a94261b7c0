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
    // Wire items first: they are what a stream transcript holds, and a failed cast costs.
    if let wire = item.wireItem {
      guard wire.type == MessageItemType.text else { return nil }
      self.init(wire)
    } else if let text = item as? TextMessageItem {
      self = text
    } else {
      return nil
    }
  }

  /// Whether ``init(converting:)`` would succeed, without copying the item out.
  public static func canConvert(_ item: any ChatItem) -> Bool {
    item.wireItem != nil ? item.type == MessageItemType.text : item is TextMessageItem
  }

  public var id: String { message.id }
  public var type: String { message.type }
}
