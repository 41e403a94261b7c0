import ChatTranscript

/// The routing keys of the items this module presents, as builders are registered for them.
///
/// Message types match the wire format (`"text"`, `"photo"`, `"system"`, `"typing"`); the
/// injected types are this module's own and never appear on the wire.
public enum MessageItemType {
  public static let text = "text"
  public static let photo = "photo"
  public static let system = "system"
  public static let typing = TypingIndicatorItem.itemType
  /// Day separators the decorator injects before the first item of a day.
  public static let timeSeparator = "time-separator"
  /// "sending…" / "not delivered" rows the decorator injects under outgoing messages.
  public static let messageStatus = "message-status"
  /// "seen by bob, yuki" rows the decorator injects under messages others have read.
  public static let readReceipt = "read-receipt"
  /// The "── new messages ──" row the decorator injects after the last-read message.
  public static let unreadDivider = "unread-divider"
}
