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
    var batch = Batch(type: .normal, changes: [], relayout: false, completions: [], requestCount: taken.count)
    for request in taken {
      batch.type = max(batch.type, request.type)
      batch.relayout = batch.relayout || request.relayout
      batch.dropsCachedHeights = batch.dropsCachedHeights || request.dropsCachedHeights
      // One coarse request makes the whole batch coarse.
      if let changes = request.changes {
        for change in changes { batch.changes?.appendMerging(change) }
      } else {
        batch.changes = nil
      }
      if let completion = request.completion { batch.completions.append(completion) }
    }
    if batch.type == .reload { batch.changes = nil }
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

extension [ChatItemsChange] {
  /// Appends `change`, folded into the last change when that one inserted the items it edits.
  ///
  /// A burst of appends, with the typing row coming and going below them and the delivery
  /// statuses of the new messages changing, becomes one insert: decorated, measured and placed
  /// as one run, not as one edit per event, each re-decorating the end of the transcript. The
  /// items the changes leave are the same either way.
  ///
  /// - Complexity: O(k) for an edit k items from the end of the last insert.
  mutating func appendMerging(_ change: ChatItemsChange) {
    guard case .insert(var items, let start)? = last else { return append(change) }
    let end = start + items.count
    switch change {
    case .insert(let more, let index) where start <= index && index <= end:
      // Taken out first, so the array is no longer shared and grows in place.
      removeLast()
      items.insert(contentsOf: more, at: index - start)
    case .replace(let item, let index) where start <= index && index < end:
      removeLast()
      items[index - start] = item
    case .remove(let range) where start <= range.lowerBound && range.upperBound <= end:
      removeLast()
      items.removeSubrange(range.lowerBound - start..<range.upperBound - start)
      if items.isEmpty { return }
    default:
      return append(change)
    }
    append(.insert(items, at: start))
  }
}
