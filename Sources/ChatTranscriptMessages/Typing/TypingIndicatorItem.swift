import ChatTranscript

/// The "bob is typing…" row a stream transcript keeps at the bottom while anyone types.
///
/// It names the first few senders and counts the rest, so the row stays one line and costs
/// the same to make, compare and draw however many people type.
public struct TypingIndicatorItem: ChatItem, Hashable {
  /// The id of the typing row; stream items may not use it.
  public static let reservedID = "#typing"
  public static let itemType = "typing"
  /// How many senders the row names; the others are counted (`and 3 others`).
  public static let namedSenderLimit = 2

  /// The senders the row names, in the order they started: at most ``namedSenderLimit``.
  public private(set) var senders: [String]
  /// How many more are typing.
  public private(set) var otherCount: Int

  /// The row for `senders`, in the order they started, and `otherCount` more after them.
  /// Senders past ``namedSenderLimit`` are counted with the others.
  public init(senders: [String], otherCount: Int = 0) {
    let named = min(senders.count, Self.namedSenderLimit)
    self.senders = Array(senders[..<named])
    self.otherCount = max(otherCount, 0) + senders.count - named
  }

  public var id: String { Self.reservedID }
  public var type: String { Self.itemType }
}
