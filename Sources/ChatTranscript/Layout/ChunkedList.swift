/// A list stored as small arrays ("chunks") under a tree of running totals.
///
/// Editing elements rewrites one or two chunks and the O(log(n/B)) tree nodes above them,
/// instead of shifting every later element; finding the element at a running total (an
/// index, a y offset, the k-th item) descends the tree and scans one chunk. With chunks of
/// at most B elements: edits O(B + log(n/B)), lookups O(log(n/B) + B). Only an edit that
/// adds or removes chunks (every ~B/2 insertions in one place) rebuilds the tree, O(n/B).
///
/// The totals are recomputed from the chunks' own summaries (never by subtraction), so they
/// are exactly what summing the chunks would give. A value type with copy-on-write storage:
/// snapshots are cheap and never observe later edits.
///
/// Not part of the engine's API: it is published to the package's other modules (the stream
/// transcript keeps its items in one) as `@_spi(ChunkedStorage)`, and every member is
/// `@inlinable`, so a client module specializes it for its own element type. Without that
/// the list ran as unspecialized generic code across the module boundary, and a status
/// change through a stream transcript cost a third more instructions (`package` declarations
/// do not carry their bodies to other modules). Its stored properties are public for the
/// same reason; only its methods change them.
@_spi(ChunkedStorage) public struct ChunkedList<Element: Summarized> {
  public struct Chunk {
    /// Stable for the chunk's life, so owners can remember where an element lives.
    public var identifier: Int
    public var elements: [Element]
    public var summary: Element.Summary
    /// The summaries of consecutive runs of `blockSize` elements (the last may be shorter), so
    /// a search inside a chunk skips whole runs instead of reading every element. Empty for
    /// summaries that carry nothing (zero-sized ones).
    public var blocks: [Element.Summary]

    @inlinable public init(
      identifier: Int, elements: [Element], summary: Element.Summary, blocks: [Element.Summary]
    ) {
      self.identifier = identifier
      self.elements = elements
      self.summary = summary
      self.blocks = blocks
    }
  }

  /// Elements per entry of ``Chunk/blocks``.
  @inlinable public static var blockSize: Int { 32 }

  /// A tree node: how many elements, and their summary, below it.
  public struct Totals {
    public var count: Int
    public var summary: Element.Summary

    @inlinable public init(count: Int, summary: Element.Summary) {
      self.count = count
      self.summary = summary
    }

    @inlinable public static var zero: Totals { Totals(count: 0, summary: .zero) }

    @inlinable public static func + (lhs: Totals, rhs: Totals) -> Totals {
      Totals(count: lhs.count + rhs.count, summary: lhs.summary + rhs.summary)
    }
  }

  /// Where the elements of an edit ended up.
  public struct Placement {
    /// The chunk edited in place: of its elements, only the new ones moved or joined it.
    public var editedChunk: Int?
    /// How many of the new elements, the first ones, joined ``editedChunk``; the others are
    /// in ``createdChunks``.
    public var editedCount: Int
    /// Chunks made by the edit: every element in them is newly placed.
    public var createdChunks: [Int] = []

    /// - Parameter editedCount: `Int.max` (every new element) unless chunks were created too.
    @inlinable public init(editedChunk: Int? = nil, editedCount: Int = .max, createdChunks: [Int] = []) {
      self.editedChunk = editedChunk
      self.editedCount = editedChunk == nil ? 0 : editedCount
      self.createdChunks = createdChunks
    }
  }

  @inlinable public static var maximumChunkCount: Int { 512 }

