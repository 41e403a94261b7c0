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
        batch.changes?.append(contentsOf: changes)
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
