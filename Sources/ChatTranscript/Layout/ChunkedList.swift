/// A totals-carrying value the chunked list adds up per chunk (counts, heights, …).
protocol ChunkSummary: Sendable {
  static var zero: Self { get }
  static func + (lhs: Self, rhs: Self) -> Self
}

/// An element that contributes to its chunk's summary.
protocol Summarized {
  associatedtype Summary: ChunkSummary
  var summary: Summary { get }
}

/// A list stored as a sequence of small arrays ("chunks") with running totals per chunk.
///
/// Inserting, removing or replacing elements anywhere rewrites one or two chunks and the
/// chunk totals after them, instead of shifting every later element; finding the element at
/// a running total (an index, a y offset) is a binary search over chunks plus a short scan.
/// With chunks of at most `maximumChunkCount` elements, edits cost O(B + n/B) and lookups
/// O(log(n/B) + B): O(√n) for n around B².
///
/// A value type with copy-on-write storage: snapshots are cheap and never observe later edits.
struct ChunkedList<Element: Summarized> {
  struct Chunk {
    /// Stable for the chunk's life, so owners can remember where an element lives.
    var identifier: Int
    var elements: [Element]
    var summary: Element.Summary
  }

  /// Where the elements of an edit ended up.
  struct Placement {
    /// The chunk edited in place: only the new elements joined it.
    var editedChunk: Int?
    /// Chunks made by the edit: every element in them is newly placed.
    var createdChunks: [Int] = []
  }

  static var maximumChunkCount: Int { 512 }

  private(set) var chunks: [Chunk] = []
  /// `prefixes[c]` is the sum of the summaries of every chunk before `c`; one more entry holds the total.
  private(set) var prefixes: [Element.Summary] = [.zero]
  private(set) var chunkStarts: [Int] = [0]
  /// Chunk identifier → position; kept only for owners that index elements by chunk.
  private(set) var chunkPositions: [Int: Int] = [:]
  let tracksChunkPositions: Bool
  private var nextChunkIdentifier = 0

  /// - Parameter tracksChunkPositions: keep `chunk(withIdentifier:)` working, at the cost of
  ///   a dictionary update per chunk after each split or merge.
  init(tracksChunkPositions: Bool = false) {
    self.tracksChunkPositions = tracksChunkPositions
  }

  init(_ elements: some Collection<Element>) {
    self.init()
    replaceSubrange(0..<0, with: elements)
  }

  var count: Int { chunkStarts[chunks.count] }
  var isEmpty: Bool { count == 0 }
  /// The sum of every element's summary.
  var total: Element.Summary { prefixes[chunks.count] }

  /// The chunk holding `index` and the position inside it; `index == count` maps past the end.
  ///
  /// - Complexity: O(log(n/B)).
  func location(of index: Int) -> (chunk: Int, offset: Int) {
    if index >= count { return (Swift.max(chunks.count - 1, 0), chunks.last?.elements.count ?? 0) }
    // Last chunk whose start is <= index.
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunkStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return (low, index - chunkStarts[low])
  }

  /// The elements of the chunk with `identifier`, and the index of its first element.
  func chunk(withIdentifier identifier: Int) -> (elements: [Element], startIndex: Int)? {
    guard let position = chunkPositions[identifier] else { return nil }
    return (chunks[position].elements, chunkStarts[position])
  }

  /// The index of the chunk's first element.
  func startIndex(ofChunk chunk: Int) -> Int { chunkStarts[chunk] }

  /// The last chunk whose preceding total, read through `key`, is `<= target`.
  ///
  /// `key` must grow monotonically along the list (counts, non-negative heights).
  /// - Complexity: O(log(n/B)).
  func lastChunk<Key: Comparable>(notAfter target: Key, by key: (Element.Summary) -> Key) -> Int {
    var low = 0
    var high = Swift.max(chunks.count - 1, 0)
    while low < high {
      let middle = (low + high + 1) / 2
      if key(prefixes[middle]) <= target { low = middle } else { high = middle - 1 }
    }
    return low
  }

  subscript(index: Int) -> Element {
    get {
      let (chunk, offset) = location(of: index)
      return chunks[chunk].elements[offset]
    }
    set {
      let (chunk, offset) = location(of: index)
      chunks[chunk].elements[offset] = newValue
      refreshTotals(from: chunk, positionsChanged: false)
    }
  }

  /// Changes the elements at `indices` (ascending) and recomputes the totals once; `body`
  /// gets each index's position in `indices`.
  ///
  /// - Complexity: O(k log(n/B) + touched chunks × B + n/B).
  mutating func modifyElements(at indices: [Int], _ body: (Int, inout Element) -> Void) {
    var firstTouched: Int?
    var lastTouched = -1
    for (position, index) in indices.enumerated() {
      let (chunk, offset) = location(of: index)
      body(position, &chunks[chunk].elements[offset])
      if chunk != lastTouched {
        if lastTouched >= 0 { chunks[lastTouched].summary = Self.summarize(chunks[lastTouched].elements) }
        lastTouched = chunk
        firstTouched = firstTouched ?? chunk
      }
    }
    guard let firstTouched else { return }
    chunks[lastTouched].summary = Self.summarize(chunks[lastTouched].elements)
    refreshPrefixes(from: firstTouched)
    _checkInvariants()
  }