  public var chunks: [Chunk] = []
  /// A complete binary tree over the chunks: node 1 is the root, node `i` has children `2i`
  /// and `2i + 1`, and chunk `c` is leaf `leafBase + c`; leaves past the last chunk are zero.
  public var tree: [Totals] = [.zero, .zero]
  public var leafBase = 1
  /// Leaves of the tree that may hold totals: the chunk count when it was last rebuilt.
  public var leafCount = 0
  /// Chunk identifier → position, -1 for an identifier no chunk has; kept only for owners that
  /// index elements by chunk. An array rather than a dictionary: finding a chunk is one load,
  /// not an integer hashed and a table probed, on the path of every lookup by id.
  public var chunkPositions: [Int32] = []
  /// Identifiers of removed chunks, handed out again first, so ``chunkPositions`` stays as
  /// long as the most chunks the list has held at once, however long it is edited. An owner's
  /// hint naming a reused identifier leads to another chunk, which the owner's check of the
  /// element it finds there tells apart, as it does for a chunk that is gone.
  public var freeChunkIdentifiers: [Int] = []
  /// Only `trackChunkPositions()` turns it on (public for inlining, as above).
  public var tracksChunkPositions: Bool
  @usableFromInline var nextChunkIdentifier = 0
  /// How many times the tree was rebuilt: the one O(n/B) step of an edit, so tests can check
  /// that it stays rare (once per chunk added or removed), which keeps long streams linear.
  public var treeRebuildCount = 0

  /// - Parameter tracksChunkPositions: keep `chunk(withIdentifier:)` working, at the cost of
  ///   an array entry written per chunk after each split or merge.
  @inlinable public init(tracksChunkPositions: Bool = false) {
    self.tracksChunkPositions = tracksChunkPositions
  }

  /// Starts keeping `chunk(withIdentifier:)` working, for an owner that begins indexing
  /// elements by chunk after the list was built.
  ///
  /// - Complexity: O(n/B) the first time.
  @inlinable public mutating func trackChunkPositions() {
    guard !tracksChunkPositions else { return }
    tracksChunkPositions = true
    for (position, chunk) in chunks.enumerated() { setPosition(position, ofChunk: chunk.identifier) }
  }

  /// Where the chunk `identifier` is, if it exists; only while positions are tracked.
  @inlinable public func position(ofChunk identifier: Int) -> Int? {
    guard identifier >= 0, identifier < chunkPositions.count else { return nil }
    let position = Int(chunkPositions[identifier])
    return position >= 0 ? position : nil
  }

  @inlinable mutating func setPosition(_ position: Int, ofChunk identifier: Int) {
    if identifier >= chunkPositions.count {
      chunkPositions.append(contentsOf: repeatElement(-1, count: identifier + 1 - chunkPositions.count))
    }
    chunkPositions[identifier] = Int32(truncatingIfNeeded: position)
  }

  /// An identifier for a new chunk: a removed chunk's, else a fresh one.
  @inlinable mutating func makeChunkIdentifier() -> Int {
    if let reused = freeChunkIdentifiers.popLast() { return reused }
    nextChunkIdentifier += 1
    return nextChunkIdentifier
  }

  /// Forgets a removed chunk's position and frees its identifier for reuse.
  @inlinable mutating func retireChunk(_ identifier: Int) {
    if identifier < chunkPositions.count { chunkPositions[identifier] = -1 }
    freeChunkIdentifiers.append(identifier)
  }

  @inlinable public init(_ elements: some Collection<Element>) {
    self.init()
    replaceSubrange(0..<0, with: elements)
  }

  @inlinable public var count: Int { tree[1].count }
  @inlinable public var isEmpty: Bool { count == 0 }
  /// The sum of every element's summary.
  @inlinable public var total: Element.Summary { tree[1].summary }

  // MARK: Finding positions

  /// Descends to the last chunk whose preceding totals satisfy `goesPast` (monotone along the
  /// list), returning it with those totals.
  ///
  /// - Complexity: O(log(n/B)).
  @inlinable func descend(_ goesPast: (Totals) -> Bool) -> (chunk: Int, before: Totals) {
    var node = 1
    var before = Totals.zero
    while node < leafBase {
      let afterLeft = before + tree[2 * node]
      if goesPast(afterLeft) {
        before = afterLeft
        node = 2 * node + 1
      } else {
        node = 2 * node
      }
    }
    let chunk = node - leafBase
    guard chunk >= chunks.count, !chunks.isEmpty else { return (chunk, before) }
    // Landed on padding past the last chunk: step back to the last real one.
    let last = chunks.count - 1
    return (last, totals(before: last))
  }

