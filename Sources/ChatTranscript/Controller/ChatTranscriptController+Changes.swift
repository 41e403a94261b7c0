/// Exact edits: only the changed items and the decorator's reach around them are touched.
extension ChatTranscriptController {
  /// The first edit that points outside the item list, checked against the item count each
  /// edit leaves behind, so a bad batch is refused before anything changes.
  ///
  /// - Complexity: O(edits).
  func firstOutOfBoundsChange(in changes: [ChatItemsChange], itemCount: Int) -> ChatTranscriptError? {
    var count = itemCount
    for change in changes {
      switch change {
      case .insert(let items, let index):
        guard index >= 0, index <= count else {
          return .changeOutOfBounds("insert at \(index) of \(count) items")
        }
        count += items.count
      case .remove(let range):
        guard range.lowerBound >= 0, range.upperBound <= count else {
          return .changeOutOfBounds("remove \(range) of \(count) items")
        }
        count -= range.count
      case .replace(_, let index):
        guard index >= 0, index < count else {
          return .changeOutOfBounds("replace at \(index) of \(count) items")
        }
      }
    }
    return nil
  }

  /// Applies `changes` (already checked with `firstOutOfBoundsChange`) to `next`.
  ///
  /// - Parameter sizingWidth: the width rows made for items without one are sized for as
  ///   they are built (``HeightSource/sizedWhileBuilt``); `nil` to measure them later.
  /// - Complexity: per edit O(k + r + √n) for k inserted items and decorator reach r.
  func apply(
    _ changes: [ChatItemsChange], to next: inout TranscriptLayout, remeasureAll: Bool,
    sizingWidth: Double?, anchor: inout ReadingAnchor?, tracker: inout RowChangeTracker,
    update: inout TranscriptUpdate
  ) {
    if remeasureAll { next.markAllNeedingMeasurement() }
    // Rows taken out by earlier edits of this update, so a move keeps its presenter, with the
    // old rows they show.
    var removed = RemovedRows()
    func edit(_ range: Range<Int>, with inserted: [any ChatItem], neighbourhood: Neighbourhood) {
      replaceItems(
        range, with: inserted, in: &next, removed: &removed, neighbourhood: neighbourhood,
        remeasureAll: remeasureAll, sizingWidth: sizingWidth, anchor: &anchor, tracker: &tracker,
        update: &update)
    }
    func replace(_ range: Range<Int>, with inserted: [any ChatItem]) {
      guard
        let newItems = Self.longAppend(
          replacing: range, with: inserted, in: &next, removed: removed, reach: decorator.reach)
      else { return edit(range, with: inserted, neighbourhood: .asDecoratorSays) }
      // A burst of new messages at the end, after an edit of the last few items (or none):
      // the edit first, then the new items in one pass on all cores with the old ones as
      // their neighbours, then the old items they now follow decorated again with them, then
      // what follows the new items (the typing row). Decorated as one window, every new row
      // was made one at a time, each looked for among the rows taken out, and measured in a
      // pass of its own.
      if !range.isEmpty || newItems.lowerBound > 0 {
        edit(range, with: Array(inserted[..<newItems.lowerBound]), neighbourhood: .asDecoratorSays)
      }
      let end = range.lowerBound + newItems.lowerBound
      edit(end..<end, with: Array(inserted[newItems]), neighbourhood: .newAtTheEnd)
      let before = max(end - max(decorator.reach, 0), 0)..<end
      let old = before.compactMap { Self.item($0, of: &next) }
      if !old.isEmpty { edit(before, with: old, neighbourhood: .itemsAlone) }
      if newItems.upperBound < inserted.count {
        let last = end + newItems.count
        edit(last..<last, with: Array(inserted[newItems.upperBound...]), neighbourhood: .asDecoratorSays)
      }
    }
    var rest = changes[...]
    while !rest.isEmpty {
      let fold = rest.count >= EditWindows.minimumCount ? EditWindows(rest, itemCount: next.itemCount) : nil
      guard let fold, !Self.movesAcrossWindows(fold.windows, in: &next) else {
        // A short batch, or an item taken out of one window and brought back in an earlier
        // one: replayed in order, so a moved item finds its row taken out before it returns.
        let count = fold?.foldedCount ?? rest.count
        for change in rest.prefix(count) {
          switch change {
          case .insert(let items, let index): replace(index..<index, with: items)
          case .remove(let removedRange): replace(removedRange, with: [])
          case .replace(let item, let index): replace(index..<index + 1, with: [item])
          }
        }
        rest = rest.dropFirst(count)
        continue
      }
      // Windows left of a window have shifted its items by what they added or removed.
      var shift = 0
      for window in fold.windows {
        replace(window.oldRange.lowerBound + shift..<window.oldRange.upperBound + shift, with: window.items)
        shift += window.items.count - window.oldRange.count
      }
      rest = rest.dropFirst(fold.foldedCount)
    }
    // Whatever was there before and was taken out and never came back has left the
    // transcript; a row that came and went within the update is reported neither way, as a
    // diffed update would report it.
    let left = removed.leftRows
    update.deletedRows.append(contentsOf: left.old)
    if !left.fresh.isEmpty {
      var gone = Dictionary(left.fresh.map { ($0, 1) }, uniquingKeysWith: +)
      update.insertedRows.removeAll { id in
        guard let count = gone[id], count > 0 else { return false }
        gone[id] = count - 1
        return true
      }
    }
  }

