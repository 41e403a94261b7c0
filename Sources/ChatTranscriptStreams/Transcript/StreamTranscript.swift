@_spi(ChunkedStorage) import ChatTranscript
import ChatTranscriptMessages
import Dispatch

/// A data source fed by stream events: the transcript a CLI, a backend or a test builds from
/// NDJSON lines.
///
/// Every event becomes one exact edit reported to the delegate, so the controller touches
/// only what changed; inside ``performBatchUpdates(_:)`` a burst's edits are reported
/// together. Items are kept in a chunked list with an id → chunk index, so finding an item by
/// id, inserting after it or deleting it costs O(√n), not a scan of the transcript.
/// Ids compare by their UTF-8 bytes, as JSON does: `"caf\u{E9}"` and `"cafe\u{301}"` are two
/// items. While anyone types, a ``TypingIndicatorItem`` stays last.
///
/// The items it hands out are the items as shown: a reply carries the ``StreamItem/quote`` of
/// the message it quotes, resolved here and again whenever that message arrives, changes or
/// goes (the replies are reloaded through a ``ReplyIndex``, so that costs the replies, not the
/// transcript), an item's ``StreamItem/reactions`` count the reactions `react` events gave
/// on top of its own, its ``StreamItem/readReceipt`` names the readers whose newest read it is
/// (`read` events), and the item the local user last read (`lastRead`) says whether the unread
/// divider follows it (``StreamItem/isFollowedByUnreadDivider``).
public final class StreamTranscript: ChatDataSource {
  /// Hears every edit; a delegate replaced inside ``performBatchUpdates(_:)`` hears the
  /// edits held until then first.
  public weak var delegate: (any ChatDataSourceDelegate)? {
    willSet { reportHeldChanges() }
  }
  // The state below is read and written without the run-time exclusivity check: the
  // transcript belongs to one thread, its edits never overlap, and every event paid the
  // check several times (2 % of `transcript layout`'s main thread while it fed a million
  // lines).
  @exclusivity(unchecked) private var entries = ChunkedList<Entry>(tracksChunkPositions: true)
  /// Where each id's entry was placed: which chunk of `entries`, and at what offset in it (a
  /// hint: an edit earlier in the same chunk moves the entry by what it inserted or removed).
  /// An insert hashes its id once, for the duplicate check and the placing both.
  @exclusivity(unchecked) private var ids = IDHashTable()
  @exclusivity(unchecked) private var typists = Typists()
  @exclusivity(unchecked) private var replies = ReplyIndex()
  /// Each reader's newest read item, and each such item's readers in order.
  @exclusivity(unchecked) private var readers = Readers()
  /// The item the local user has read up to (`lastRead`), while it is in the transcript.
  @exclusivity(unchecked) private var lastRead: UTF8Key?
  /// Whether the `lastRead` item carries ``StreamItem/isFollowedByUnreadDivider`` now.
  @exclusivity(unchecked) private var showsUnreadDivider = false
  /// How many ``performBatchUpdates(_:)`` calls are running (they may nest).
  @exclusivity(unchecked) private var batchDepth = 0
  /// The edits made inside ``performBatchUpdates(_:)``, not reported yet.
  @exclusivity(unchecked) private var held = MergedChanges()

  public init() {}

  /// Stream items, oldest first, without the typing row.
  public var count: Int { entries.count }

  public var chatItems: [any ChatItem] {
    let chunks = entries.chunks
    let typing = typingItem
    let count = entries.count + (typing == nil ? 0 : 1)
    var firstItems: [Int] = []
    firstItems.reserveCapacity(chunks.count)
    var next = 0
    for chunk in chunks {
      firstItems.append(next)
      next += chunk.elements.count
    }
    return DisjointWrites<any ChatItem>.array(count: count) { [firstItems] items in
      // Chunk by chunk into their slots: mapping the list through a key path went through
      // its flattening iterator and a key-path thunk per item, a sixth of a second at 1M.
      let copy = { @Sendable (chunk: Int) in
        var index = firstItems[chunk]
        for entry in chunks[chunk].elements {
          items.write(entry.item, at: index)
          index += 1
        }
      }
      // A long list on all cores: copying an item retains its storage, somewhere in memory
      // of its own, and a first load of a million items waited for a million of those misses.
      if count >= Self.parallelCopyMinimum {
        DispatchQueue.concurrentPerform(iterations: chunks.count, execute: copy)
      } else {
        for chunk in chunks.indices { copy(chunk) }
      }
      if let typing { items.write(typing, at: count - 1) }
    }
  }