  /// The totals of every chunk before `chunk`.
  ///
  /// - Complexity: O(log(n/B)).
  @inlinable public func totals(before chunk: Int) -> Totals {
    guard chunk < leafBase else { return tree[1] }
    var node = 1
    var low = 0
    var high = leafBase
    var before = Totals.zero
    while node < leafBase {
      let middle = (low + high) / 2
      if chunk >= middle {
        before = before + tree[2 * node]
        node = 2 * node + 1
        low = middle
      } else {
        node = 2 * node
        high = middle
      }
    }
    return before
  }

  /// The chunk holding `index` and the position inside it; `index == count` maps past the end.
  ///
  /// - Complexity: O(log(n/B)).
  @inlinable public func location(of index: Int) -> (chunk: Int, offset: Int) {
    // The end, where a stream's messages are appended one by one, needs no totals.
    if index >= count { return (Swift.max(chunks.count - 1, 0), chunks.last?.elements.count ?? 0) }
    let found = locate(index)
    return (found.chunk, found.offset)
  }

  /// The chunk holding `index`, the position inside it and the totals of the chunks before.
  ///
  /// - Complexity: O(log(n/B)).
  @inlinable public func locate(_ index: Int) -> (chunk: Int, offset: Int, before: Totals) {
    if index >= count {
      let last = Swift.max(chunks.count - 1, 0)
      return (last, chunks.last?.elements.count ?? 0, totals(before: last))
    }
    let (chunk, before) = descend { $0.count <= index }
    return (chunk, index - before.count, before)
  }

  /// Visits, in order, every chunk whose summary passes `include`, with the index of its
  /// first element. Subtrees whose totals fail `include` are skipped whole, so finding the
  /// few chunks with something to do costs O(k log(n/B)), not a pass over every chunk.
  ///
  /// - Parameter include: must pass a sum whenever it passes one of its parts (e.g. "some
  ///   count is above zero").
  @inlinable public func forEachChunk(
    where include: (Element.Summary) -> Bool, _ body: (_ chunk: Int, _ start: Int) -> Void
  ) {
    func visit(_ node: Int, start: Int) {
      guard include(tree[node].summary) else { return }
      guard node < leafBase else {
        if node - leafBase < chunks.count { body(node - leafBase, start) }
        return
      }
      visit(2 * node, start: start)
      visit(2 * node + 1, start: start + tree[2 * node].count)
    }
    if !chunks.isEmpty { visit(1, start: 0) }
  }

  /// The index of the chunk's first element: a walk up from its leaf adding the counts of
  /// left siblings, with no summaries.
  ///
  /// - Complexity: O(log(n/B)).
  @inlinable public func startIndex(ofChunk chunk: Int) -> Int {
    guard chunk < leafBase else { return count }
    var node = leafBase + chunk
    var start = 0
    while node > 1 {
      if node & 1 == 1 { start += tree[node - 1].count }
      node >>= 1
    }
    return start
  }

  /// The last chunk whose preceding total, read through `key`, is `<= target`, with the
  /// totals before it.
  ///
  /// `key` must grow monotonically along the list (counts, non-negative heights).
  /// - Complexity: O(log(n/B)).
  @inlinable public func lastChunk<Key: Comparable>(notAfter target: Key, by key: (Element.Summary) -> Key)
    -> (chunk: Int, before: Totals)
  {
    descend { key($0.summary) <= target }
  }

  /// The elements of the chunk with `identifier`, and the index of its first element.
  @inlinable public func chunk(withIdentifier identifier: Int) -> (elements: [Element], startIndex: Int)? {
    guard let position = position(ofChunk: identifier) else { return nil }
    return (chunks[position].elements, startIndex(ofChunk: position))
  }

  // MARK: Editing

