import ChatTranscript

/// The "bob is typing…" row a stream transcript keeps at the bottom while anyone types.
public struct TypingIndicatorItem: ChatItem, Hashable {
  /// The id of the typing row; stream items may not use it.
  public static let reservedID = "#typing"
  public static let itemType = "typing"

  /// Who is typing, in the order they started.
  public var senders: [String]

  public init(senders: [String]) {
    self.senders = senders
  }

  public var id: String { Self.reservedID }
  public var type: String { Self.itemType }
}
