import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct ChatItemsDiffTests {
  static func keys(_ ids: String) -> [ChatItemKey] {
    ids.map { ChatItemKey(id: String($0), type: "t") }
  }

  /// Applies a diff the way a batch update does: delete and lift moved items by old index,
  /// then place insertions and moved items at their new indices.
  static func apply(_ diff: ChatItemsDiff, old: [ChatItemKey], new: [ChatItemKey]) -> [ChatItemKey] {
    let removed = Set(diff.deletions).union(diff.moves.map(\.from))
    var survivors = old.indices.filter { !removed.contains($0) }.map { old[$0] }
    var placed: [Int: ChatItemKey] = [:]
    for index in diff.insertions { placed[index] = new[index] }
    for move in diff.moves { placed[move.to] = old[move.from] }
    for index in placed.keys.sorted() {
      survivors.insert(placed[index] ?? old[0], at: index)
    }
    return survivors
  }

  @Test func insertionsDeletionsAndUpdates() throws {
    let old = Self.keys("abcd")
    let new = Self.keys("abxd")
    let diff = try ChatItemsDiff.between(old: old, new: new, contentChanged: { o, _ in o == 0 }).get()
    #expect(diff.deletions == [2])
    #expect(diff.insertions == [2])
    #expect(diff.moves.isEmpty)
    #expect(diff.updates == [0])
  }

  @Test func movingOneItemIsOneMove() throws {
    let old = Self.keys("abcdefgh")
    let new = Self.keys("bcdefgha")
    let diff = try ChatItemsDiff.between(old: old, new: new).get()
    #expect(diff.moves == [ChatItemsDiff.Move(from: 0, to: 7)])
    #expect(diff.insertions.isEmpty && diff.deletions.isEmpty)
    #expect(Self.apply(diff, old: old, new: new) == new)
  }

  @Test func prependingMovesNothing() throws {
    let old = Self.keys("defg")
    let new = Self.keys("abcdefg")
    let diff = try ChatItemsDiff.between(old: old, new: new).get()
    #expect(diff.insertions == [0, 1, 2])
    #expect(diff.moves.isEmpty)
  }

  @Test func typeChangeIsDeleteAndInsert() throws {
    let old = [ChatItemKey(id: "a", type: "text")]
    let new = [ChatItemKey(id: "a", type: "photo")]
    let diff = try ChatItemsDiff.between(old: old, new: new).get()
    #expect(diff.deletions == [0])
    #expect(diff.insertions == [0])
  }

  @Test func duplicateIDsAreAnError() {
    let result = ChatItemsDiff.between(old: Self.keys("ab"), new: Self.keys("aba"))
    #expect(throws: ChatTranscriptError.duplicateItemID("a")) { try result.get() }
  }

  /// Random shuffles, insertions and deletions: the diff rebuilds the new list and moves
  /// exactly the items outside a longest kept order.
  @Test(arguments: 0..<200 as Range<UInt64>)
  func randomDiffsRebuildTheNewList(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let old = (0..<random.int(in: 0...40)).map { ChatItemKey(id: "o\($0)", type: "t") }
    var new = old.filter { _ in !random.chance(0.2) }
    for index in new.indices.reversed() where random.chance(0.15) {
      let item = new.remove(at: index)
      new.insert(item, at: random.int(in: 0...new.count))
    }
    for index in 0..<random.int(in: 0...10) {
      new.insert(ChatItemKey(id: "n\(index)", type: "t"), at: random.int(in: 0...new.count))
    }
    let diff = try ChatItemsDiff.between(old: old, new: new).get()
    #expect(Self.apply(diff, old: old, new: new) == new, "seed \(seed)")
    // Minimal moves: kept items = longest increasing run of old positions in new order.
    let oldPosition = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let matched = new.compactMap { oldPosition[$0] }
    #expect(diff.moves.count == matched.count - Self.longestIncreasingLength(matched), "seed \(seed)")
  }

  /// O(n²) reference for the length of a longest increasing subsequence.
  static func longestIncreasingLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }
}