  @inlinable public subscript(index: Int) -> Element {
    get {
      let (chunk, offset) = location(of: index)
      return chunks[chunk].elements[offset]
    }
    set {
      let (chunk, offset) = location(of: index)
      chunks[chunk].elements[offset] = newValue
      resummarize(chunk, changed: offset..<offset + 1)
      _checkInvariants()
    }
  }

  /// Changes the elements at `indices` (ascending) and updates the totals; `body` gets each
  /// index's position in `indices`.
  ///
  /// - Complexity: O(k log(n/B) + touched blocks × b + touched chunks × B/b), b the block size.
  @inlinable public mutating func modifyElements(at indices: [Int], _ body: (Int, inout Element) -> Void) {
    var lastTouched = -1
    var touched = 0..<0
    // A cursor, not `forEachLocation`: a closure editing `self` while a method reads it
    // would make Swift copy the list, and with it every chunk.
    var cursor = Cursor()
    for (position, index) in indices.enumerated() {
      let (chunk, offset) = cursor.location(of: index, in: self)
      if chunk != lastTouched {
        if lastTouched >= 0 { resummarize(lastTouched, changed: touched) }
        lastTouched = chunk
        touched = offset..<offset + 1
      } else {
        touched = Swift.min(touched.lowerBound, offset)..<Swift.max(touched.upperBound, offset + 1)
      }
      body(position, &chunks[chunk].elements[offset])
    }
    if lastTouched >= 0 { resummarize(lastTouched, changed: touched) }
    _checkInvariants()
  }

  /// Calls `body` with the position in `indices`, the chunk and the offset of each index.
  ///
  /// An index in the chunk of the one before it, or in the next chunk, costs O(1); any other
  /// is looked up in the tree. So indices in ascending order (rows in order) cost
  /// O(k + jumps × log(n/B)), never a walk over the chunks between them.
  @inlinable public func forEachLocation(of indices: [Int], _ body: (Int, Int, Int) throws -> Void) rethrows {
    var cursor = Cursor()
    for (position, index) in indices.enumerated() {
      let (chunk, offset) = cursor.location(of: index, in: self)
      try body(position, chunk, offset)
    }
  }

  /// Changes an element in place without touching the totals; `body` must keep its summary.
  @inlinable public mutating func modifyWithoutResummarizing(at index: Int, _ body: (inout Element) -> Void) {
    let (chunk, offset) = location(of: index)
    body(&chunks[chunk].elements[offset])
  }

