@_spi(ChunkedStorage) import ChatTranscript

extension StreamTranscript {
  /// An item as the transcript keeps it: the wire item itself (one reference, where an
  /// `any ChatItem` takes five words), and its id at hand for the scans that look ids up.
  struct Entry: Summarized {
    var id: String
    /// The id's hash (``IDHashTable/hash(of:)``): a lookup whose placement hint is stale (an
    /// entry inserted or removed before it in its chunk) compares hashes, not strings, as it
    /// walks the chunk.
    let hash: UInt64
    var item: StreamItem
    /// ``StreamItem/countsAsUnread``, worked out once: every append sums a block of entries
    /// again, and reading the item for each would touch every item of the block.
    let countsAsUnread: Bool
    /// The reactions `react` events gave, once any sender gave one: kept with the item, so a
    /// reaction costs no lookup of its own, and leaves with it.
    var reactions: ItemReactions?

    init(_ item: StreamItem, hash: UInt64, reactions: ItemReactions? = nil) {
      id = item.id
      self.hash = hash
      self.item = item
      countsAsUnread = item.countsAsUnread
      self.reactions = reactions
    }

    /// Whether this is the entry of `id`, whose hash is `hash`.
    @inline(__always)
    func has(_ id: String, hash: UInt64) -> Bool {
      self.hash == hash && self.id.hasSameBytes(as: id)
    }

    /// Counted in the list's running totals, so whether anything unread follows the last-read
    /// item is a prefix sum, not a walk past it.
    var summary: UnreadCount { UnreadCount(count: countsAsUnread ? 1 : 0) }
  }

  /// How many items of a run are ``StreamItem/countsAsUnread``.
  struct UnreadCount: ChunkSummary {
    var count: Int

    static var zero: UnreadCount { UnreadCount(count: 0) }
    static func + (lhs: UnreadCount, rhs: UnreadCount) -> UnreadCount {
      UnreadCount(count: lhs.count + rhs.count)
    }
  }
}
