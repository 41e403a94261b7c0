@_spi(ChunkedStorage) import ChatTranscript
import ChatTranscriptMessages

/// A data source fed by stream events: the transcript a CLI, a backend or a test builds from
/// NDJSON lines.
///
/// Every event becomes one exact edit reported to the delegate, so the controller touches
/// only what changed. Items are kept in a chunked list with an id → chunk index, so finding
/// an item by id, inserting after it or deleting it costs O(√n), not a scan of the transcript.
/// Ids compare by their UTF-8 bytes, as JSON does: `"caf\u{E9}"` and `"cafe\u{301}"` are two
/// items. While anyone types, a ``TypingIndicatorItem`` stays last.
///
/// The items it hands out are the items as shown: a reply carries the ``StreamItem/quote`` of
/// the message it quotes, resolved here and again whenever that message arrives, changes or
/// goes (the replies are reloaded through a ``ReplyIndex``, so that costs the replies, not the
/// transcript), and an item's ``StreamItem/reactions`` count the reactions `react` events gave
/// on top of its own.
public final class StreamTranscript: ChatDataSource {
  /// An item as the transcript keeps it: the wire item itself (one reference, where an
  /// `any ChatItem` takes five words), and its id at hand for the scans that look ids up.
  struct Entry: Summarized {
    var id: String
    var item: StreamItem
    var summary: NoSummary { NoSummary() }
  }

  public weak var delegate: (any ChatDataSourceDelegate)?
  private var entries = ChunkedList<Entry>(tracksChunkPositions: true)
  /// Which chunk of `entries` holds each id.
  private var chunkOfID: [UTF8Key: Int] = [:]
  private var typists = Typists()
  private var replies = ReplyIndex()
  /// The reactions `react` events gave, for the items that have any.
  private var reactionsByID: [UTF8Key: ItemReactions] = [:]

  public init() {}

  /// Stream items, oldest first, without the typing row.
  public var count: Int { entries.count }

  public var chatItems: [any ChatItem] {
    var items: [any ChatItem] = entries.map(\.item)
    if let typing = typingItem { items.append(typing) }
    return items
  }

  /// The item with `id`, if present.
  public func item(withID id: String) -> (any ChatItem)? {
    index(ofID: id).map { entries[$0].item }
  }

  /// Ids in the id index: always `count`, since a deleted item's id leaves it (checked by tests
  /// of long streams, where leftovers would grow with every item ever seen).
  var indexedIDCount: Int { chunkOfID.count }

  /// Whether an item with `id` is in the transcript (the typing row is not an item).
  ///
  /// - Complexity: O(1): the id index holds exactly the items present.
  public func contains(id: String) -> Bool {
    chunkOfID[UTF8Key(id)] != nil
  }

  /// The position of the item with `id`, if present.
  ///
  /// - Complexity: O(B) for chunks of B items.
  public func index(ofID id: String) -> Int? {
    guard let chunk = chunkOfID[UTF8Key(id)], let (elements, start) = entries.chunk(withIdentifier: chunk)
    else {
      return nil
    }
    // Compares ids in place (a closure over the entries copied each one, an existential and
    // a string retained and released, for every id it looked at), newest first: status
    // changes and edits are mostly about recent messages, which end their chunk.
    for offset in elements.indices.reversed() where elements[offset].id.hasSameBytes(as: id) {
      return start + offset
    }
    return nil
  }

  private var typingItem: TypingIndicatorItem? {
    guard !typists.isEmpty else { return nil }
    let named = typists.prefix(TypingIndicatorItem.namedSenderLimit)
    return TypingIndicatorItem(senders: named, otherCount: typists.count - named.count)
  }

  /// How many senders are typing, and what storing them holds on to: for tests that it
  /// follows the typists there are now, not every one there ever was.
  var typingStorage: (typists: Int, capacity: Int) { (typists.count, typists.storageCapacity) }

  /// How many quoted ids and items with reactions from senders are kept: for tests that they
  /// follow the items there are now.
  var replyAndReactionStorage: (quotedIDs: Int, itemsWithReactions: Int) {
    (replies.quotedIDCount, reactionsByID.count)
  }

  // MARK: Applying events

