/// Vertical layout of a transcript: one row per item, stacked top to bottom.
///
/// Keeps each row's height and bottom margin and answers the questions a scroll view asks
/// (content height, frame of a row, row at a y, rows in a viewport) without a pass over
/// every row. Edits (append, prepend, insert, delete, resize) touch one chunk of rows and
/// the running totals after it: O(√n) for the sizes this engine is built for.
///
/// `Payload` is whatever the owner wants to keep per row (the engine keeps the item, its
/// presenter and its decoration). Shapes (metrics and flags) and payloads live in two chunked
/// lists that are always edited together, so they are cut into chunks identically (checked
/// after every edit in debug builds, see `_checkInvariants()`): lookups scan compact shapes
/// only, and a payload is found at the same chunk and offset. A value type: a
/// copy is a snapshot.
public struct LayoutModel<Payload> {
  /// One row: metrics, whether it stands for a data-source item, and the owner's payload.
  public struct Row {
    public var metrics: RowMetrics
    /// `false` for rows the decorator injected (separators, status rows).
    public var isItem: Bool
    /// The height is not known yet; the row counts as zero high until it is measured.
    public var needsMeasurement: Bool
    /// The row stays drawn at the top of a viewport scrolled past it, until the next such row
    /// pushes it out (a day heading); see ``lastPinnedHeader(startingAbove:)``.
    public var isPinnedHeader: Bool
    public var payload: Payload

    public init(
      metrics: RowMetrics, isItem: Bool = true, needsMeasurement: Bool = false, isPinnedHeader: Bool = false,
      payload: Payload
    ) {
      self.metrics = metrics
      self.isItem = isItem
      self.needsMeasurement = needsMeasurement
      self.isPinnedHeader = isPinnedHeader
      self.payload = payload
    }

    init(_ shape: RowShape, payload: Payload) {
      self.init(
        metrics: shape.metrics, isItem: shape.isItem, needsMeasurement: shape.needsMeasurement,
        isPinnedHeader: shape.isPinnedHeader, payload: payload)
    }

    var shape: RowShape {
      RowShape(
        metrics: metrics, isItem: isItem, needsMeasurement: needsMeasurement, isPinnedHeader: isPinnedHeader)
    }
  }

  /// Payloads carry no totals; they only follow the shapes' chunking.
  struct PayloadSlot: Summarized {
    var payload: Payload
    var summary: NoSummary { NoSummary() }
  }

  private(set) var shapes = ChunkedList<RowShape>()
  private(set) var payloads = ChunkedList<PayloadSlot>()
  /// The width the rows were measured for.
  public var width: Double

  public init(width: Double = 0) {
    self.width = width
  }

  public init(width: Double, rows: some Collection<Row>) {
    self.width = width
    replaceRows(0..<0, with: rows)
  }

  public var count: Int { shapes.count }
  /// Rows standing for data-source items (injected rows excluded).
  public var itemCount: Int { shapes.total.itemCount }
  /// The height of everything: every row's height and margin.
  public var contentHeight: Double { shapes.total.extent }

  public subscript(index: Int) -> Row {
    get {
      let (chunk, offset) = shapes.location(of: index)
      return Row(
        shapes.chunks[chunk].elements[offset], payload: payloads.chunks[chunk].elements[offset].payload)
    }
    set {
      shapes[index] = newValue.shape
      payloads.modifyWithoutResummarizing(at: index) { $0.payload = newValue.payload }
      _checkInvariants()
    }
  }

  /// The payload of row `index`, without its shapes.
  public func payload(at index: Int) -> Payload {
    let (chunk, offset) = shapes.location(of: index)
    return payloads.chunks[chunk].elements[offset].payload
  }

  /// The rows in `range` whose payloads pass `predicate`, in order; reads payloads in place,
  /// without assembling rows.
  public func indices(in range: Range<Int>, where predicate: (Payload) -> Bool) -> [Int] {
    var result: [Int] = []
    walk(range) { index, _, _, payload in
      if predicate(payload) { result.append(index) }
    }
    return result
  }

  /// Visits the payloads of rows `indices` (ascending: one walk over the rows), with each
  /// index's position in `indices`.
  public func forEachPayload(at indices: [Int], _ body: (Int, Payload) throws -> Void) rethrows {
    try shapes.forEachLocation(of: indices) { position, chunk, offset in
      try payloads.chunks[chunk].elements.withUnsafeBufferPointer { slots in
        try body(position, slots[offset].payload)
      }
    }
  }