  /// Whether an item some window takes out comes back in an earlier one: replayed in order,
  /// the move would keep its row (presenter and height), but windows applied in list order
  /// bring it back before taking it out. Read before any window is applied.
  ///
  /// The windows are read from the last, so the items brought by the last one, a burst's
  /// long append, are never hashed.
  ///
  /// - Complexity: O(k log n) for k items taken out of all windows but the first, and brought
  ///   into all but the last.
  private static func movesAcrossWindows(
    _ windows: [EditWindows.Window], in next: inout TranscriptLayout
  ) -> Bool {
    var takenLater: Set<ChatItemKey> = []
    for (number, window) in windows.enumerated().reversed() {
      if !takenLater.isEmpty, window.items.contains(where: { takenLater.contains(ChatItemKey($0)) }) {
        return true
      }
      guard number > 0 else { break }
      for index in window.oldRange {
        if let old = item(index, of: &next) { takenLater.insert(ChatItemKey(old)) }
      }
    }
    return false
  }

  /// What an edit decorates again besides the items it brings (``replaceItems``).
  private enum Neighbourhood {
    /// The decorator's reach on each side, less where it says a change reaches less.
    case asDecoratorSays
    /// Nothing: the items are new at the end, decorated with the old ones before them as
    /// neighbours, and none is a row taken out earlier in the update; the old ones are
    /// decorated again apart (``itemsAlone``).
    case newAtTheEnd
    /// The items alone, always: they replace themselves, to be decorated with new neighbours.
    case itemsAlone
  }

  /// The fewest new items at the end of an edit worth making apart (``longAppend``).
  static let longAppendMinimum = 64

  /// The new items in `inserted` that an edit of `range` can bring in one pass of their own
  /// (``Neighbourhood/newAtTheEnd``): when the edit ends at the last item and the decorator's
  /// reach is small, the longest run of at least ``longAppendMinimum`` items that are neither
  /// one of the items `range` takes out nor a row taken out earlier in the update (those come
  /// back as the rows they were: the typing row, which follows a burst's messages). `nil`
  /// otherwise.
  ///
  /// - Complexity: O(k × r) for k inserted items and r replaced ones, O(k) when more than a
  ///   few are replaced.
  private static func longAppend(
    replacing range: Range<Int>, with inserted: [any ChatItem], in next: inout TranscriptLayout,
    removed: RemovedRows, reach: Int
  ) -> Range<Int>? {
    guard reach > 0, reach <= 16, range.upperBound == next.itemCount, range.count <= 64,
      inserted.count >= longAppendMinimum
    else { return nil }
    let replaced = range.compactMap { item($0, of: &next).map { ChatItemKey($0) } }
    let replacedSet = replaced.count > 8 ? Set(replaced) : []
    var longest = 0..<0
    var runStart = 0
    for (index, item) in inserted.enumerated() {
      let key = ChatItemKey(item)
      let isOld =
        (replaced.count > 8 ? replacedSet.contains(key) : replaced.contains(key))
        || (!removed.isEmpty && removed.holds(key))
      if isOld {
        runStart = index + 1
      } else if index + 1 - runStart > longest.count {
        longest = runStart..<index + 1
      }
    }
    return longest.count >= longAppendMinimum ? longest : nil
  }

