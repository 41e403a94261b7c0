import ChatTranscript

/// Which items reply to which: the id of each quoted message → the ids of the items quoting it.
///
/// A change to a message reloads the items that quote it, found here without looking at any
/// other item. A quoted id stays while a reply to it is in the transcript, even when the quoted
/// message is not: it may arrive later, in a page of history. Ids are keyed by their UTF-8 bytes.
struct ReplyIndex {
  private var repliesByQuotedID: [UTF8Key: Set<UTF8Key>] = [:]
  /// The quoted ids' hashes, counted once per reply: whether a new message is quoted at all is
  /// one probe of this small table with the hash its insert already has, where the dictionary
  /// hashed its id again. Most messages are quoted by nothing.
  private var quotedHashes = IDHashTable()

  /// How many quoted ids the index holds: for tests that it lets go of replies that left.
  var quotedIDCount: Int { repliesByQuotedID.count }

  /// Records that the item `reply` quotes the message `quoted`.
  ///
  /// - Complexity: O(1) amortized.
  mutating func add(reply: String, quoting quoted: String) {
    if repliesByQuotedID[UTF8Key(quoted), default: []].insert(UTF8Key(reply)).inserted {
      quotedHashes.add(IDHashTable.hash(of: quoted))
    }
  }

  /// Forgets that the item `reply` quotes the message `quoted`.
  ///
  /// - Complexity: O(1) amortized.
  mutating func remove(reply: String, quoting quoted: String) {
    let key = UTF8Key(quoted)
    guard var replies = repliesByQuotedID.removeValue(forKey: key) else { return }
    if replies.remove(UTF8Key(reply)) != nil { quotedHashes.remove(IDHashTable.hash(of: quoted)) }
    if !replies.isEmpty { repliesByQuotedID[key] = replies }
  }

  /// The ids of the items quoting `quoted`; empty when none does.
  ///
  /// - Complexity: O(1).
  /// - Parameter hash: the id's ``IDHashTable/hash(of:)``.
  func replies(quoting quoted: String, hash: UInt64) -> Set<UTF8Key> {
    guard quotedHashes.slot(of: hash) != nil else { return [] }
    return repliesByQuotedID[UTF8Key(quoted)] ?? []
  }
}