  /// Items from which ``chatItems`` copies on all cores.
  static let parallelCopyMinimum = 16_384

  /// Makes room in the id index for `count` items, so a transcript loaded from a known
  /// history (a file, a backend's page of a million messages) does not grow its index by
  /// doubling, hashing every id again each time. Like an array's, the room is kept: reserve
  /// what you expect, not a bound.
  public func reserveCapacity(_ count: Int) {
    ids.reserveCapacity(max(count, 0))
  }

  /// The item with `id`, if present.
  public func item(withID id: String) -> (any ChatItem)? {
    index(ofID: id).map { entries[$0].item }
  }

  /// Ids in the id index: always `count` (but for two ids with one 64-bit hash), since a
  /// deleted item's id leaves it (checked by tests of long streams, where leftovers would grow
  /// with every item ever seen).
  var indexedIDCount: Int { ids.hashCount }

  /// Whether an item with `id` is in the transcript (the typing row is not an item).
  ///
  /// - Complexity: O(1) when it is not; as ``index(ofID:)`` when it is.
  public func contains(id: String) -> Bool {
    index(ofID: id) != nil
  }

  /// The position of the item with `id`, if present.
  ///
  /// Looks where the entry was placed first, then outwards from there: an append leaves the
  /// entries before it where they were, so a status change, a reaction or a receipt for any
  /// message, old or new, reads one entry, not its chunk's.
  ///
  /// - Complexity: O(1) for an entry nothing was inserted or removed before in its chunk
  ///   since it was placed; O(B) at worst, for chunks of B items.
  public func index(ofID id: String) -> Int? {
    index(ofID: id, hash: IDHashTable.hash(of: id))
  }

  /// ``index(ofID:)`` for an id already hashed (``IDHashTable/hash(of:)``).
  ///
  /// - Complexity: O(n) only when another id has the same 64-bit hash, which the hash's seed
  ///   keeps senders from choosing.
  private func index(ofID id: String, hash: UInt64) -> Int? {
    guard let slot = ids.slot(of: hash) else { return nil }
    if let (elements, start) = entries.chunk(withIdentifier: Int(slot.chunk)), !elements.isEmpty {
      // Compares ids in place (a closure over the entries copied each one, an existential and
      // a string retained and released, for every id it looked at).
      let hint = min(Int(slot.offset), elements.count - 1)
      for distance in 0..<max(hint + 1, elements.count - hint) {
        if hint + distance < elements.count, elements[hint + distance].has(id, hash: hash) {
          return start + hint + distance
        }
        if distance > 0, hint - distance >= 0, elements[hint - distance].has(id, hash: hash) {
          return start + hint - distance
        }
      }
    }
    // The slot is shared with another id, and names where that one was placed.
    guard slot.count > 1 else { return nil }
    for (index, entry) in entries.enumerated() where entry.has(id, hash: hash) { return index }
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
    (replies.quotedIDCount, entries.reduce(0) { $0 + ($1.reactions == nil ? 0 : 1) })
  }

  /// How many readers and items read up to are kept, and what storing them holds on to: for
  /// tests that they follow the items there are now and stay bounded under a flood of names.
  var readerStorage: (readers: Int, itemsWithReaders: Int, capacity: Int) {
    (readers.readerCount, readers.itemCount, readers.storageCapacity)
  }

  // MARK: Applying events

