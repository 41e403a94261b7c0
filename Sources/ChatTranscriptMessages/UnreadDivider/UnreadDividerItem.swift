import ChatTranscript

/// The `── new messages ──` row the decorator injects after the message the local user has
/// read up to, when newer incoming messages follow it.
///
/// Its id derives from that message's (`"m7/unread"`), so it keeps its presenter and height
/// while the message stays the last one read.
public struct UnreadDividerItem: ChatItem, Hashable {
  /// What the divider says.
  public static let text = "── new messages ──"

  public var id: String

  /// The divider that follows the item with id `ownerID`.
  public init(followingItemWithID ownerID: String) {
    self.id = ownerID + "/unread"
  }

  public var type: String { MessageItemType.unreadDivider }
}
