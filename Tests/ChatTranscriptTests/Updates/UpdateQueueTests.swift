import Testing
import TranscriptGenerator

@testable import ChatTranscript

@Suite struct UpdateQueueTests {
  @Test func burstWhileUpdatingIsCoalescedAndEveryCompletionRuns() {
    var queue = UpdateQueue(coalesces: true)
    var completed: [Int] = []
    queue.enqueue(.init(type: .normal, changes: [], completion: { completed.append(1) }))
    var first = queue.beginBatch()
    #expect(first?.requestCount == 1)
    #expect(queue.beginBatch() == nil, "one update at a time")
    for index in 2...5 {
      queue.enqueue(
        .init(type: index == 3 ? .pagination : .normal, changes: [], completion: { completed.append(index) }))
    }
    first?.completions.forEach { $0() }
    queue.endBatch()
    let second = queue.beginBatch()
    #expect(second?.requestCount == 4)
    #expect(second?.type == .pagination)
    second?.completions.forEach { $0() }
    queue.endBatch()
    #expect(completed == [1, 2, 3, 4, 5])
    #expect(queue.beginBatch() == nil)
    first = nil
  }

  @Test func withoutCoalescingRequestsRunOneByOne() {
    var queue = UpdateQueue(coalesces: false)
    for _ in 0..<3 { queue.enqueue(.init(type: .normal, changes: [])) }
    var batches = 0
    while let batch = queue.beginBatch() {
      #expect(batch.requestCount == 1)
      batches += 1
      queue.endBatch()
    }
    #expect(batches == 3)
  }