  /// Visits the metrics and payloads of rows `indices` (ascending), with each index's
  /// position in `indices`, reading them in place.
  func forEachRow(at indices: [Int], _ body: (Int, RowMetrics, Payload) throws -> Void) rethrows {
    try shapes.forEachLocation(of: indices) { position, chunk, offset in
      try payloads.chunks[chunk].elements.withUnsafeBufferPointer { slots in
        try body(position, shapes.chunks[chunk].elements[offset].metrics, slots[offset].payload)
      }
    }
  }

  /// Visits the metrics of rows `indices` (ascending), with each index's position in
  /// `indices`.
  func forEachMetrics(at indices: [Int], _ body: (Int, RowMetrics) throws -> Void) rethrows {
    try shapes.forEachLocation(of: indices) { position, chunk, offset in
      try body(position, shapes.chunks[chunk].elements[offset].metrics)
    }
  }

  /// Replaces rows in `range` with `newRows`: insertion, deletion and resizing in one call.
  ///
  /// - Precondition: `range` lies within `0...count`.
  /// - Complexity: O(B + k + n/B) for k new rows, B the chunk size.
  public mutating func replaceRows(_ range: Range<Int>, with newRows: some Collection<Row>) {
    // A closure, not `\.shape`: a key path in this generic type is instantiated at run time
    // on every call, which cost more than the rest of a one-row edit.
    shapes.replaceSubrange(range, with: newRows.lazy.map { $0.shape })
    payloads.replaceSubrange(range, with: newRows.lazy.map { PayloadSlot(payload: $0.payload) })
    _checkInvariants()
  }

  /// ``replaceRows(_:with:)`` for rows already split into shapes and payloads (equal counts):
  /// what a long insert builds, so a million rows are not assembled only to be taken apart.
  ///
  /// - Returns: where the rows went, for owners that index rows by chunk.
  @discardableResult
  mutating func replaceRows(_ range: Range<Int>, shapes: [RowShape], payloads newPayloads: [Payload])
    -> ChunkedList<RowShape>.Placement
  {
    precondition(shapes.count == newPayloads.count, "one shape per payload")
    let placement = self.shapes.replaceSubrange(range, with: shapes)
    payloads.replaceSubrange(range, with: newPayloads.lazy.map { PayloadSlot(payload: $0) })
    _checkInvariants()
    return placement
  }

  /// ``replaceRows(_:shapes:payloads:)`` for rows built in pieces of at most a chunk (shape
  /// and payload pieces of equal counts): into an empty layout the pieces become its chunks
  /// as they are, so a cold layout stores a million rows without copying them again.
  @discardableResult
  mutating func replaceRows(_ range: Range<Int>, shapePieces: [[RowShape]], payloadPieces: [[PayloadSlot]])
    -> ChunkedList<RowShape>.Placement
  {
    precondition(shapePieces.map(\.count) == payloadPieces.map(\.count), "one shape per payload")
    let placement = shapes.replaceSubrange(range, withPieces: shapePieces)
    payloads.replaceSubrange(range, withPieces: payloadPieces)
    _checkInvariants()
    return placement
  }

  /// The most rows a piece given to ``replaceRows(_:shapePieces:payloadPieces:)`` should hold.
  static var rowsPerPiece: Int { ChunkedList<RowShape>.maximumChunkCount }

  /// Rows still waiting for a height.
  public var pendingMeasurementCount: Int { shapes.total.pendingCount }

  /// The indices of rows waiting for a height, in order.
  ///
  /// - Complexity: O(c × (B/b + log(n/B)) + k × b) for c chunks holding such rows, k blocks of
  ///   b rows holding them: blocks without one are skipped by their totals, so one edited row
  ///   costs a block's scan, not its chunk's.
  public var rowsNeedingMeasurement: [Int] {
    var result: [Int] = []
    result.reserveCapacity(pendingMeasurementCount)
    let blockSize = ChunkedList<RowShape>.blockSize
    shapes.forEachChunk(where: { $0.pendingCount > 0 }) { chunk, start in
      let content = shapes.chunks[chunk]
      for (block, summary) in content.blocks.enumerated() where summary.pendingCount > 0 {
        let first = block * blockSize
        for offset in first..<min(first + blockSize, content.elements.count)
        where content.elements[offset].needsMeasurement {
          result.append(start + offset)
        }
      }
    }
    return result
  }

