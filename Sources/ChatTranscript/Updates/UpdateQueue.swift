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
  private var pending: [Request] = []
  private(set) var isUpdating = false

  init(coalesces: Bool) {
    self.coalesces = coalesces
  }

  var hasPendingRequests: Bool { !pending.isEmpty }

  mutating func enqueue(_ request: Request) {
    pending.append(request)
  }

  /// Takes the next batch and marks an update as running; `nil` when idle or already running.
  mutating func beginBatch() -> Batch? {
    guard !isUpdating, !pending.isEmpty else { return nil }
    let taken: ArraySlice<Request> = coalesces ? pending[...] : pending.prefix(1)
    pending.removeFirst(taken.count)
    isUpdating = true
    var batch = Batch(
      type: .normal, changes: nil, relayout: false, completions: [], requestCount: taken.count)
    var merged: MergedChanges? = MergedChanges()
    for request in taken {
      batch.type = max(batch.type, request.type)
      batch.relayout = batch.relayout || request.relayout
      batch.dropsCachedHeights = batch.dropsCachedHeights || request.dropsCachedHeights
      // One coarse request makes the whole batch coarse.
      if let changes = request.changes {
        for change in changes { merged?.append(change) }
      } else {
        merged = nil
      }
      if let completion = request.completion { batch.completions.append(completion) }
    }
    batch.changes = batch.type == .reload ? nil : merged?.changes
    return batch
  }

  /// Forgets the exact edits of waiting requests, so they diff the whole list instead.
  ///
  /// Needed after an update read the data source's full list: that list already holds the
  /// waiting edits, and replaying them would apply them twice.
  mutating func dropPendingChanges() {
    for index in pending.indices where !pending[index].relayout {
      pending[index].changes = nil
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
struct MergedChanges {
  private(set) var changes: [ChatItemsChange] = []
  /// The insert later edits may still fold into: its place in ``changes`` and where its first
  /// item is after the edits that followed it, all of them before it.
  private var openInsert: (change: Int, position: Int)?

  init() {}

  /// Appends `change`, folded into the open insert when it inserts, replaces or removes
  /// items within it.
  ///
  /// - Complexity: O(k) for an edit k items from the end of the open insert.
  mutating func append(_ change: ChatItemsChange) {
    guard let open = openInsert, case .insert(let items, _) = changes[open.change] else {
      return appendUnmerged(change)
    }
    let start = open.position
    let end = start + items.count
    switch change {
    case .insert(let more, let index) where start <= index && index <= end:
      editOpenInsert { $0.insert(contentsOf: more, at: index - start) }
    case .replace(let item, let index) where start <= index && index < end:
      editOpenInsert { $0[index - start] = item }
    case .remove(let range) where start <= range.lowerBound && range.upperBound <= end:
      editOpenInsert { $0.removeSubrange(range.lowerBound - start..<range.upperBound - start) }
    case .replace(_, let index) where index < start:
      changes.append(change)
    case .insert(let more, let index) where index < start:
      changes.append(change)
      openInsert?.position += more.count
    default:
      appendUnmerged(change)
    }
  }

  /// Appends `change` as it is; an insert becomes the open one.
  private mutating func appendUnmerged(_ change: ChatItemsChange) {
    changes.append(change)
    if case .insert(_, let index) = change {
      openInsert = (changes.count - 1, index)
    } else {
      openInsert = nil
    }
  }

  /// Edits the open insert's items in place (taken out first, so the array is not shared and
  /// changes without a copy); an insert left empty is dropped.
  private mutating func editOpenInsert(_ edit: (inout [any ChatItem]) -> Void) {
    guard let open = openInsert, case .insert(var items, let index) = changes[open.change] else { return }
    changes[open.change] = .remove(0..<0)
    edit(&items)
    guard !items.isEmpty else {
      // The edits after it are all before it: they stay valid without it.
      changes.remove(at: open.change)
      openInsert = nil
      return
    }
    changes[open.change] = .insert(items, at: index)
  }
}
