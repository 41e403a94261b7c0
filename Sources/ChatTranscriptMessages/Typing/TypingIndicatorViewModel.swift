import ChatTranscript

/// What the typing row says: `alice is typing…`, `alice and bob are typing…`,
/// `alice, bob and 2 others are typing…`.
public struct TypingIndicatorViewModel: Sendable, Hashable {
  public var text: String

  public init(senders: [String]) {
    switch senders.count {
    case 0: text = "typing…"
    case 1: text = "\(senders[0]) is typing…"
    case 2: text = "\(senders[0]) and \(senders[1]) are typing…"
    default:
      let others = senders.count - 2
      text = "\(senders[0]), \(senders[1]) and \(others) other\(others == 1 ? "" : "s") are typing…"
    }
  }
}