  /// Marks every row as needing a height (a new width).
  ///
  /// - Complexity: O(n).
  public mutating func markAllNeedingMeasurement() {
    shapes.modifyElements(at: Array(0..<count)) { _, row in row.needsMeasurement = true }
    _checkInvariants()
  }

  /// Gives rows their measured heights and recomputes the totals once.
  ///
  /// - Parameters:
  ///   - heights: one height per entry of `indices`.
  ///   - indices: row indices, ascending.
  public mutating func setMeasuredHeights(_ heights: [Double], at indices: [Int]) {
    shapes.modifyElements(at: indices) { position, row in
      row.metrics.height = heights[position]
      row.needsMeasurement = false
    }
    _checkInvariants()
  }

  /// Changes a row's payload; metrics stay as they are.
  public mutating func updatePayload(at index: Int, _ body: (inout Payload) -> Void) {
    payloads.modifyWithoutResummarizing(at: index) { body(&$0.payload) }
    _checkInvariants()
  }

  /// ``updatePayload(at:_:)`` for each row of `range`, in order, in one walk.
  mutating func updatePayloads(in range: Range<Int>, _ body: (inout Payload) -> Void) {
    guard !range.isEmpty else { return }
    var (chunk, offset) = payloads.location(of: range.lowerBound)
    for _ in range {
      body(&payloads.chunks[chunk].elements[offset].payload)
      offset += 1
      if offset == payloads.chunks[chunk].elements.count {
        chunk += 1
        offset = 0
      }
    }
    _checkInvariants()
  }

  /// The y where row `index` starts.
  ///
  /// - Complexity: O(log(n/B) + B/b + b) for blocks of b rows.
  public func yOffset(at index: Int) -> Double {
    let (chunk, offset, before) = shapes.locate(index)
    var y = before.summary.extent
    guard chunk < shapes.chunks.count else { return y }
    let content = shapes.chunks[chunk]
    // Whole blocks first, then the rows of the row's own block: the same sums `index(atY:)`
    // walks, so the two always agree on where a row starts.
    let blockSize = ChunkedList<RowShape>.blockSize
    let fullBlocks = offset / blockSize
    for block in 0..<fullBlocks { y += content.blocks[block].extent }
    for position in fullBlocks * blockSize..<offset { y += content.elements[position].extent }
    return y
  }

  /// Row `index`'s frame: full width, its height without the margin.
  public func frame(at index: Int) -> Rect {
    let (chunk, offset) = shapes.location(of: index)
    return Rect(
      x: 0, y: yOffset(at: index), width: width,
      height: shapes.chunks[chunk].elements[offset].metrics.height)
  }

  /// The row whose band (height and margin) contains `y`, clamped to the first and last rows;
  /// `nil` when there are no rows.
  ///
  /// - Complexity: O(log(n/B) + B/b + b) for blocks of b rows: whole blocks are skipped by
  ///   their totals, so a lookup reads a few cache lines of a chunk, not all of it.
  public func index(atY y: Double) -> Int? {
    guard count > 0 else { return nil }
    guard y > 0 else { return 0 }
    let (chunk, before) = shapes.lastChunk(notAfter: y, by: { $0.extent })
    var top = before.summary.extent
    let content = shapes.chunks[chunk]
    var offset = 0
    for block in content.blocks {
      let bottom = top + block.extent
      if y < bottom { break }
      top = bottom
      offset += ChunkedList<RowShape>.blockSize
    }
    let elements = content.elements
    while offset < elements.count {
      let bottom = top + elements[offset].extent
      if y < bottom { return before.count + offset }
      top = bottom
      offset += 1
    }
    return min(before.count + elements.count, count) - 1
  }

  /// The rows whose bands intersect the vertical span `y..<y + height`.
  ///
  /// - Complexity: O(log(n/B) + B + rows in the span).
  public func visibleRange(y: Double, height: Double) -> Range<Int> {
    guard count > 0, height > 0, y < contentHeight, y + height > 0,
      let first = index(atY: y), let last = index(atY: y + height)
    else { return 0..<0 }
    // `last` may start exactly at the span's end; it is then not visible.
    let end = yOffset(at: last) < y + height ? last + 1 : last
    return first..<max(end, first + 1)
  }

