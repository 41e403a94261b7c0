import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscript

/// The chunked list under the layout and the stream transcript: its contents against a plain
/// array, and how often it pays for its one O(n/B) step, rebuilding the tree.
@Suite struct ChunkedListTests {
  struct Number: Summarized {
    var value: Int
    var summary: NoSummary { NoSummary() }
  }

  static var chunkSize: Int { ChunkedList<Number>.maximumChunkCount }

  /// New messages arrive one at a time at the end. The tree may be rebuilt only when a chunk is
  /// added; re-cutting the short tail chunk on each of its first B/4 appends made a stream of a
  /// million events quadratic.
  @Test func appendingOneAtATimeRebuildsTheTreeOncePerChunk() {
    var list = ChunkedList<Number>()
    let count = 40 * Self.chunkSize + 7
    for value in 0..<count { list.append(Number(value: value)) }
    #expect(list.map(\.value) == Array(0..<count))
    #expect(list.chunks.count == 41)
    #expect(list.treeRebuildCount == list.chunks.count)
  }

  /// Deleting the newest item again and again shrinks the tail chunk in place down to nothing;
  /// only removing an emptied chunk rebuilds the tree.
  @Test func deletingFromTheEndRebuildsTheTreeOncePerChunkRemoved() {
    var list = ChunkedList<Number>((0..<(10 * Self.chunkSize)).map { Number(value: $0) })
    let rebuildsBefore = list.treeRebuildCount
    while !list.isEmpty { list.replaceSubrange(list.count - 1..<list.count, with: []) }
    #expect(list.chunks.isEmpty)
    #expect(list.treeRebuildCount - rebuildsBefore == 10)
  }

  /// Insert-and-delete churn at the end (a chat where each new message is deleted again) with
  /// a short tail chunk changes no chunk boundaries, so it must not rebuild the tree at all.
  @Test func churnAtTheEndRebuildsNothing() {
    let count = 4 * Self.chunkSize + 100
    var list = ChunkedList<Number>((0..<count).map { Number(value: $0) })
    let rebuildsBefore = list.treeRebuildCount
    for value in 0..<20_000 {
      list.append(Number(value: count + value))
      list.replaceSubrange(list.count - 1..<list.count, with: [])
    }
    #expect(list.map(\.value) == Array(0..<count))
    #expect(list.treeRebuildCount == rebuildsBefore)
  }

  /// Random edits of every size anywhere, crumbs and merges included, keep exactly the
  /// elements a plain array would (the invariants are checked after every edit in debug builds).
  @Test func randomEditsMatchAnArray() {
    let seed = SeededRandom.seed(fromEnvironment: "CHUNKED_LIST_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    var list = ChunkedList<Number>()
    var reference: [Int] = []
    var next = 0
    for _ in 0..<3_000 {
      let lower = random.below(reference.count + 1)
      let upper = lower + random.below(min(reference.count - lower, 300) + 1)
      let insertedCount = random.below(4) == 0 ? random.below(700) : random.below(3)
      let inserted = (next..<next + insertedCount).map { $0 }
      next += insertedCount
      list.replaceSubrange(lower..<upper, with: inserted.map { Number(value: $0) })
      reference.replaceSubrange(lower..<upper, with: inserted)
    }
    #expect(list.map(\.value) == reference, "seed \(seed)")
    #expect(list.count == reference.count, "seed \(seed)")
  }
}