  /// Replaces the items in `range` (item indices) with `inserted` and re-decorates the
  /// decorator's reach on both sides (less when the decorator says the change reaches less),
  /// reusing presenters and heights of rows that stay.
  private func replaceItems(
    _ range: Range<Int>, with inserted: [any ChatItem], in next: inout TranscriptLayout,
    removed: inout RemovedRows, neighbourhood: Neighbourhood, remeasureAll: Bool, sizingWidth: Double?,
    anchor: inout ReadingAnchor?, tracker: inout RowChangeTracker, update: inout TranscriptUpdate
  ) {
    // An item replaced by one the decorator decorates alike keeps every decoration and
    // injected row: only its own row is made again. One whose change its neighbours cannot
    // see is decorated alone.
    let redecoration =
      neighbourhood == .asDecoratorSays ? redecoration(replacing: range, with: inserted, in: &next) : .reach
    let reach = redecoration == .reach && neighbourhood == .asDecoratorSays ? max(decorator.reach, 0) : 0
    let low = range.lowerBound - min(reach, range.lowerBound)
    let high = range.upperBound + min(reach, next.itemCount - range.upperBound)
    let keptRow: Int?
    let firstRow: Int
    let endRow: Int
    switch redecoration {
    case .none(let row):
      (keptRow, firstRow, endRow) = (row, row, row + 1)
    case .item(let row):
      (keptRow, firstRow) = (nil, Self.groupStart(ofRow: row, in: &next))
      endRow = Self.groupStart(ofItem: high, in: &next)
    case .reach:
      (keptRow, firstRow) = (nil, Self.groupStart(ofItem: low, in: &next))
      endRow = Self.groupStart(ofItem: high, in: &next)
    }

    var oldItems: [any ChatItem] = []
    oldItems.reserveCapacity(high - low)
    let origins = tracker.origins(of: firstRow..<endRow)
    var oldRows: [RowChangeTracker.OldRow] = []
    oldRows.reserveCapacity(endRow - firstRow)
    var removedIDs: [UInt64] = []
    let indexesIDs = tracker.idEdits != nil
    next.forEachRow(in: firstRow..<endRow) { index, _, row in
      removed.put(RemovedRow(row: row, origin: origins[index - firstRow]))
      oldRows.append(RowChangeTracker.OldRow(row))
      if row.isItem { oldItems.append(row.payload.item) }
      if indexesIDs { removedIDs.append(RowIDIndex.hash(of: row.payload)) }
    }
    // Into an empty layout (a cold load) the window is the inserted list itself, not a copy.
    var window = inserted
    if !oldItems.isEmpty {
      window = Array(oldItems[..<(range.lowerBound - low)])
      window.append(contentsOf: inserted)
      window.append(contentsOf: oldItems[(range.upperBound - low)...])
    }

    // Neighbours beyond the window are unchanged; those after it shift by the size change.
    let shift = inserted.count - range.count
    let windowEnd = low + window.count
    let outside = { (index: Int) -> (any ChatItem)? in
      let oldIndex = index < low ? index : index - shift
      guard index < low || index >= windowEnd else { return nil }
      return Self.item(oldIndex, of: &next)
    }
    if removed.isEmpty || neighbourhood == .newAtTheEnd {
      // Nothing to reuse: the common case of a long insert, built on all cores.
      let rows = withoutActuallyEscaping(outside) { outside in
        makeNewRows(
          for: window, windowStart: low, outside: outside, sizingWidth: sizingWidth, update: &update)
      }
      let placement = next.replaceRows(
        firstRow..<endRow, shapePieces: rows.shapes, payloadPieces: rows.payloads)
      anchor?.follow(replacing: firstRow..<endRow, with: rows.rows, count: rows.count)
      if indexesIDs {
        recordPlacement(
          firstRow..<firstRow + rows.count, removing: removedIDs, placement: placement, in: &next,
          tracker: &tracker)
      }
      tracker.replace(
        firstRow..<endRow, rows: [], with: [Int](repeating: RowChangeTracker.fresh, count: rows.count))
      return
    }
    let decorated =
      keptRow == nil
      ? withoutActuallyEscaping(outside) { outside in decorate(window, windowStart: low, outside: outside) }
      : [[DecoratedRow(item: inserted[0], decoration: oldRows[0].decoration, role: .item)]]
    let count = decorated.reduce(0) { $0 + $1.count }
    var shapes: [RowShape] = []
    var rows: [TranscriptRow] = []
    var newOrigins: [Int] = []
    shapes.reserveCapacity(count)
    rows.reserveCapacity(count)
    newOrigins.reserveCapacity(count)
    for entry in decorated.joined() {
      let previous = removed.take(entry.key)
      let row = makeRow(entry, reusing: previous?.row, remeasureAll: remeasureAll, update: &update)
      if let previous, previous.origin != RowChangeTracker.fresh,
        previous.row.payload.contentVersion > tracker.versionBefore,
        row.payload.contentVersion != previous.row.payload.contentVersion
      {
        tracker.contentChangedAgain(origin: previous.origin)
      }
      shapes.append(row.shape)
      rows.append(row.payload)
      newOrigins.append(previous?.origin ?? RowChangeTracker.fresh)
    }
    let placement = next.replaceRows(firstRow..<endRow, shapes: shapes, payloads: rows)
    anchor?.follow(replacing: firstRow..<endRow, with: rows, count: rows.count)
    if indexesIDs {
      recordPlacement(
        firstRow..<firstRow + rows.count, removing: removedIDs, placement: placement, in: &next,
        tracker: &tracker)
    }
    tracker.replace(firstRow..<endRow, rows: oldRows, with: newOrigins)
  }