  /// Visits rows in `range` in order with their y offsets, without a lookup per row.
  public func forEachRow(in range: Range<Int>, _ body: (Int, Double, Row) throws -> Void) rethrows {
    try walk(range) { index, y, shape, payload in try body(index, y, Row(shape, payload: payload)) }
  }

  /// Visits rows in `range` in order with their y offsets, metrics and payloads read in
  /// place: ``forEachRow(in:_:)`` without assembling (and copying) a row for each.
  public func forEachPayload(
    in range: Range<Int>, _ body: (Int, Double, RowMetrics, Payload) throws -> Void
  ) rethrows {
    try walk(range) { index, y, shape, payload in try body(index, y, shape.metrics, payload) }
  }

  /// The one walk over rows in order: the y offset is looked up once and added to row by
  /// row, the chunk and offset advance without a lookup per row.
  ///
  /// Payloads are handed to `body` where they lie, through each chunk's buffer: read through
  /// the arrays' subscripts, each was copied first (its item, id and presenter retained, then
  /// released), which cost drawing a page of rows more than placing them.
  private func walk(_ range: Range<Int>, _ body: (Int, Double, RowShape, Payload) throws -> Void) rethrows {
    guard !range.isEmpty else { return }
    var y = yOffset(at: range.lowerBound)
    var (chunk, offset) = shapes.location(of: range.lowerBound)
    var index = range.lowerBound
    while index < range.upperBound {
      try shapes.chunks[chunk].elements.withUnsafeBufferPointer { rowShapes in
        try payloads.chunks[chunk].elements.withUnsafeBufferPointer { slots in
          let end = min(rowShapes.count, offset + range.upperBound - index)
          for rowOffset in offset..<end {
            try body(index, y, rowShapes[rowOffset], slots[rowOffset].payload)
            y += rowShapes[rowOffset].extent
            index += 1
          }
        }
      }
      chunk += 1
      offset = 0
    }
  }

  // MARK: Rows by chunk, for owners that index rows

  /// Starts keeping track of where each chunk is, so rows can be found by chunk identifier
  /// (see ``row(inChunk:near:tag:where:)``).
  mutating func trackChunkPositions() {
    shapes.trackChunkPositions()
  }

  /// Sets the tags of rows `range` (see ``RowShape/tag``) from their payloads, in row order.
  mutating func setTags(in range: Range<Int>, _ tag: (Payload) -> UInt32) {
    guard !range.isEmpty else { return }
    var (chunk, offset) = shapes.location(of: range.lowerBound)
    for _ in range {
      shapes.chunks[chunk].elements[offset].tag = tag(payloads.chunks[chunk].elements[offset].payload)
      offset += 1
      if offset == shapes.chunks[chunk].elements.count {
        chunk += 1
        offset = 0
      }
    }
  }

  /// Visits, chunk by chunk, every row of the chunks `identifiers` that still exist, with the
  /// chunk's identifier and the row's offset in it (every chunk when `identifiers` is `nil`).
  func forEachPayload(inChunks identifiers: [Int]?, _ body: (_ chunk: Int, _ offset: Int, Payload) -> Void) {
    let positions =
      identifiers.map { $0.compactMap { shapes.position(ofChunk: $0) } } ?? Array(shapes.chunks.indices)
    for position in positions {
      let identifier = shapes.chunks[position].identifier
      for (offset, slot) in payloads.chunks[position].elements.enumerated() {
        body(identifier, offset, slot.payload)
      }
    }
  }

  /// Row `index`'s offset in its chunk.
  func offsetInChunk(ofRow index: Int) -> Int {
    shapes.location(of: index).offset
  }