  /// Applies one event and reports the edit to the delegate.
  ///
  /// - Returns: what could not be applied; empty when all went well. A prepend applies its
  ///   good items even when some are rejected.
  @discardableResult
  public func apply(_ event: StreamEvent) -> [TranscriptEventError] {
    switch event {
    case .insert(let item, let position):
      if let error = rejection(of: item.id) { return [error] }
      let index: Int
      switch position {
      case .end: index = entries.count
      case .after(let anchor):
        guard let found = self.index(ofID: anchor) else { return [.unknownID(anchor, field: "after")] }
        index = found + 1
      case .before(let anchor):
        guard let found = self.index(ofID: anchor) else { return [.unknownID(anchor, field: "before")] }
        index = found
      }
      insert([item], at: index, type: .normal)
    case .update(let item):
      guard let index = index(ofID: item.id) else { return [.unknownID(item.id)] }
      update(at: index, with: item)
    case .status(let id, let status):
      guard let index = index(ofID: id) else { return [.unknownID(id)] }
      var item = entries[index].item
      item.status = status
      replace(at: index, with: item)
    case .delete(let id):
      guard let index = index(ofID: id) else { return [.unknownID(id)] }
      delete(at: index)
    case .prepend(let items):
      return prepend(items)
    case .typing(let sender, let isActive):
      setTyping(sender, isActive: isActive)
    case .react(let id, let sender, let reaction, let isActive):
      guard let index = index(ofID: id) else { return [.unknownID(id)] }
      return react(at: index, sender: sender, reaction: reaction, isActive: isActive)
    }
    return []
  }

  private func rejection(of id: String) -> TranscriptEventError? {
    if id.hasSameBytes(as: TypingIndicatorItem.reservedID) { return .reservedID(id) }
    if contains(id: id) { return .duplicateID(id) }
    return nil
  }

  /// How many rejected items of one prepend are reported one by one; the rest are counted in
  /// one more error, so a page of a million duplicates gives a few lines, not a million.
  package static let reportedPrependRejections = 10

  private func prepend(_ items: [StreamItem]) -> [TranscriptEventError] {
    var errors: [TranscriptEventError] = []
    var unreported = 0
    var accepted: [StreamItem] = []
    var seen = Set<UTF8Key>()
    for (number, item) in items.enumerated() {
      let key = UTF8Key(item.id)
      if let error = rejection(of: item.id) ?? (seen.contains(key) ? .duplicateID(item.id) : nil) {
        if errors.count < Self.reportedPrependRejections {
          errors.append(TranscriptEventError(code: .prependItem(number: number + 1, error.code)))
        } else {
          unreported += 1
        }
      } else {
        seen.insert(key)
        accepted.append(item)
      }
    }
    if unreported > 0 { errors.append(.morePrependItemsRejected(unreported)) }
    if !accepted.isEmpty { insert(accepted, at: 0, type: .pagination) }
    return errors
  }

  /// Inserts new items, resolves the quotes of those that reply, and reloads the items that
  /// quote them (a page of history may bring the message an earlier reply quotes).
  private func insert(_ items: [StreamItem], at index: Int, type: UpdateType) {
    place(items.map { Entry(id: $0.id, item: $0) }, replacing: index..<index)
    var shown = items
    for offset in shown.indices {
      guard let replyTo = shown[offset].replyTo else { continue }
      replies.add(reply: shown[offset].id, quoting: replyTo)
    }
    // Once every new item is placed, so that a page's replies find the page's messages.
    for offset in shown.indices {
      guard let replyTo = shown[offset].replyTo else { continue }
      shown[offset].quote = quote(of: replyTo)
      entries[index + offset].item = shown[offset]
    }
    var changes: [ChatItemsChange] = [.insert(shown, at: index)]
    for item in items { reloadReplies(quoting: item.id, into: &changes) }
    delegate?.chatDataSource(self, didChange: changes, type: type)
  }

  /// Replaces an item as a whole; what `react` events gave it stays.
  private func update(at index: Int, with item: StreamItem) {
    let old = entries[index].item
    if let replyTo = old.replyTo { replies.remove(reply: old.id, quoting: replyTo) }
    var shown = item
    if let replyTo = item.replyTo {
      replies.add(reply: item.id, quoting: replyTo)
      shown.quote = quote(of: replyTo)
    }
    let key = UTF8Key(item.id)
    if var reactions = reactionsByID[key] {
      reactions.given = item.reactions
      reactionsByID[key] = reactions
      shown.reactions = reactions.totals
    }
    entries[index] = Entry(id: shown.id, item: shown)
    var changes: [ChatItemsChange] = [.replace(shown, at: index)]
    reloadReplies(quoting: item.id, into: &changes)
    delegate?.chatDataSource(self, didChange: changes, type: .normal)
  }