  /// What an edit decorates again.
  private enum Redecoration: Equatable {
    /// Nothing: the item's own row, at `row`, is made again with the decoration it has.
    case none(row: Int)
    /// The edited item alone, whose row is `row`, with its injected rows.
    case item(row: Int)
    /// The decorator's reach on each side of the edit.
    case reach
  }

  /// What replacing `range` with `inserted` decorates again: less than the reach only for
  /// one item replaced by one of the same key, as far as the decorator says the change goes
  /// (see ``ChatItemsDecorator/impactOfReplacing(_:with:)``).
  private func redecoration(
    replacing range: Range<Int>, with inserted: [any ChatItem], in next: inout TranscriptLayout
  ) -> Redecoration {
    guard range.count == 1, inserted.count == 1, let row = next.rowIndex(ofItem: range.lowerBound) else {
      return .reach
    }
    let old = next.payload(at: row).item
    guard ChatItemKey(old) == ChatItemKey(inserted[0]) else { return .reach }
    switch decorator.impactOfReplacing(old, with: inserted[0]) {
    case .none: return .none(row: row)
    case .item: return .item(row: row)
    case .neighbours: return .reach
    }
  }

  /// Tags the rows an edit placed with their ids' hashes and records the edit for the id
  /// index (see ``RowIDIndex``).
  private func recordPlacement(
    _ rows: Range<Int>, removing removedIDs: [UInt64], placement: ChunkedList<RowShape>.Placement,
    in next: inout TranscriptLayout, tracker: inout RowChangeTracker
  ) {
    var placed: [UInt64] = []
    placed.reserveCapacity(rows.count)
    next.setTags(in: rows) { row in
      let hash = RowIDIndex.hash(of: row)
      placed.append(hash)
      return RowIDIndex.tag(of: hash)
    }
    let firstOffset = rows.isEmpty ? 0 : next.offsetInChunk(ofRow: rows.lowerBound)
    tracker.idEdits?.append(
      RowIDIndex.Edit(removed: removedIDs, placed: placed, placement: placement, firstOffset: firstOffset))
  }

  /// The `itemIndex`-th item of `layout`, if there is one.
  ///
  /// `layout` is `inout` only to be read in place: a method called on the layout a closure
  /// captures copied it first, retaining each of its buffers, dozens of times per edit.
  private static func item(_ itemIndex: Int, of layout: inout TranscriptLayout) -> (any ChatItem)? {
    guard itemIndex >= 0, itemIndex < layout.itemCount, let row = layout.rowIndex(ofItem: itemIndex) else {
      return nil
    }
    return layout.payload(at: row).item
  }

  /// The first row belonging to item `itemIndex`: its leading injected rows, then its own.
  /// `next` is `inout` only to be read in place (see ``item(_:of:)``).
  private static func groupStart(ofItem itemIndex: Int, in next: inout TranscriptLayout) -> Int {
    guard let row = next.rowIndex(ofItem: itemIndex) else { return next.count }
    return groupStart(ofRow: row, in: &next)
  }

  /// The first row belonging to the item whose own row is `row`.
  private static func groupStart(ofRow row: Int, in next: inout TranscriptLayout) -> Int {
    var row = row
    while row > 0, next.payload(at: row - 1).role == .leading { row -= 1 }
    return row
  }
}
