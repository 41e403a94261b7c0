import Testing

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

  @Test func reloadDropsExactChanges() {
    var queue = UpdateQueue(coalesces: true)
    queue.enqueue(.init(type: .reload, changes: [.remove(0..<1)]))
    #expect(queue.beginBatch()?.changes == nil)
  }
}