  private func delete(at index: Int) {
    let old = entries[index].item
    chunkOfID[UTF8Key(old.id)] = nil
    place([], replacing: index..<index + 1)
    if let replyTo = old.replyTo { replies.remove(reply: old.id, quoting: replyTo) }
    reactionsByID[UTF8Key(old.id)] = nil
    var changes: [ChatItemsChange] = [.remove(index..<index + 1)]
    reloadReplies(quoting: old.id, into: &changes)
    delegate?.chatDataSource(self, didChange: changes, type: .normal)
  }

  /// Gives or takes back one sender's reaction and reloads the item with its new counts.
  ///
  /// - Complexity: O(*k*²) for the item's *k* reactions, at most
  ///   ``StreamDecoder/maximumReactionsPerItem``, plus the replacement of one item.
  private func react(at index: Int, sender: String, reaction: String, isActive: Bool)
    -> [TranscriptEventError]
  {
    var item = entries[index].item
    let key = UTF8Key(item.id)
    var reactions = reactionsByID[key] ?? ItemReactions(given: item.reactions)
    guard reactions.set(reaction, from: sender, isActive: isActive) else { return [] }
    let totals = reactions.totals
    guard !isActive || totals.count <= StreamDecoder.maximumReactionsPerItem else {
      return [.tooManyReactions(item.id)]
    }
    reactionsByID[key] = reactions.hasSenders ? reactions : nil
    item.reactions = totals
    replace(at: index, with: item)
    return []
  }

  /// What a reply to `id` shows of it now.
  ///
  /// - Complexity: O(B) for chunks of B items.
  private func quote(of id: String) -> MessageQuote {
    guard let index = index(ofID: id) else { return .notLoaded }
    let quoted = entries[index].item
    if quoted.isDeleted == true { return .deleted }
    return .message(sender: quoted.sender ?? "", text: quoted.text ?? quoted.caption ?? quoted.type)
  }

  /// Gives the items that quote `id` its current quote, adding a replacement to `changes` for
  /// each whose quote changed.
  ///
  /// - Complexity: O(*r* × B) for *r* replies and chunks of B items; O(1) without replies.
  private func reloadReplies(quoting id: String, into changes: inout [ChatItemsChange]) {
    let replyIDs = replies.replies(quoting: id)
    guard !replyIDs.isEmpty else { return }
    let quote = quote(of: id)
    for reply in replyIDs {
      guard let index = index(ofID: reply.string) else { continue }
      var item = entries[index].item
      guard item.quote != quote else { continue }
      item.quote = quote
      entries[index].item = item
      changes.append(.replace(item, at: index))
    }
  }

  private func replace(at index: Int, with item: StreamItem) {
    entries[index] = Entry(id: item.id, item: item)
    delegate?.chatDataSource(self, didChange: [.replace(item, at: index)], type: .normal)
  }

  /// Replaces entries and records which chunk each newly placed entry lives in.
  private func place(_ new: [Entry], replacing range: Range<Int>) {
    let placement = entries.replaceSubrange(range, with: new)
    if let chunk = placement.editedChunk {
      for entry in new { chunkOfID[UTF8Key(entry.id)] = chunk }
    }
    for chunk in placement.createdChunks {
      for entry in entries.chunk(withIdentifier: chunk)?.elements ?? [] {
        chunkOfID[UTF8Key(entry.id)] = chunk
      }
    }
  }

  /// Starts or stops `sender` in the typing row and reports the row's edit.
  ///
  /// - Complexity: O(1) amortized, however many people type (see ``Typists``).
  private func setTyping(_ sender: String, isActive: Bool) {
    let wasTyping = !typists.isEmpty
    guard isActive ? typists.start(sender) : typists.stop(sender) else { return }
    let index = entries.count
    let change: ChatItemsChange
    switch (wasTyping, typingItem) {
    case (false, let item?): change = .insert([item], at: index)
    case (true, let item?): change = .replace(item, at: index)
    case (true, nil): change = .remove(index..<index + 1)
    case (false, nil): return
    }
    delegate?.chatDataSource(self, didChange: [change], type: .normal)
  }
}
