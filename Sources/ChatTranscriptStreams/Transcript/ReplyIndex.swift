import ChatTranscript

/// Which items reply to which: the id of each quoted message → the ids of the items quoting it.
///
/// A change to a message reloads the items that quote it, found here without looking at any
/// other item. A quoted id stays while a reply to it is in the transcript, even when the quoted
/// message is not: it may arrive later, in a page of history. Ids are keyed by their UTF-8 bytes.
struct ReplyIndex {
  private var repliesByQuotedID: [UTF8Key: Set<UTF8Key>] = [:]

  /// How many quoted ids the index holds: for tests that it lets go of replies that left.
  var quotedIDCount: Int { repliesByQuotedID.count }

  /// Records that the item `reply` quotes the message `quoted`.
  ///
  /// - Complexity: O(1) amortized.
  mutating func add(reply: String, quoting quoted: String) {
    repliesByQuotedID[UTF8Key(quoted), default: []].insert(UTF8Key(reply))
  }

  /// Forgets that the item `reply` quotes the message `quoted`.
  ///
  /// - Complexity: O(1) amortized.
  mutating func remove(reply: String, quoting quoted: String) {
    let key = UTF8Key(quoted)
    guard var replies = repliesByQuotedID.removeValue(forKey: key) else { return }
    replies.remove(UTF8Key(reply))
    if !replies.isEmpty { repliesByQuotedID[key] = replies }
  }

  /// The ids of the items quoting `quoted`; empty when none does.
  ///
  /// - Complexity: O(1).
  func replies(quoting quoted: String) -> Set<UTF8Key> {
    repliesByQuotedID[UTF8Key(quoted)] ?? []
  }
}