  /// Runs `body`, which applies events, and reports their edits in one notification when it
  /// returns, merged as a controller merges a batch (``MergedChanges``: appends become one
  /// insert, which takes in later edits of its items): not one per event (each cost a call,
  /// arrays and a request, a fifth of applying a stream of appends). A `prepend` is still reported on its
  /// own, as a `.pagination` update. Batches may nest; the outermost one reports.
  @discardableResult
  public func performBatchUpdates<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0 { reportHeldChanges() }
    }
    return try body()
  }

  /// Applies one event and reports the edit to the delegate (when the batch ends, inside
  /// ``performBatchUpdates(_:)``).
  ///
  /// - Returns: what could not be applied; empty when all went well. A prepend applies its
  ///   good items even when some are rejected.
  @discardableResult
  public func apply(_ event: StreamEvent) -> [TranscriptEventError] {
    // Held edits go before a page of history changes anything: it is reported on its own.
    if case .prepend = event { reportHeldChanges() }
    switch event {
    case .insert(let item, let position):
      let hash = IDHashTable.hash(of: item.id)
      if let error = rejection(of: item.id, hash: hash) { return [error] }
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
      insert(item, hash: hash, at: index)
    case .update(let item):
      guard let index = index(ofID: item.id) else { return [.unknownID(item.id)] }
      update(at: index, with: item)
    case .status(let id, let status):
      guard let index = index(ofID: id) else { return [.unknownID(id)] }
      report([.replace(changeShown(at: index) { $0.status = status }, at: index)])
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
    case .read(let sender, let upTo):
      guard let index = index(ofID: upTo) else { return [.unknownID(upTo, field: "upTo")] }
      markRead(by: sender, upTo: index)
    case .lastRead(let id):
      guard let index = index(ofID: id) else { return [.unknownID(id)] }
      markLastRead(upTo: index)
    }
    return []
  }

  private func rejection(of id: String, hash: UInt64) -> TranscriptEventError? {
    if id.hasSameBytes(as: TypingIndicatorItem.reservedID) { return .reservedID(id) }
    if index(ofID: id, hash: hash) != nil { return .duplicateID(id) }
    return nil
  }

  /// How many rejected items of one prepend are reported one by one; the rest are counted in
  /// one more error, so a page of a million duplicates gives a few lines, not a million.
  package static let reportedPrependRejections = 10

  private func prepend(_ items: [StreamItem]) -> [TranscriptEventError] {
    var errors: [TranscriptEventError] = []
    var unreported = 0
    var accepted: [StreamItem] = []
    var hashes: [UInt64] = []
    var seen = Set<UTF8Key>()
    for (number, item) in items.enumerated() {
      let key = UTF8Key(item.id)
      let hash = IDHashTable.hash(of: item.id)
      if let error = rejection(of: item.id, hash: hash) ?? (seen.contains(key) ? .duplicateID(item.id) : nil)
      {
        if errors.count < Self.reportedPrependRejections {
          errors.append(TranscriptEventError(code: .prependItem(number: number + 1, error.code)))
        } else {
          unreported += 1
        }
      } else {
        seen.insert(key)
        accepted.append(item)
        hashes.append(hash)
      }
    }
    if unreported > 0 { errors.append(.morePrependItemsRejected(unreported)) }
    if !accepted.isEmpty { insert(accepted, hashes: hashes, at: 0, type: .pagination) }
    return errors
  }

  /// Inserts one new item: ``insert(_:at:type:)`` for the commonest event, without the
  /// arrays a page needs (three allocations and a cast per message), and without building the
  /// edit when nobody listens (a CLI applying a whole file before it lays it out).
  private func insert(_ item: StreamItem, hash: UInt64, at index: Int) {
    place(CollectionOfOne(Entry(item, hash: hash)), replacing: index..<index)
    var shown = item
    if let replyTo = item.replyTo {
      replies.add(reply: item.id, quoting: replyTo)
      let quote = quote(of: replyTo)
      shown = changeShown(at: index) { $0.quote = quote }
    }
    // The reloads come after the insert in the edit; an empty array allocates nothing.
    var reloads: [ChatItemsChange] = []
    reloadReplies(quoting: item.id, hash: hash, into: &reloads)
    if !showsUnreadDivider, lastRead != nil, item.countsAsUnread { refreshUnreadDivider(into: &reloads) }
    guard let delegate else { return }
    guard batchDepth == 0 else {
      held.appendInsert(of: shown, at: index)
      for change in reloads { held.append(change) }
      return
    }
    delegate.chatDataSource(self, didChange: [.insert([shown], at: index)] + reloads, type: .normal)
  }

  /// Reports `changes` to the delegate, or holds them while ``performBatchUpdates(_:)`` runs.
  private func report(_ changes: [ChatItemsChange], type: UpdateType = .normal) {
    guard let delegate else { return }
    if batchDepth > 0, type == .normal {
      for change in changes { held.append(change) }
    } else {
      delegate.chatDataSource(self, didChange: changes, type: type)
    }
  }

  /// Reports the edits ``performBatchUpdates(_:)`` holds, if any.
  private func reportHeldChanges() {
    guard !held.isEmpty else { return }
    let changes = held.changes
    held = MergedChanges()
    delegate?.chatDataSource(self, didChange: changes, type: .normal)
  }

  /// Inserts new items, resolves the quotes of those that reply, and reloads the items that
  /// quote them (a page of history may bring the message an earlier reply quotes).
  private func insert(_ items: [StreamItem], hashes: [UInt64], at index: Int, type: UpdateType) {
    place(zip(items, hashes).map { Entry($0, hash: $1) }, replacing: index..<index)
    var shown = items
    for offset in shown.indices {
      guard let replyTo = shown[offset].replyTo else { continue }
      replies.add(reply: shown[offset].id, quoting: replyTo)
    }
    // Once every new item is placed, so that a page's replies find the page's messages.
    for offset in shown.indices {
      guard let replyTo = shown[offset].replyTo else { continue }
      let quote = quote(of: replyTo)
      shown[offset] = changeShown(at: index + offset) { $0.quote = quote }
    }
    var changes: [ChatItemsChange] = [.insert(shown, at: index)]
    for (item, hash) in zip(items, hashes) { reloadReplies(quoting: item.id, hash: hash, into: &changes) }
    // New items can only add something unread; once the divider shows, appends cost nothing.
    if !showsUnreadDivider, lastRead != nil, items.contains(where: \.countsAsUnread) {
      refreshUnreadDivider(into: &changes)
    }
    report(changes, type: type)
  }

  /// Replaces an item as a whole; what `react` and `read` events gave it stays.
  private func update(at index: Int, with item: StreamItem) {
    let old = entries[index].item
    if let replyTo = old.replyTo { replies.remove(reply: old.id, quoting: replyTo) }
    var shown = item
    shown.readReceipt = old.readReceipt
    shown.isFollowedByUnreadDivider = old.isFollowedByUnreadDivider
    if let replyTo = item.replyTo {
      replies.add(reply: item.id, quoting: replyTo)
      shown.quote = quote(of: replyTo)
    }
    var reactions = entries[index].reactions
    reactions?.given = item.reactions
    if let reactions { shown.reactions = reactions.totals }
    let hash = entries[index].hash
    entries[index] = Entry(shown, hash: hash, reactions: reactions)
    var changes: [ChatItemsChange] = [.replace(shown, at: index)]
    reloadReplies(quoting: item.id, hash: hash, into: &changes)
    if old.countsAsUnread != shown.countsAsUnread { refreshUnreadDivider(into: &changes) }
    report(changes)
  }

  /// Removes an item. Its readers are forgotten with it; the last-read mark moves to the item
  /// before it, so the divider stays where it was.
  private func delete(at index: Int) {
    let old = entries[index].item
    let key = UTF8Key(old.id)
    let hash = entries[index].hash
    ids.remove(hash)
    place([], replacing: index..<index + 1)
    if let replyTo = old.replyTo { replies.remove(reply: old.id, quoting: replyTo) }
    readers.removeReaders(of: key)
    var changes: [ChatItemsChange] = [.remove(index..<index + 1)]
    reloadReplies(quoting: old.id, hash: hash, into: &changes)
    if let marker = lastRead, marker == key {
      showsUnreadDivider = false
      lastRead = index > 0 ? UTF8Key(entries[index - 1].id) : nil
      refreshUnreadDivider(into: &changes)
    } else if showsUnreadDivider, old.countsAsUnread {
      refreshUnreadDivider(into: &changes)
    }
    report(changes)
  }

  /// Gives or takes back one sender's reaction and reloads the item with its new counts.
  ///
  /// - Complexity: O(*k*²) for the item's *k* reactions, at most
  ///   ``StreamDecoder/maximumReactionsPerItem``, plus the replacement of one item.
  private func react(at index: Int, sender: String, reaction: String, isActive: Bool)
    -> [TranscriptEventError]
  {
    // Taken out of the entry while they change: a copy shared its senders with the entry,
    // and one more sender copied the set of them.
    var taken: ItemReactions?
    entries.modifyWithoutResummarizing(at: index) { swap(&taken, &$0.reactions) }
    var reactions = taken ?? ItemReactions(given: entries[index].item.reactions)
    guard reactions.set(reaction, from: sender, isActive: isActive) else {
      keep(reactions, at: index)
      return []
    }
    let totals = reactions.totals
    guard !isActive || totals.count <= StreamDecoder.maximumReactionsPerItem else {
      // Only a reaction new to the item adds to the count: taking it back leaves the senders
      // as they were.
      _ = reactions.set(reaction, from: sender, isActive: false)
      keep(reactions, at: index)
      return [.tooManyReactions(entries[index].id)]
    }
    keep(reactions, at: index)
    report([.replace(changeShown(at: index) { $0.reactions = totals }, at: index)])
    return []
  }

  /// Puts an item's reactions back in its entry; none are kept once no sender's is left.
  private func keep(_ reactions: consuming ItemReactions, at index: Int) {
    let kept = reactions.hasSenders ? reactions : nil
    entries.modifyWithoutResummarizing(at: index) { $0.reactions = kept }
  }

  /// Moves `reader` forward to the item at `index` and reloads the items it left and reached;
  /// an item at or before the one the reader reached changes nothing.
  ///
  /// - Complexity: O(B) for chunks of B items, however many read (see ``Readers``).
  private func markRead(by reader: String, upTo index: Int) {
    var changes: [ChatItemsChange] = []
    // A reader's item is in the transcript: a deleted item's readers are forgotten with it.
    if let current = readers.item(readBy: reader), let currentIndex = self.index(ofID: current.string) {
      guard currentIndex < index else { return }
      readers.move(reader, to: UTF8Key(entries[index].id))
      reloadReceipt(at: currentIndex, into: &changes)
    } else {
      readers.move(reader, to: UTF8Key(entries[index].id))
    }
    reloadReceipt(at: index, into: &changes)
    report(changes)
  }

  /// Gives the item at `index` its readers as they are now, adding a replacement to `changes`
  /// when they changed.
  private func reloadReceipt(at index: Int, into changes: inout [ChatItemsChange]) {
    let receipt = readers.receipt(of: UTF8Key(entries[index].id))
    guard entries[index].item.readReceipt != receipt else { return }
    changes.append(.replace(changeShown(at: index) { $0.readReceipt = receipt }, at: index))
  }

  /// Moves the local user's last-read mark forward to the item at `index`; an item at or
  /// before the marked one changes nothing, so a replayed old mark cannot bring back read
  /// messages as new.
  ///
  /// - Complexity: O(B + log n) for chunks of B items.
  private func markLastRead(upTo index: Int) {
    var changes: [ChatItemsChange] = []
    if let marker = lastRead, let markerIndex = self.index(ofID: marker.string) {
      guard markerIndex < index else { return }
      setUnreadDivider(false, at: markerIndex, into: &changes)
    }
    lastRead = UTF8Key(entries[index].id)
    refreshUnreadDivider(into: &changes)
    guard !changes.isEmpty else { return }
    report(changes)
  }

  /// Gives the last-read item the divider flag it should have now: set while an item after it
  /// ``StreamItem/countsAsUnread``.
  ///
  /// - Complexity: O(B + log n) for chunks of B items: the unread items after the mark are a
  ///   difference of the list's running totals.
  private func refreshUnreadDivider(into changes: inout [ChatItemsChange]) {
    guard let marker = lastRead, let index = index(ofID: marker.string) else { return }
    setUnreadDivider(entries.total.count - unreadCount(before: index + 1) > 0, at: index, into: &changes)
  }

  /// Says whether the divider follows the item at `index`, the marked one, adding a
  /// replacement to `changes` when that changed.
  private func setUnreadDivider(_ shows: Bool, at index: Int, into changes: inout [ChatItemsChange]) {
    showsUnreadDivider = shows
    guard entries[index].item.isFollowedByUnreadDivider != shows else { return }
    changes.append(.replace(changeShown(at: index) { $0.isFollowedByUnreadDivider = shows }, at: index))
  }

  /// How many items before `index` count as unread.
  ///
  /// - Complexity: O(log(n/B) + B/b + b) for chunks of B items in blocks of b: the totals of
  ///   the chunks before, then of the chunk's blocks before, then the last block's items.
  private func unreadCount(before index: Int) -> Int {
    guard index < entries.count else { return entries.total.count }
    let (chunk, offset, before) = entries.locate(index)
    let blockSize = ChunkedList<Entry>.blockSize
    var count = before.summary.count
    let blocks = entries.chunks[chunk].blocks
    for block in 0..<offset / blockSize { count += blocks[block].count }
    let elements = entries.chunks[chunk].elements
    for position in (offset / blockSize * blockSize)..<offset where elements[position].countsAsUnread {
      count += 1
    }
    return count
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
  ///
  /// - Parameter hash: the id's ``IDHashTable/hash(of:)``.
  private func reloadReplies(quoting id: String, hash: UInt64, into changes: inout [ChatItemsChange]) {
    let replyIDs = replies.replies(quoting: id, hash: hash)
    guard !replyIDs.isEmpty else { return }
    let quote = quote(of: id)
    for reply in replyIDs {
      guard let index = index(ofID: reply.string) else { continue }
      guard entries[index].item.quote != quote else { continue }
      changes.append(.replace(changeShown(at: index) { $0.quote = quote }, at: index))
    }
  }

  /// Changes what the item at `index` shows (a status, quote, reactions, readers or divider:
  /// its id and whether it counts as unread stay), in place where nothing else holds the item,
  /// so its fields are not copied: a copy taken out, changed and put back shared them with the
  /// entry while it changed, and every status, reaction and receipt copied them all. The
  /// running totals stay as they are, so it costs no block of the list summed again.
  ///
  /// - Returns: the item as changed, for the edit reported.
  private func changeShown(at index: Int, _ change: (inout StreamItem) -> Void) -> StreamItem {
    var changed: StreamItem?
    entries.modifyWithoutResummarizing(at: index) { entry in
      change(&entry.item)
      assert(entry.id.hasSameBytes(as: entry.item.id) && entry.countsAsUnread == entry.item.countsAsUnread)
      changed = entry.item
    }
    return changed.unsafelyUnwrapped
  }

  /// Replaces entries and records where each new entry lives, and where each entry a new
  /// chunk took went.
  private func place(_ new: some Collection<Entry>, replacing range: Range<Int>) {
    let placement = entries.replaceSubrange(range, with: new)
    // The first new entries may have joined an edited chunk, the others created chunks.
    // Walked by offset: a prefix or a suffix of `new` would copy the entries it holds.
    var placedInEditedChunk = 0
    if let chunk = placement.editedChunk, let start = entries.chunk(withIdentifier: chunk)?.startIndex {
      for (offset, entry) in new.enumerated() where offset < placement.editedCount {
        ids.place(entry.hash, chunk: chunk, offset: range.lowerBound - start + offset, adding: true)
        placedInEditedChunk = offset + 1
      }
    }
    for (offset, entry) in new.enumerated() where offset >= placedInEditedChunk { ids.add(entry.hash) }
    for chunk in placement.createdChunks {
      for (offset, entry) in (entries.chunk(withIdentifier: chunk)?.elements ?? []).enumerated() {
        ids.place(entry.hash, chunk: chunk, offset: offset)
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
    report([change])
  }
}
