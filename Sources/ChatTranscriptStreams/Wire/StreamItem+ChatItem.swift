import ChatTranscript
import ChatTranscriptMessages

/// Wire items are chat items as they are (id, type, value equality for content), and the
/// message kit reads them as its own shapes: `"text"`, `"photo"` and `"system"` items.
extension StreamItem: ConversationItem {
  /// The message part of a `"text"` or `"photo"` item; `nil` for other types.
  ///
  /// A missing `incoming` field reads as incoming: an item that does not claim to be the
  /// local user's is treated as someone else's, which never offers a retry for it.
  public var messageModel: MessageModel? {
    guard type == MessageItemType.text || type == MessageItemType.photo else { return nil }
    return message
  }

  /// A missing text is an empty one.
  public var conversationContent: ConversationContent? {
    switch type {
    case MessageItemType.text:
      .text(TextMessageItem(message: message, text: text ?? ""))
    case MessageItemType.photo:
      .photo(PhotoMessageItem(message: message, pixelWidth: width, pixelHeight: height, caption: caption))
    case MessageItemType.system:
      .notice(SystemNoticeItem(id: id, text: text ?? "", date: date))
    default:
      nil
    }
  }

  /// The item's message fields, whatever its type.
  ///
  /// A reply that no transcript resolved quotes a message that is not loaded.
  private var message: MessageModel {
    MessageModel(
      id: id, type: type, sender: sender ?? "", isIncoming: isIncoming ?? true, date: date, status: status,
      isEdited: isEdited ?? false, isDeleted: isDeleted ?? false,
      quote: replyTo == nil ? nil : quote ?? .notLoaded, reactions: reactions)
  }
}
