import ChatTranscript

/// The `seen by bob, yuki` row the decorator injects under a message that is the newest some
/// other participants have read.
///
/// Its id derives from the message's (`"m7/seen"`): a reader arriving updates the same row
/// instead of replacing it.
public struct ReadReceiptItem: ChatItem, Hashable {
  public var id: String
  public var messageID: String
  public var receipt: ReadReceipt

  public init(messageID: String, receipt: ReadReceipt) {
    self.id = messageID + "/seen"
    self.messageID = messageID
    self.receipt = receipt
  }

  public var type: String { MessageItemType.readReceipt }
}