  /// The row in the chunk `identifier` whose payload passes `matches`: the row at offset `hint`
  /// if it does, else the nearest with tag `tag` that does, looked for outwards (edits before
  /// a row move it a little); `nil` when there is none or the chunk is gone.
  ///
  /// - Complexity: O(d + log(n/B)) for a row d places from its hint, at most O(B): a scan of
  ///   the chunk's compact shapes, reading only payloads whose tag matches.
  func row(
    inChunk identifier: Int, near hint: Int, tag: UInt32, where matches: (UnsafePointer<Payload>) -> Bool
  ) -> Int? {
    guard let position = shapes.position(ofChunk: identifier) else { return nil }
    // The chunk's first index is read before the payload is checked: its loads (a walk up the
    // tree) do not wait on the payload's, so on a transcript too large for the caches the two
    // sets of misses overlap instead of following each other.
    let chunkStart = shapes.startIndex(ofChunk: position)
    // The hint is right unless an edit in the chunk moved the row: its payload is read before
    // any shape, one memory access fewer. The hint is tested by branches, not clamped to the
    // chunk: a clamp makes the payload's load wait for the load of the chunk's count, while a
    // predicted branch lets the processor issue both at once (one miss instead of two in a row).
    // `matches` reads a payload where it lies, through a pointer: passed as a value, a row was
    // copied, which retains its item and presenter, and their reference counts are more cache
    // misses on a transcript too large for the caches.
    let offset = payloads.chunks[position].elements.withUnsafeBufferPointer { payloadSlots -> Int? in
      func matchesPayload(at offset: Int) -> Bool {
        guard let slot = payloadSlots.baseAddress?.advanced(by: offset),
          let payload = slot.pointer(to: \.payload)
        else { return false }
        return matches(payload)
      }
      if hint >= 0, hint < payloadSlots.count, matchesPayload(at: hint) {
        return hint
      }
      guard !payloadSlots.isEmpty else { return nil }
      let start = min(max(hint, 0), payloadSlots.count - 1)
      if start != hint, matchesPayload(at: start) {
        return start
      }
      return shapes.chunks[position].elements.withUnsafeBufferPointer { rowShapes -> Int? in
        func found(_ offset: Int) -> Bool {
          rowShapes[offset].tag == tag && matchesPayload(at: offset)
        }
        for distance in 1..<max(start + 1, rowShapes.count - start) {
          if start + distance < rowShapes.count, found(start + distance) { return start + distance }
          if start - distance >= 0, found(start - distance) { return start - distance }
        }
        return nil
      }
    }
    return offset.map { chunkStart + $0 }
  }

  /// The index of the row of the `itemIndex`-th data-source item (injected rows skipped).
  ///
  /// - Complexity: O(log(n/B) + B/b + b) for blocks of b rows: whole blocks are skipped by
  ///   their item counts, so an item deep in a full chunk costs what one near its start does.
  public func rowIndex(ofItem itemIndex: Int) -> Int? {
    guard itemIndex >= 0, itemIndex < itemCount else { return nil }
    // The last chunk that starts with fewer than itemIndex + 1 items before it holds the item.
    let (chunk, before) = shapes.lastChunk(notAfter: itemIndex, by: { $0.itemCount })
    var seen = before.summary.itemCount
    let content = shapes.chunks[chunk]
    var offset = 0
    for block in content.blocks {
      guard seen + block.itemCount <= itemIndex else { break }
      seen += block.itemCount
      offset += ChunkedList<RowShape>.blockSize
    }
    let elements = content.elements
    while offset < elements.count {
      if elements[offset].isItem {
        if seen == itemIndex { return before.count + offset }
        seen += 1
      }
      offset += 1
    }
    return nil
  }

  /// Every row in order.
  public var allRows: [Row] {
    var result: [Row] = []
    result.reserveCapacity(count)
    forEachRow(in: 0..<count) { _, _, row in result.append(row) }
    return result
  }
}

/// A row's shape: what layout lookups read, kept apart from payloads so scans stay compact.
struct RowShape: Summarized, Sendable {
  var metrics: RowMetrics
  var isItem: Bool
  var needsMeasurement: Bool
  /// Fills padding, as the tag below does: a shape stays 24 bytes.
  var isPinnedHeader = false
  /// A value the owner keeps per row to find rows without reading payloads (the engine: a
  /// hash of the row's id, while it indexes ids). It fills the shape's padding: free.
  var tag: UInt32 = 0

  /// The space the row takes now: nothing while its height is unknown.
  var extent: Double { needsMeasurement ? 0 : metrics.extent }

  var summary: RowSummary {
    RowSummary(
      rowCount: 1, itemCount: isItem ? 1 : 0, pendingCount: needsMeasurement ? 1 : 0,
      pinnedHeaderCount: isPinnedHeader ? 1 : 0, extent: extent)
  }
}

extension LayoutModel: Sendable where Payload: Sendable {}
extension LayoutModel.Row: Sendable where Payload: Sendable {}
extension LayoutModel.PayloadSlot: Sendable where Payload: Sendable {}
