/// The serial update queue as a pure state machine: requests come in, batches go out.
///
/// While an update runs, further requests wait; when it finishes they leave together as one
/// batch (or one by one when coalescing is off), and every request's completion travels with
/// its batch so no caller is forgotten. Holding no clocks or threads, it is tested directly.
struct UpdateQueue {
  /// One caller's request.
  struct Request {
    var type: UpdateType
    /// The exact edits, or `nil` when the caller only said "something changed".
    var changes: [ChatItemsChange]?
    /// Heights must be recomputed (the width changed); comes with no item changes.
    var relayout = false
    /// Heights cached so far are wrong too (a theme or measurer changed): drop them first.
    var dropsCachedHeights = false
    var completion: (() -> Void)?
  }

  /// Requests merged into one update.
  struct Batch {
    var type: UpdateType
    var changes: [ChatItemsChange]?
    var relayout: Bool
    var dropsCachedHeights = false
    var completions: [() -> Void]
    var requestCount: Int
  }

  let coalesces: Bool
  /// Waiting requests, merged as they come into the batches they will leave as: one batch
  /// when coalescing, one per request otherwise. A backend that reports every event on its own
  /// (a stream of a million appends) folds each edit into the batch while the edit is still in
  /// the caches, instead of keeping a million one-edit requests until the update begins and
  /// folding and freeing them then (a twelfth of `transcript follow`'s main thread).
  private var pending: [Waiting] = []
  private(set) var isUpdating = false

  /// A batch being gathered.
  private struct Waiting {
    var batch: Batch
    /// The exact edits so far; `nil` once a request only said "something changed".
    var merged: MergedChanges? = MergedChanges()
    /// Some request edits items rather than only asking for a relayout.
    var editsItems = false

    init(_ request: Request) {
      batch = Batch(
        type: request.type, changes: nil, relayout: false, completions: [], requestCount: 0)
      add(request)
    }

    mutating func add(_ request: Request) {
      batch.type = max(batch.type, request.type)
      batch.relayout = batch.relayout || request.relayout
      batch.dropsCachedHeights = batch.dropsCachedHeights || request.dropsCachedHeights
      batch.requestCount += 1
      if !request.relayout { editsItems = true }
      // One coarse request makes the whole batch coarse.
      if let changes = request.changes {
        for change in changes { merged?.append(change) }
      } else {
        merged = nil
      }
      if let completion = request.completion { batch.completions.append(completion) }
    }
  }

  init(coalesces: Bool) {
    self.coalesces = coalesces
  }

  var hasPendingRequests: Bool { !pending.isEmpty }

  mutating func enqueue(_ request: Request) {
    if coalesces, !pending.isEmpty {
      pending[pending.count - 1].add(request)
    } else {
      pending.append(Waiting(request))
    }
  }

  /// Takes the next batch and marks an update as running; `nil` when idle or already running.
  mutating func beginBatch() -> Batch? {
    guard !isUpdating, !pending.isEmpty else { return nil }
    let waiting = pending.removeFirst()
    isUpdating = true
    var batch = waiting.batch
    batch.changes = batch.type == .reload ? nil : waiting.merged?.changes
    return batch
  }

  /// Forgets the exact edits of waiting requests, so they diff the whole list instead.
  ///
  /// Needed after an update read the data source's full list: that list already holds the
  /// waiting edits, and replaying them would apply them twice. A batch that only relayouts
  /// keeps its (empty) edits.
  mutating func dropPendingChanges() {
    for index in pending.indices where pending[index].editsItems {
      pending[index].merged = nil
    }
  }

  /// Marks the running update as done.
  mutating func endBatch() {
    isUpdating = false
  }
}

/// The edits of one batch, each folded into an earlier insert of the items it edits when it
/// can be.
///
/// A burst of appends, with the typing row coming and going below them and the delivery
/// statuses of the new messages changing, becomes one insert: decorated, measured and placed
/// as one run, not as one edit per event, each re-decorating the end of the transcript. Edits
/// of older items in between (a reaction, a read receipt, a page of history prepended) stay
/// edits of their own and keep the insert open: they land before it, so they do not move
/// within it, and it does not move them. A removal closes it: the item removed may come back
/// inside it (a move), and the controller must meet the removal first to keep that item's
/// row. The items the edits leave are the same either way.
///
/// A data source holding a burst's edits back merges them the same way
/// (`StreamTranscript.performBatchUpdates(_:)`).
package struct MergedChanges {
  /// The edits that are not the open insert, in order.
  private var closed: [ChatItemsChange] = []
  /// The insert later edits may still fold into, kept apart from the other edits so that
  /// folding an append into it appends to its items in place.
  private var open: OpenInsert?

  private struct OpenInsert {
    var items: [any ChatItem]
    /// Where the insert put its first item, as its edit says.
    let index: Int
    /// Where its first item is after the edits that followed it, all of them before it.
    var position: Int
    /// Its place among ``closed``: the edits from there on came after it.
    let order: Int
  }

  package init() {}

  /// Whether no edit was appended.
  package var isEmpty: Bool { closed.isEmpty && open == nil }

  /// The merged edits, in order.
  package var changes: [ChatItemsChange] {
    guard let open else { return closed }
    var all = closed
    all.insert(.insert(open.items, at: open.index), at: open.order)
    return all
  }

  /// Appends `change`, folded into the open insert when it inserts, replaces or removes
  /// items within it.
  ///
  /// - Complexity: O(k) for an edit k items from the end of the open insert.
  package mutating func append(_ change: ChatItemsChange) {
    guard let start = open?.position, let count = open?.items.count else {
      return appendUnmerged(change)
    }
    let end = start + count
    switch change {
    case .insert(let more, let index) where index == end:
      open?.items.append(contentsOf: more)
    case .insert(let more, let index) where start <= index && index < end:
      open?.items.insert(contentsOf: more, at: index - start)
    case .replace(let item, let index) where start <= index && index < end:
      open?.items[index - start] = item
    case .remove(let range) where start <= range.lowerBound && range.upperBound <= end:
      open?.items.removeSubrange(range.lowerBound - start..<range.upperBound - start)
      // The edits after it are all before it: they stay valid without it.
      if open?.items.isEmpty == true { open = nil }
    case .replace(_, let index) where index < start:
      closed.append(change)
    case .insert(let more, let index) where index < start:
      closed.append(change)
      open?.position += more.count
    default:
      appendUnmerged(change)
    }
  }

  /// Appends the insert of `item` at `index`: ``append(_:)`` without an array made for the
  /// one item when it continues the open insert (a stream's next message).
  package mutating func appendInsert(of item: any ChatItem, at index: Int) {
    // Read field by field: binding the open insert would share its items and make the
    // append copy them.
    if let start = open?.position, let count = open?.items.count, start + count == index {
      open?.items.append(item)
    } else {
      append(.insert([item], at: index))
    }
  }

  /// Closes the open insert, then appends `change` as it is; an insert becomes the open one.
  private mutating func appendUnmerged(_ change: ChatItemsChange) {
    if let open {
      closed.insert(.insert(open.items, at: open.index), at: open.order)
      self.open = nil
    }
    if case .insert(let items, let index) = change {
      open = OpenInsert(items: items, index: index, position: index, order: closed.count)
    } else {
      closed.append(change)
    }
  }
}
