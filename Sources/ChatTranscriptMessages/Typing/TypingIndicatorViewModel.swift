import ChatTranscript

/// What the typing row says: `alice is typing…`, `alice and bob are typing…`,
/// `alice, bob and 2 others are typing…`.
public struct TypingIndicatorViewModel: Sendable, Hashable {
  public var text: String

  /// The text for the first two of `senders` (in the order they started) and every other
  /// typist, the rest of `senders` and `otherCount` more, counted.
  public init(senders: [String], otherCount: Int = 0) {
    let others = max(senders.count - 2, 0) + max(otherCount, 0)
    switch (senders.count, others) {
    case (0, 0): text = "typing…"
    case (0, _): text = "\(others) \(others == 1 ? "person is" : "people are") typing…"
    case (1, 0): text = "\(senders[0]) is typing…"
    case (1, _): text = "\(senders[0]) and \(others) other\(others == 1 ? "" : "s") are typing…"
    case (_, 0): text = "\(senders[0]) and \(senders[1]) are typing…"
    default: text = "\(senders[0]), \(senders[1]) and \(others) other\(others == 1 ? "" : "s") are typing…"
    }
  }
}
