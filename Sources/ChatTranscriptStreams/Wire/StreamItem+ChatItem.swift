import ChatTranscript
import ChatTranscriptMessages

/// Wire items are chat items as they are (id, type, value equality for content), and the
/// message kit reads them as its own shapes: `"text"`, `"photo"` and `"system"` items.
extension StreamItem: ConversationItem {
  /// Whether `other` shows what this item shows in its own row. Who has read up to it and
  /// whether the divider follows it are shown in rows the decorator injects, so a reader
  /// arriving reloads those rows and keeps the item's presenter and height.
  public func hasSameContent(as other: any ChatItem) -> Bool {
    guard let other = other as? StreamItem else { return false }
    return hasSameOwnRow(as: other)
  }

  /// The message part of a `"text"` or `"photo"` item; `nil` for other types.
  ///
  /// A missing `incoming` field reads as incoming: an item that does not claim to be the
  /// local user's is treated as someone else's, which never offers a retry for it.
  public var messageModel: MessageModel? {
    guard isMessage else { return nil }
    return message
  }

  /// Read from the item's own fields: the decorator reads every message's, and making the
  /// whole model for them copied its id, type, quote and reactions too.
  public var messageSummary: MessageSummary? {
    guard isMessage else { return nil }
    return MessageSummary(
      sender: sender ?? "", isIncoming: isIncoming ?? true, date: date, status: status,
      readReceipt: readReceipt, isFollowedByUnreadDivider: isFollowedByUnreadDivider)
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
      quote: replyTo == nil ? nil : quote ?? .notLoaded, reactions: reactions, readReceipt: readReceipt,
      isFollowedByUnreadDivider: isFollowedByUnreadDivider)
  }

  /// Whether the item, after the last-read one, is something new to read: a text or photo
  /// that is not the local user's own (`"incoming"` not false) and not a tombstone. The unread divider
  /// shows while one follows the last-read item.
  var countsAsUnread: Bool {
    isIncoming != false && isDeleted != true
      && isMessage
  }

  /// Whether the item is one of the wire format's messages (`"text"` or `"photo"`): the
  /// items with a message model.
  private var isMessage: Bool {
    type == MessageItemType.text || type == MessageItemType.photo
  }
}
