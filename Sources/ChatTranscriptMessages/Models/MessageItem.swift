import ChatTranscript

/// A chat item that is a message: it carries a ``MessageModel``.
///
/// The decorator groups, separates and annotates items through this protocol (and through
/// wire items of the message types, which carry the same fields), so an app's own message
/// types join groups as soon as they conform.
public protocol MessageItem: ChatItem {
  var message: MessageModel { get }
}

extension MessageModel {
  /// The message model of `item` when it is a message: a ``MessageItem`` or a wire item of
  /// type `"text"` or `"photo"`; `nil` for anything else (system notices, typing rows, …).
  public init?(of item: any ChatItem) {
    // The concrete wire type first: a cast to a concrete type is cheap, while a cast to a
    // protocol existential searches conformances.
    if let wire = item.wireItem {
      guard let model = MessageModel(messageIn: wire) else { return nil }
      self = model
    } else if let message = item as? any MessageItem {
      self = message.message
    } else {
      return nil
    }
  }

  /// The message model of a wire item of a message type (`"text"`, `"photo"`); `nil` for
  /// other wire items.
  init?(messageIn wire: StreamItem) {
    guard wire.type == MessageItemType.text || wire.type == MessageItemType.photo else { return nil }
    self.init(wire)
  }
}
