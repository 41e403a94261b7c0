import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import CommandLineSupport
import TranscriptGenerator

/// Where the benchmark's transcripts come from: synthetic messages with a fixed seed (the
/// generator behind `transcript generate`), or the items of a real NDJSON stream (`--input`).
enum TranscriptItems {
  case synthetic(seed: UInt64)
  /// The stream's items after applying every event, oldest first, typing rows left out.
  case stream(path: String)

  /// The first `count` items (all of a shorter stream). Not timed.
  ///
  /// Synthetic items are the inserts of the generator's events: the same seed and count give
  /// the same transcript in every run, and a smaller transcript is a prefix of a larger one.
  /// A stream is decoded as the text scenario's `loadTexts` does; bad lines are reported on
  /// standard error and skipped.
  ///
  /// - Returns: `nil` when the stream cannot be read at all (the reason is on standard error).
  func load(upTo count: Int) -> [StreamItem]? {
    switch self {
    case .stream(let path):
      let transcript = StreamTranscript()
      guard StreamInput.feed(path, into: transcript) != nil else { return nil }
      var items: [StreamItem] = []
      items.reserveCapacity(min(transcript.count, count))
      for case let item as StreamItem in transcript.chatItems where items.count < count {
        items.append(item)
      }
      return items
    case .synthetic(let seed):
      var items: [StreamItem] = []
      items.reserveCapacity(count)
      var indexByID: [String: Int] = [:]
      var events = SyntheticTranscript(count: Int.max, seed: seed)
      while items.count < count, let event = events.next() {
        switch event {
        case .insert(let item, _):
          indexByID[item.id] = items.count
          items.append(item)
        case .react(let id, _, let reaction, let isActive):
          // The reactions people gave, counted on the message: about one message in five
          // has some, as in the stream.
          if let index = indexByID[id] { Self.count(reaction, isActive: isActive, on: &items[index]) }
        default: break
        }
      }
      return items
    }
  }

  /// One more (or one fewer) `reaction` on `item`; a reaction whose count drops to 0 goes.
  private static func count(_ reaction: String, isActive: Bool, on item: inout StreamItem) {
    var reactions = item.reactions
    if let index = reactions.firstIndex(where: { $0.reaction == reaction }) {
      reactions[index].count += isActive ? 1 : -1
      if reactions[index].count <= 0 { reactions.remove(at: index) }
    } else if isActive {
      reactions.append(MessageReaction(reaction: reaction, count: 1))
    }
    item.reactions = reactions
  }

  /// The shares of `items` with reactions and of those that reply, as percentages: what the
  /// update scenarios report, since their targets hold for a transcript like a real one.
  static func shares(of items: [StreamItem]) -> (reactions: Double, replies: Double) {
    guard !items.isEmpty else { return (0, 0) }
    let withReactions = items.count { !$0.reactions.isEmpty }
    let replies = items.count { $0.replyTo != nil }
    return (100 * Double(withReactions) / Double(items.count), 100 * Double(replies) / Double(items.count))
  }
}