  /// Changes elements in place without touching the totals; `body` must keep summaries unchanged.
  mutating func modifyWithoutResummarizing(at index: Int, _ body: (inout Element) -> Void) {
    let (chunk, offset) = location(of: index)
    body(&chunks[chunk].elements[offset])
  }

  /// Replaces the elements in `range` with `newElements`.
  ///
  /// - Returns: where the new elements went, for owners that index elements by chunk.
  /// - Complexity: O(B + k + n/B) for k new elements.
  @discardableResult
  mutating func replaceSubrange(_ range: Range<Int>, with newElements: some Collection<Element>) -> Placement
  {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    if range.isEmpty && newElements.isEmpty { return Placement() }
    guard !chunks.isEmpty else {
      chunks = split(Array(newElements), appending: true)
      refreshTotals(from: 0, positionsChanged: true)
      return Placement(createdChunks: chunks.map(\.identifier))
    }
    let start = location(of: range.lowerBound)
    let end = location(of: range.upperBound)
    // Common case: the edit stays inside one chunk that keeps a sensible size; edit it in place.
    let resultingCount =
      chunks[start.chunk].elements.count - (end.offset - start.offset) + newElements.count
    if start.chunk == end.chunk, resultingCount <= Self.maximumChunkCount,
      resultingCount >= Self.maximumChunkCount / 4 || chunks.count == 1
    {
      chunks[start.chunk].elements.replaceSubrange(start.offset..<end.offset, with: newElements)
      let identifier = chunks[start.chunk].identifier
      let emptied = chunks[start.chunk].elements.isEmpty
      if emptied {
        chunks.remove(at: start.chunk)
        if tracksChunkPositions { chunkPositions[identifier] = nil }
      }
      refreshTotals(from: start.chunk, positionsChanged: emptied)
      return Placement(editedChunk: emptied ? nil : identifier)
    }
    var merged = Array(chunks[start.chunk].elements[..<start.offset])
    merged.append(contentsOf: newElements)
    merged.append(contentsOf: chunks[end.chunk].elements[end.offset...])
    var first = start.chunk
    // Fold a small result into its left neighbour so deletions do not leave crumbs behind.
    if merged.count < Self.maximumChunkCount / 4, first > 0,
      chunks[first - 1].elements.count + merged.count <= Self.maximumChunkCount
    {
      first -= 1
      merged.insert(contentsOf: chunks[first].elements, at: 0)
    }
    let isAppend = end.chunk == chunks.count - 1 && range.upperBound == count
    if tracksChunkPositions {
      for chunk in chunks[first...end.chunk] { chunkPositions[chunk.identifier] = nil }
    }
    let created = split(merged, appending: isAppend)
    chunks.replaceSubrange(first...end.chunk, with: created)
    refreshTotals(from: first, positionsChanged: true)
    return Placement(createdChunks: created.map(\.identifier))
  }

  mutating func append(_ element: Element) {
    replaceSubrange(count..<count, with: CollectionOfOne(element))
  }

  mutating func removeAll() {
    chunks = []
    chunkPositions = [:]
    refreshTotals(from: 0, positionsChanged: false)
  }

  /// Cuts `elements` into chunks: full chunks when appending (the tail keeps growing), even
  /// halves otherwise (room on both sides for later inserts).
  private mutating func split(_ elements: [Element], appending: Bool) -> [Chunk] {
    guard !elements.isEmpty else { return [] }
    let maximum = Self.maximumChunkCount
    let pieces = (elements.count + maximum - 1) / maximum
    let size = appending ? maximum : (elements.count + pieces - 1) / pieces
    return stride(from: 0, to: elements.count, by: size).map { lower in
      let slice = Array(elements[lower..<Swift.min(lower + size, elements.count)])
      nextChunkIdentifier += 1
      return Chunk(identifier: nextChunkIdentifier, elements: slice, summary: Self.summarize(slice))
    }
  }

  private static func summarize(_ elements: [Element]) -> Element.Summary {
    var total = Element.Summary.zero
    for element in elements { total = total + element.summary }
    return total
  }

  /// Recomputes chunk `first`'s summary and every running total after it; after chunks were
  /// added or removed, also the positions of the chunks from `first` on.
  private mutating func refreshTotals(from first: Int, positionsChanged: Bool) {
    if first < chunks.count { chunks[first].summary = Self.summarize(chunks[first].elements) }
    refreshPrefixes(from: first)
    if positionsChanged && tracksChunkPositions {
      for position in first..<chunks.count { chunkPositions[chunks[position].identifier] = position }
    }
    _checkInvariants()
  }

  /// Recomputes the running totals after chunk `first` from the chunks' summaries.
  private mutating func refreshPrefixes(from first: Int) {
    prefixes.removeSubrange(Swift.min(first + 1, prefixes.count)...)
    chunkStarts.removeSubrange(Swift.min(first + 1, chunkStarts.count)...)
    if prefixes.isEmpty {
      prefixes.append(.zero)
      chunkStarts.append(0)
    }
    for chunk in first..<chunks.count {
      prefixes.append(prefixes[chunk] + chunks[chunk].summary)
      chunkStarts.append(chunkStarts[chunk] + chunks[chunk].elements.count)
    }
  }
}

extension ChunkedList: Sequence {
  func makeIterator() -> FlattenSequence<LazyMapSequence<[Chunk], [Element]>>.Iterator {
    chunks.lazy.map(\.elements).joined().makeIterator()
  }
}

extension ChunkedList: Sendable where Element: Sendable {}
extension ChunkedList.Chunk: Sendable where Element: Sendable {}
