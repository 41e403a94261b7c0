import ChatTranscript

/// The row the decorator injects under an outgoing message that is still sending or failed.
///
/// Its id derives from the message's (`"m7/status"`): a status change from sending to failed
/// updates the same row instead of replacing it.
public struct MessageStatusItem: ChatItem, Hashable {
  public var id: String
  public var messageID: String
  public var status: DeliveryStatus

  public init(messageID: String, status: DeliveryStatus) {
    self.id = messageID + "/status"
    self.messageID = messageID
    self.status = status
  }

  public var type: String { MessageItemType.messageStatus }
}
