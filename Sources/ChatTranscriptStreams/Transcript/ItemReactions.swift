import ChatTranscript
import ChatTranscriptMessages

/// The reactions `react` events gave one item, by sender, on top of the counts its own
/// `"reactions"` gave.
///
/// Each sender counts once per reaction: senders are kept in a set per reaction, keyed by their
/// UTF-8 bytes. An item lists at most ``StreamDecoder/maximumReactionsPerItem`` reactions, so
/// looking one up by scanning them stays cheap.
struct ItemReactions {
  /// The item's own counts, from its last insert or update.
  var given: [MessageReaction]
  /// Each reaction senders gave, in the order it first appeared, with who gave it.
  private var senders: [(reaction: String, senders: Set<UTF8Key>)] = []

  init(given: [MessageReaction]) {
    self.given = given
  }

  /// Whether any sender's reaction is kept; when none is, the item's own counts are all there is.
  var hasSenders: Bool { !senders.isEmpty }

  /// Gives `sender`'s `reaction` (`isActive`) or takes it back.
  ///
  /// - Returns: Whether anything changed: not for a sender who already gave the reaction, or
  ///   takes back one they did not give.
  /// - Complexity: O(*k*) for *k* reactions.
  mutating func set(_ reaction: String, from sender: String, isActive: Bool) -> Bool {
    let key = UTF8Key(sender)
    guard let index = senders.firstIndex(where: { $0.reaction.hasSameBytes(as: reaction) }) else {
      guard isActive else { return false }
      senders.append((reaction, [key]))
      return true
    }
    if isActive { return senders[index].senders.insert(key).inserted }
    guard senders[index].senders.remove(key) != nil else { return false }
    if senders[index].senders.isEmpty { senders.remove(at: index) }
    return true
  }

  /// The counts shown: each given count plus its senders, then the reactions only senders gave,
  /// in the order they first appeared. A total stops at ``StreamDecoder/maximumReactionCount``,
  /// so the item, written out again, is a line the decoder reads back.
  ///
  /// - Complexity: O(*k*²) for *k* reactions, at most the limit.
  var totals: [MessageReaction] {
    var totals = given
    for (reaction, senders) in senders {
      if let index = totals.firstIndex(where: { $0.reaction.hasSameBytes(as: reaction) }) {
        totals[index].count = min(totals[index].count + senders.count, StreamDecoder.maximumReactionCount)
      } else {
        totals.append(MessageReaction(reaction: reaction, count: senders.count))
      }
    }
    return totals
  }
}