  @Test func oneCoarseRequestMakesTheBatchCoarse() {
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .normal, changes: [.remove(0..<1)]))
    queue.enqueue(.init(type: .normal, changes: nil))
    #expect(queue.beginBatch()?.changes == nil)
  }

  @Test func exactChangesAreConcatenatedInOrder() {
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .normal, changes: [.remove(0..<1)]))
    queue.enqueue(.init(type: .normal, changes: [], relayout: true))
    queue.enqueue(.init(type: .normal, changes: [.remove(2..<3)]))
    let batch = queue.beginBatch()
    #expect(batch?.changes?.count == 2)
    #expect(batch?.relayout == true)
  }

  /// Requests arriving while an update runs wait as one batch; forgetting their edits makes
  /// it coarse, but a batch that only relayouts has no edits to forget and stays exact.
  @Test func droppingPendingChangesMakesOnlyEditingBatchesCoarse() {
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .normal, changes: [.remove(0..<1)]))
    _ = queue.beginBatch()
    queue.enqueue(.init(type: .normal, changes: [], relayout: true))
    queue.dropPendingChanges()
    queue.endBatch()
    let relayout = queue.beginBatch()
    #expect(relayout?.changes?.isEmpty == true)
    #expect(relayout?.relayout == true)
    queue.enqueue(.init(type: .normal, changes: [], relayout: true))
    queue.enqueue(.init(type: .normal, changes: [.remove(1..<2)]))
    queue.dropPendingChanges()
    queue.enqueue(.init(type: .normal, changes: [.remove(0..<1)]))
    queue.endBatch()
    let edits = queue.beginBatch()
    #expect(edits?.changes == nil)
    #expect(edits?.requestCount == 3)
    #expect(edits?.relayout == true)
  }

  /// Without coalescing, a request's edits stay its own: they are not merged into the
  /// request before it.
  @Test func withoutCoalescingEachBatchHasItsRequestsEdits() {
    var queue = UpdateQueue(coalesces: false)
    queue.enqueue(.init(type: .normal, changes: [.insert([PlainChatItem(id: "a", type: "text")], at: 0)]))
    queue.enqueue(.init(type: .pagination, changes: [.insert([PlainChatItem(id: "b", type: "text")], at: 1)]))
    let first = queue.beginBatch()
    queue.endBatch()
    let second = queue.beginBatch()
    guard case .insert(let a, 0) = first?.changes?.first, case .insert(let b, 1) = second?.changes?.first
    else {
      Issue.record("expected one insert per batch")
      return
    }
    #expect(a.map(\.id) == ["a"] && b.map(\.id) == ["b"])
    #expect(first?.type == .normal && second?.type == .pagination)
  }

  @Test func reloadDropsExactChanges() {
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .reload, changes: [.remove(0..<1)]))
    #expect(queue.beginBatch()?.changes == nil)
  }

  /// A burst of appends, the typing row coming and going below them and a status change of
  /// one of them leave one insert; an edit of an older item stays an edit of its own.
  @Test func editsOfTheItemsJustInsertedFoldIntoTheirInsert() {
    func item(_ id: String, _ text: String = "") -> any ChatItem {
      PlainChatItem(id: id, type: "text", text: text)
    }
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m1")], at: 5)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("typing")], at: 6)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m2")], at: 6)]))
    queue.enqueue(.init(type: .normal, changes: [.replace(item("m1", "read"), at: 5)]))
    queue.enqueue(.init(type: .normal, changes: [.remove(7..<8)]))
    queue.enqueue(.init(type: .normal, changes: [.replace(item("m0", "edited"), at: 4)]))
    let changes = queue.beginBatch()?.changes ?? []
    #expect(changes.count == 2)
    guard case .insert(let items, let index) = changes.first, case .replace(let edited, 4) = changes.last
    else {
      Issue.record("expected an insert and an edit, got \(changes)")
      return
    }
    #expect(index == 5)
    #expect(items.map(\.id) == ["m1", "m2"])
    #expect((items.first as? PlainChatItem)?.text == "read")
    #expect(edited.id == "m0")
  }

  /// Edits of older items between the appends (a reaction, a page of history) keep the
  /// appends' insert open: the appends still leave one insert, after those edits' positions.
  /// A removal before it closes it.
  @Test func editsBeforeTheInsertKeepItOpen() {
    func item(_ id: String, _ text: String = "") -> any ChatItem {
      PlainChatItem(id: id, type: "text", text: text)
    }
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m1")], at: 5)]))
    queue.enqueue(.init(type: .normal, changes: [.replace(item("old", "👍 1"), at: 2)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m2")], at: 6)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("h1"), item("h2")], at: 0)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m3")], at: 9)]))
    queue.enqueue(.init(type: .normal, changes: [.replace(item("m2", "read"), at: 8)]))
    queue.enqueue(.init(type: .normal, changes: [.remove(9..<10)]))
    queue.enqueue(.init(type: .normal, changes: [.remove(0..<1)]))
    queue.enqueue(.init(type: .normal, changes: [.insert([item("m4")], at: 8)]))
    let changes = queue.beginBatch()?.changes ?? []
    #expect(changes.count == 5)
    guard case .insert(let appended, 5) = changes.first else {
      Issue.record("expected the appends first, got \(changes)")
      return
    }
    #expect(Self.describe(appended) == ["m1:", "m2:read"])
    var items: [any ChatItem] = (0..<5).map { item("o\($0)") }
    for change in changes { Self.apply(change, to: &items) }
    #expect(
      Self.describe(items) == ["h2:", "o0:", "o1:", "old:👍 1", "o3:", "o4:", "m1:", "m2:read", "m4:"])
  }

  /// Seeded random edits, most of them near the end where a burst's appends land, some near
  /// the start: the merged list leaves the very items the edits one by one leave, in no more
  /// changes.
  @Test(arguments: 0..<50) func mergedEditsLeaveWhatTheEditsLeave(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var next = 0
    func fresh() -> any ChatItem {
      next += 1
      return PlainChatItem(id: "n\(next)", type: "text")
    }
    let start: [any ChatItem] = (0..<random.int(in: 0...6)).map { _ in fresh() }
    var expected = start
    var edits: [ChatItemsChange] = []
    var merged = MergedChanges()
    for _ in 0..<random.int(in: 1...40) {
      // Indices near the end, sometimes near the start (history, old messages), sometimes
      // anywhere.
      let nearEnd = { (limit: Int) -> Int in
        switch random.int(in: 0...9) {
        case 0...5: max(limit - random.int(in: 0...2), 0)
        case 6...7: min(random.int(in: 0...2), limit)
        default: random.int(in: 0...limit)
        }
      }
      let change: ChatItemsChange
      switch random.int(in: 0...5) {
      case 0...2:
        change = .insert((0..<random.int(in: 1...3)).map { _ in fresh() }, at: nearEnd(expected.count))
      case 3 where !expected.isEmpty:
        let index = min(nearEnd(expected.count), expected.count - 1)
        change = .replace(PlainChatItem(id: expected[index].id, type: "text", text: "v\(next)"), at: index)
        next += 1
      case 4 where !expected.isEmpty:
        let lower = min(nearEnd(expected.count), expected.count - 1)
        change = .remove(lower..<min(lower + random.int(in: 1...2), expected.count))
      default:
        continue
      }
      Self.apply(change, to: &expected)
      edits.append(change)
      merged.append(change)
    }
    var actual = start
    for change in merged.changes { Self.apply(change, to: &actual) }
    #expect(Self.describe(actual) == Self.describe(expected))
    #expect(merged.changes.count <= edits.count)
  }

  /// The reference: one edit applied to a plain array.
  private static func apply(_ change: ChatItemsChange, to items: inout [any ChatItem]) {
    switch change {
    case .insert(let inserted, let index): items.insert(contentsOf: inserted, at: index)
    case .remove(let range): items.removeSubrange(range)
    case .replace(let item, let index): items[index] = item
    }
  }

  private static func describe(_ items: [any ChatItem]) -> [String] {
    items.map { "\($0.id):\(($0 as? PlainChatItem)?.text ?? "")" }
  }
}
