import TestSupport
import Testing
import TranscriptGenerator

@_spi(ChunkedStorage) @testable import ChatTranscript

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

  /// An append grows the last chunk where it is, and says so; but a tail that is only a crumb
  /// of a chunk is folded into its neighbour when that one has room, as every other edit folds
  /// it, rather than grown on its own.
  @Test func appendsGrowTheLastChunkUnlessItIsACrumbItsNeighbourTakes() {
    var list = ChunkedList<Number>(tracksChunkPositions: true)
    list.replaceSubrange(
      0..<0, withPieces: [(0..<300).map { Number(value: $0) }, (300..<305).map { Number(value: $0) }])
    let folded = list.replaceSubrange(305..<305, with: [Number(value: 305)])
    #expect(list.chunks.map(\.elements.count) == [306])
    #expect(folded.editedChunk == nil && folded.createdChunks.count == 1)

    let last = list.chunks[0].identifier
    for value in 306..<Self.chunkSize {
      let placement = list.replaceSubrange(value..<value, with: [Number(value: value)])
      #expect(placement.editedChunk == last && placement.createdChunks.isEmpty)
    }
    let next = list.replaceSubrange(Self.chunkSize..<Self.chunkSize, with: [Number(value: Self.chunkSize)])
    #expect(next.createdChunks.count == 1)
    #expect(list.chunks.map(\.elements.count) == [Self.chunkSize, 1])
    #expect(list.map(\.value) == Array(0...Self.chunkSize))
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

  /// Pages of history arrive at the front. Once the first chunk is a quarter full, a page that
  /// does not fit starts chunks of its own: the elements already there stay where they were,
  /// so an owner indexing elements by chunk (the stream transcript's id index) places only
  /// the page, not the first chunk again with it.
  @Test func prependingPagesPlacesOnlyThePages() {
    let count = 3 * Self.chunkSize
    var list = ChunkedList<Number>(tracksChunkPositions: true)
    list.replaceSubrange(0..<0, with: (0..<count).map { Number(value: $0) })
    var reference = Array(0..<count)
    var next = count
    for pageSize in [40, 1, Self.chunkSize + 3, 200, 7] {
      let page = Array(next..<next + pageSize)
      next += pageSize
      let firstChunkBefore = list.chunks[0].identifier
      let firstChunkCount = list.chunks[0].elements.count
      let placement = list.replaceSubrange(0..<0, with: page.map { Number(value: $0) })
      reference.insert(contentsOf: page, at: 0)
      let placed = placement.createdChunks.reduce(0) { total, chunk in
        total + (list.chunk(withIdentifier: chunk)?.elements.count ?? 0)
      }
      if firstChunkCount + pageSize <= Self.chunkSize {
        #expect(placement.editedChunk == firstChunkBefore && placement.createdChunks.isEmpty)
      } else if firstChunkCount >= Self.chunkSize / 4 {
        #expect(placement.editedChunk == nil && placed == pageSize, "page of \(pageSize)")
        #expect(list.chunks[placement.createdChunks.count].identifier == firstChunkBefore)
      } else {
        // A short first chunk is cut again with the page, so prepends leave no crumbs.
        #expect(placed == firstChunkCount + pageSize, "page of \(pageSize)")
      }
    }
    #expect(list.map(\.value) == reference)
  }

  /// A burst of new messages replaces the last group's rows (or none) and goes past the last
  /// chunk: the chunk drops the replaced tail and fills up in place, the rest starts chunks of
  /// its own. The placement says where each new element went (the first `editedCount` in the
  /// edited chunk from the replaced range's start, the rest in the created chunks), and the
  /// kept elements stay where they were, so an owner indexing by chunk places only new ones.
  @Test func replacingTheTailWithMoreThanFitsFillsTheLastChunkAndPlacesOnlyNewElements() {
    var random = SeededRandom(seed: 11)
    var list = ChunkedList<Number>(tracksChunkPositions: true)
    var reference: [Int] = []
    var next = 0
    for _ in 0..<200 {
      let lastCount = list.chunks.last?.elements.count ?? 0
      let replaced = random.below(min(lastCount, 6) + 1)
      let insertedCount = random.below(3) == 0 ? random.below(4) : random.below(3 * Self.chunkSize)
      let inserted = Array(next..<next + insertedCount)
      next += insertedCount
      let range = list.count - replaced..<list.count
      let keptChunks = list.chunks.dropLast().map(\.identifier)
      let lastChunk = list.chunks.last?.identifier
      let placement = list.replaceSubrange(range, with: inserted.map { Number(value: $0) })
      reference.replaceSubrange(range, with: inserted)
      #expect(list.map(\.value) == reference)
      // Where the placement says each new element is, it is.
      var placed: [Int] = []
      if let edited = placement.editedChunk, let chunk = list.chunk(withIdentifier: edited) {
        let first = range.lowerBound - chunk.startIndex
        placed += chunk.elements[first...].prefix(placement.editedCount).map(\.value)
      }
      for created in placement.createdChunks {
        placed += list.chunk(withIdentifier: created)?.elements.map(\.value) ?? []
      }
      // Every new element is among them; a chunk cut again brings old ones along.
      #expect(Set(inserted).isSubset(of: placed), "\(replaced) replaced by \(insertedCount)")
      // Chunks before the last are never touched by an edit of the last one's tail.
      #expect(keptChunks.allSatisfy { list.chunk(withIdentifier: $0) != nil })
      if let lastChunk, lastCount - replaced + insertedCount > Self.chunkSize {
        // The tail path: the old last chunk was edited in place and is full.
        #expect(placement.editedChunk == lastChunk)
        #expect(placement.editedCount == Self.chunkSize - (lastCount - replaced))
        #expect(list.chunk(withIdentifier: lastChunk)?.elements.count == Self.chunkSize)
        #expect(placed == inserted)
      }
    }
    #expect(list.count == reference.count)
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

  /// Elements that are flagged or not, summed as a count of flags.
  struct Flag: Summarized {
    struct Count: ChunkSummary {
      var flagged: Int
      static var zero: Count { Count(flagged: 0) }
      static func + (lhs: Count, rhs: Count) -> Count { Count(flagged: lhs.flagged + rhs.flagged) }
    }
    var value: Int
    var isFlagged: Bool
    var summary: Count { Count(flagged: isFlagged ? 1 : 0) }
  }

  /// A list of `count` elements cut into uneven chunks by random edits, and the same as an array.
  private static func randomFlags(count: Int, random: inout SeededRandom) -> (ChunkedList<Flag>, [Flag]) {
    var list = ChunkedList<Flag>()
    var reference: [Flag] = []
    while reference.count < count {
      let at = random.below(reference.count + 1)
      let new = (0..<random.below(900)).map { _ in
        Flag(value: random.below(1_000_000), isFlagged: random.below(50) == 0)
      }
      list.replaceSubrange(at..<at, with: new)
      reference.insert(contentsOf: new, at: at)
    }
    return (list, reference)
  }

  /// Many lookups in one call: ascending runs (in one chunk, the next, or far away) and
  /// indices out of order must find what one lookup each finds, and edits land on them.
  @Test func locatingManyIndicesMatchesLookingUpEach() {
    let seed = SeededRandom.seed(fromEnvironment: "CHUNKED_LIST_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    var (list, reference) = Self.randomFlags(count: 20_000, random: &random)
    for _ in 0..<50 {
      var indices: [Int] = []
      var index = random.below(reference.count)
      for _ in 0..<random.below(200) {
        indices.append(index)
        switch random.below(4) {
        case 0: index = random.below(reference.count)  // anywhere, also backwards
        case 1: index = min(index + random.below(3_000), reference.count - 1)
        default: index = min(index + random.below(3), reference.count - 1)
        }
      }
      var found: [Int] = []
      list.forEachLocation(of: indices) { position, chunk, offset in
        #expect(list.location(of: indices[position]) == (chunk, offset), "seed \(seed)")
        found.append(list.chunks[chunk].elements[offset].value)
      }
      #expect(found == indices.map { reference[$0].value }, "seed \(seed)")
      list.modifyElements(at: indices) { _, element in element.value += 1 }
      for index in indices { reference[index].value += 1 }
    }
    #expect(list.map(\.value) == reference.map(\.value), "seed \(seed)")
  }

  /// Chunks whose totals say they hold a flag are visited in order, each with its first index,
  /// and no other: the flags found are exactly the array's.
  @Test func visitingChunksByTheirTotalsFindsEveryFlag() {
    let seed = SeededRandom.seed(fromEnvironment: "CHUNKED_LIST_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    let (list, reference) = Self.randomFlags(count: 30_000, random: &random)
    var flagged: [Int] = []
    var visited = 0
    list.forEachChunk(where: { $0.flagged > 0 }) { chunk, start in
      visited += 1
      let elements = list.chunks[chunk].elements
      #expect(list.startIndex(ofChunk: chunk) == start)
      for offset in elements.indices where elements[offset].isFlagged { flagged.append(start + offset) }
    }
    #expect(flagged == reference.indices.filter { reference[$0].isFlagged }, "seed \(seed)")
    #expect(visited == list.chunks.filter { $0.summary.flagged > 0 }.count)
    #expect(!flagged.isEmpty)
  }

  /// Edits re-sum only the blocks they touch; every block and chunk total must still be what
  /// summing its elements gives, through element edits, in-place replacements, splits, and
  /// appends and cuts at the end that add or drop blocks.
  @Test func blockTotalsFollowEveryEdit() {
    let seed = SeededRandom.seed(fromEnvironment: "CHUNKED_LIST_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    var (list, reference) = Self.randomFlags(count: 5_000, random: &random)
    for _ in 0..<600 {
      switch random.below(5) {
      case 3:
        let new = (0..<random.below(40) + 1).map { _ in Flag(value: 0, isFlagged: random.below(2) == 0) }
        list.replaceSubrange(reference.count..<reference.count, with: new)
        reference.append(contentsOf: new)
      case 4:
        let lower = reference.count - min(random.below(40), reference.count - 1)
        list.replaceSubrange(lower..<reference.count, with: [])
        reference.removeSubrange(lower...)
      case 0:
        let indices = (0..<random.below(20)).map { _ in random.below(reference.count) }.sorted()
        list.modifyElements(at: indices) { position, element in element.isFlagged = position % 2 == 0 }
        for (position, index) in indices.enumerated() { reference[index].isFlagged = position % 2 == 0 }
      case 1:
        let index = random.below(reference.count)
        reference[index].isFlagged.toggle()
        list[index] = reference[index]
      default:
        let lower = random.below(reference.count)
        let upper = min(lower + random.below(3), reference.count)
        let new = (0..<random.below(3)).map { _ in Flag(value: 0, isFlagged: random.below(2) == 0) }
        list.replaceSubrange(lower..<upper, with: new)
        reference.replaceSubrange(lower..<upper, with: new)
      }
    }
    var start = 0
    for chunk in list.chunks {
      let elements = reference[start..<start + chunk.elements.count]
      #expect(chunk.summary.flagged == elements.filter(\.isFlagged).count, "seed \(seed)")
      for (block, total) in chunk.blocks.enumerated() {
        let lower = start + block * ChunkedList<Flag>.blockSize
        let upper = min(lower + ChunkedList<Flag>.blockSize, start + chunk.elements.count)
        #expect(total.flagged == reference[lower..<upper].filter(\.isFlagged).count, "seed \(seed)")
      }
      start += chunk.elements.count
    }
    #expect(start == reference.count)
  }

  /// Pieces of at most a chunk become an empty list's chunks as they are (uneven sizes
  /// included), with the totals summing them gives; into a list that has elements, or with a
  /// piece too big, they are inserted like any elements. Edits afterwards work as on any list.
  @Test func piecesBecomeTheChunksOfAnEmptyList() {
    let seed = SeededRandom.seed(fromEnvironment: "CHUNKED_LIST_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    var next = 0
    func piece(_ count: Int) -> [Flag] {
      (0..<count).map { _ in
        next += 1
        return Flag(value: next, isFlagged: random.below(7) == 0)
      }
    }
    let pieces = (0..<40).map { _ in piece(1 + random.below(Self.chunkSize)) }
    var reference = Array(pieces.joined())
    var list = ChunkedList<Flag>()
    list.replaceSubrange(0..<0, withPieces: pieces)
    #expect(list.chunks.map(\.elements.count) == pieces.map(\.count))
    #expect(list.count == reference.count)
    #expect(list.total.flagged == reference.filter(\.isFlagged).count)
    #expect(list.chunks.map(\.summary.flagged) == pieces.map { $0.filter(\.isFlagged).count })
    let more = [piece(3), piece(Self.chunkSize + 5)]
    list.replaceSubrange(100..<100, withPieces: more)
    reference.insert(contentsOf: more.joined(), at: 100)
    var oversized = ChunkedList<Flag>()
    oversized.replaceSubrange(0..<0, withPieces: [piece(Self.chunkSize + 1)])
    #expect(oversized.chunks.allSatisfy { $0.elements.count <= Self.chunkSize })
    for _ in 0..<200 {
      let lower = random.below(reference.count)
      let upper = min(lower + random.below(600), reference.count)
      let new = piece(random.below(600))
      list.replaceSubrange(lower..<upper, with: new)
      reference.replaceSubrange(lower..<upper, with: new)
    }
    #expect(list.map(\.value) == reference.map(\.value), "seed \(seed)")
    #expect(list.total.flagged == reference.filter(\.isFlagged).count, "seed \(seed)")
  }
}
