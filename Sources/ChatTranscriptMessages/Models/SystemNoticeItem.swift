import ChatTranscript

/// A notice from the chat itself ("alice joined", "messages are end-to-end encrypted"):
/// centred, no sender, no bubble.
public struct SystemNoticeItem: ChatItem, Hashable {
  public var id: String
  public var text: String
  public var date: Timestamp?

  public init(id: String, text: String, date: Timestamp? = nil) {
    self.id = id
    self.text = text
    self.date = date
  }

  /// A wire item of type `"system"` as a notice; a missing text is an empty one.
  public init(_ item: StreamItem) {
    self.init(id: item.id, text: item.text ?? "", date: item.date)
  }

  /// `item` as a notice when it is one: a ``SystemNoticeItem`` or a wire item of type `"system"`.
  public init?(converting item: any ChatItem) {
    if let wire = item.wireItem {
      guard wire.type == MessageItemType.system else { return nil }
      self.init(wire)
    } else if let notice = item as? SystemNoticeItem {
      self = notice
    } else {
      return nil
    }
  }

  public var type: String { MessageItemType.system }
}