  /// Replaces the elements in `range` with `newElements`.
  ///
  /// - Returns: where the new elements went, for owners that index elements by chunk.
  /// - Complexity: O(B + k + log(n/B)) for k new elements; O(n/B) more when chunks are
  ///   added or removed.
  @discardableResult
  @inlinable public mutating func replaceSubrange(
    _ range: Range<Int>, with newElements: some Collection<Element>
  )
    -> Placement
  {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    if range.isEmpty && newElements.isEmpty { return Placement() }
    guard !chunks.isEmpty else {
      chunks = split(newElements, appending: true)
      rebuildTree(positionsFrom: 0)
      return Placement(createdChunks: chunks.map(\.identifier))
    }
    let start = location(of: range.lowerBound)
    let end = location(of: range.upperBound)
    // Common case: the edit stays inside one chunk; edit it in place unless the result is a
    // crumb (under a quarter full) that its left neighbour can absorb. Re-cutting a crumb that
    // cannot be folded only made the same chunk again and rebuilt the tree (O(n/B)): the short
    // tail an appending split leaves did so on each of its first B/4 appends, which made a long
    // stream of appends quadratic.
    let resultingCount =
      chunks[start.chunk].elements.count - (end.offset - start.offset) + newElements.count
    let foldsIntoLeftNeighbour =
      resultingCount < Self.maximumChunkCount / 4 && start.chunk > 0
      && chunks[start.chunk - 1].elements.count + resultingCount <= Self.maximumChunkCount
    if start.chunk == end.chunk, resultingCount <= Self.maximumChunkCount, !foldsIntoLeftNeighbour {
      let keepsCount = resultingCount == chunks[start.chunk].elements.count
      if start.offset == chunks[start.chunk].elements.count {
        // An append: the array's generic replacement cost several times more.
        chunks[start.chunk].elements.append(contentsOf: newElements)
      } else {
        chunks[start.chunk].elements.replaceSubrange(start.offset..<end.offset, with: newElements)
      }
      let identifier = chunks[start.chunk].identifier
      guard chunks[start.chunk].elements.isEmpty else {
        // When the count changed, the elements after the edit moved and their blocks are
        // summed again; else only the replaced ones changed (a row reloaded in place deep in
        // a chunk costs its own block, not the rest of the chunk).
        let changedEnd = keepsCount ? end.offset : chunks[start.chunk].elements.count
        resummarize(start.chunk, changed: start.offset..<changedEnd)
        _checkInvariants()
        return Placement(editedChunk: identifier)
      }
      chunks.remove(at: start.chunk)
      retireChunk(identifier)
      rebuildTree(positionsFrom: start.chunk)
      return Placement()
    }
    if range.isEmpty, range.lowerBound == 0, chunks[0].elements.count >= Self.maximumChunkCount / 4 {
      // A prepend that does not fit the first chunk (a page of history) starts chunks of its
      // own: re-cutting the first chunk placed every element of it again, which made each
      // page cost a full chunk of id-index writes.
      let created = split(newElements, appending: false)
      chunks.insert(contentsOf: created, at: 0)
      rebuildTree(positionsFrom: 0)
      return Placement(createdChunks: created.map(\.identifier))
    }
    if range.upperBound == count, start.chunk == chunks.count - 1, resultingCount > Self.maximumChunkCount {
      // An append, or the last chunk's tail replaced, by more than fits (a burst of messages
      // after the group they join, decorated again): the chunk drops the replaced tail and
      // fills up in place, and the rest start chunks of their own. Its kept elements stay
      // where they are, so an owner indexing elements by chunk (an id index) places only the
      // new ones; merged and cut again, each new element was copied twice and each kept one
      // too. Filled rather than left as it was, the chunk leaves no crumb behind.
      let last = start.chunk
      let room = Self.maximumChunkCount - start.offset
      let created: [Chunk]
      if room == 0 {
        // A full chunk appended to: it stays as it is.
        created = split(newElements, appending: true)
      } else {
        chunks[last].elements.removeSubrange(start.offset...)
        chunks[last].elements.append(contentsOf: newElements.prefix(room))
        resummarize(last, changed: start.offset..<Self.maximumChunkCount)
        created = split(newElements.dropFirst(room), appending: true)
      }
      chunks.append(contentsOf: created)
      rebuildTree(positionsFrom: last)
      return Placement(
        editedChunk: chunks[last].identifier, editedCount: room, createdChunks: created.map(\.identifier))
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
    for chunk in chunks[first...end.chunk] { retireChunk(chunk.identifier) }
    let created = split(merged, appending: isAppend)
    chunks.replaceSubrange(first...end.chunk, with: created)
    rebuildTree(positionsFrom: first)
    return Placement(createdChunks: created.map(\.identifier))
  }

  @inlinable public mutating func append(_ element: Element) {
    replaceSubrange(count..<count, with: CollectionOfOne(element))
  }

  @inlinable public mutating func removeAll() {
    chunks = []
    chunkPositions = []
    freeChunkIdentifiers = []
    nextChunkIdentifier = 0
    rebuildTree(positionsFrom: 0)
  }

  @inlinable static func totals(of chunk: Chunk) -> Totals {
    Totals(count: chunk.elements.count, summary: chunk.summary)
  }

  /// Recomputes chunk `chunk`'s summary and the tree nodes above it.
  ///
  /// Only the blocks overlapping `changed` (offsets of elements changed since the chunk was
  /// last summed; when its element count changed, every offset from the first changed one to
  /// the end) are summed again; the chunk's summary is then the sum of its blocks, as
  /// `summarize` makes it.
  @inlinable mutating func resummarize(_ chunk: Int, changed: Range<Int>) {
    let count = chunks[chunk].elements.count
    let blockSize = Self.blockSize
    let neededBlocks = (count + blockSize - 1) / blockSize
    let blockCount = chunks[chunk].blocks.count
    if MemoryLayout<Element.Summary>.size > 0, blockCount != neededBlocks, changed.upperBound >= count,
      changed.lowerBound / blockSize <= blockCount
    {
      // The count changed and every block from the first changed one on is summed below:
      // blocks are added or dropped at the end rather than the chunk summed whole (an append
      // that started a block did that, every 32nd append of a stream).
      if blockCount < neededBlocks {
        chunks[chunk].blocks.append(contentsOf: repeatElement(.zero, count: neededBlocks - blockCount))
      } else {
        chunks[chunk].blocks.removeLast(blockCount - neededBlocks)
      }
    }
    if MemoryLayout<Element.Summary>.size > 0, chunks[chunk].blocks.count == neededBlocks {
      let firstBlock = changed.lowerBound / blockSize
      let endBlock = Swift.min((changed.upperBound + blockSize - 1) / blockSize, chunks[chunk].blocks.count)
      for block in firstBlock..<Swift.max(endBlock, firstBlock) {
        var summary = Element.Summary.zero
        for index in block * blockSize..<Swift.min((block + 1) * blockSize, count) {
          summary = summary + chunks[chunk].elements[index].summary
        }
        chunks[chunk].blocks[block] = summary
      }
      var total = Element.Summary.zero
      for block in chunks[chunk].blocks { total = total + block }
      chunks[chunk].summary = total
    } else {
      (chunks[chunk].summary, chunks[chunk].blocks) = Self.summarize(chunks[chunk].elements)
    }
    var node = leafBase + chunk
    tree[node] = Self.totals(of: chunks[chunk])
    node /= 2
    while node >= 1 {
      tree[node] = tree[2 * node] + tree[2 * node + 1]
      node /= 2
    }
  }

  /// Rebuilds the tree after chunks were added or removed, and the positions of the chunks
  /// from `first` on: the chunks before `first` are as they were.
  ///
  /// - Complexity: O(n/B − `first` + log(n/B)) while the tree has room for the chunks (chunks
  ///   added at the end cost their leaves and the paths above them); O(n/B) when it grows.
  @inlinable mutating func rebuildTree(positionsFrom first: Int) {
    treeRebuildCount += 1
    if first > 0, chunks.count <= leafBase {
      // Leaves from `first` on, including those of chunks now gone, then their ancestors,
      // a level at a time.
      let end = Swift.max(leafCount, chunks.count)
      if first < end {
        for position in first..<end {
          tree[leafBase + position] = position < chunks.count ? Self.totals(of: chunks[position]) : .zero
        }
        var (lower, upper) = ((leafBase + first) / 2, (leafBase + end - 1) / 2)
        while lower >= 1 {
          for node in lower...upper { tree[node] = tree[2 * node] + tree[2 * node + 1] }
          (lower, upper) = (lower / 2, upper / 2)
        }
      }
    } else {
      var base = 1
      while base < chunks.count { base *= 2 }
      leafBase = base
      tree = Array(repeating: .zero, count: 2 * base)
      for (position, chunk) in chunks.enumerated() { tree[base + position] = Self.totals(of: chunk) }
      for node in stride(from: base - 1, through: 1, by: -1) {
        tree[node] = tree[2 * node] + tree[2 * node + 1]
      }
    }
    leafCount = chunks.count
    if tracksChunkPositions {
      for position in first..<chunks.count { setPosition(position, ofChunk: chunks[position].identifier) }
    }
    _checkInvariants()
  }
}

extension ChunkedList: Sequence {
  @inlinable public func makeIterator() -> FlattenSequence<LazyMapSequence<[Chunk], [Element]>>.Iterator {
    chunks.lazy.map(\.elements).joined().makeIterator()
  }
}

extension ChunkedList: Sendable where Element: Sendable {}
extension ChunkedList.Chunk: Sendable where Element: Sendable {}
extension ChunkedList.Totals: Sendable where Element: Sendable {}
