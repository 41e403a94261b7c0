/// One update from request to screen: prepare (decorate, present, collect heights to
/// measure), measure (on the owner or off it), finish (swap the layout, keep the reading
/// position, refresh visible cells, call completions).
extension ChatTranscriptController {
  /// Everything an update carries between its preparation and its finish.
  struct PreparedUpdate {
    var batch: UpdateQueue.Batch
    var next: TranscriptLayout
    var update: TranscriptUpdate
    var measurement: HeightMeasurement
    var pendingRows: [Int]
    var anchor: ReadingAnchor?
    /// The rows the update replaced and what replaced them, for its ``RowChanges``.
    var tracker: RowChangeTracker
    var wasAtBottom: Bool
    /// The last row before the update (`nil` for an empty layout): rows after it are new at
    /// the bottom, which a reader there follows.
    var lastRowKey: ChatItemKey?
    /// The content offset `anchor` and `wasAtBottom` were taken at.
    var contentOffset: Double
  }

  /// Builds the next layout for `batch`, leaving only measurement to do.
  ///
  /// - Parameter inPlace: edit the current layout rather than a copy, and size new rows as
  ///   they are built. Only when nothing can read the layout before `finish` and the owner
  ///   waits for the heights anyway (the synchronous path); a copy of a million rows costs
  ///   more than the edit.
  func prepare(_ batch: UpdateQueue.Batch, inPlace: Bool) -> PreparedUpdate {
    var update = TranscriptUpdate(type: batch.type, requestCount: batch.requestCount)
    var anchor = readingAnchor()
    let wasAtBottom = collectionView.isScrolledToBottom()
    let lastRowKey = layout.count > 0 ? layout.payload(at: layout.count - 1).key : nil
    let width = collectionView.viewport.width
    let remeasureAll = batch.relayout || width != layout.width
    if batch.dropsCachedHeights { heightCache.removeAll() }
    var next: TranscriptLayout
    var tracker = RowChangeTracker()
    tracker.versionBefore = nextContentVersion
    if rowIDIndex != nil { tracker.idEdits = [] }
    if let changes = batch.changes {
      if let error = firstOutOfBoundsChange(in: changes, itemCount: layout.itemCount) {
        // The data source and the transcript disagree: start over from its full list.
        update.errors.append(error)
        next = rebuildFromDataSource(
          remeasureAll: remeasureAll, anchor: &anchor, tracker: &tracker, update: &update)
      } else {
        next = layout
        if inPlace { layout = TranscriptLayout(width: layout.width) }
        // On the owner's thread anyway, new rows are sized as they are built.
        apply(
          changes, to: &next, remeasureAll: remeasureAll, sizingWidth: inPlace ? width : nil, anchor: &anchor,
          tracker: &tracker, update: &update)
      }
    } else if layout.count == 0, let items = dataSource?.chatItems, !items.isEmpty {
      // Nothing to diff against (a first load): every item is inserted, decorated and sized
      // on all cores, as an exact insert is, instead of one by one through a diff.
      queue.dropPendingChanges()
      next = layout
      if inPlace { layout = TranscriptLayout(width: layout.width) }
      apply(
        [.insert(items, at: 0)], to: &next, remeasureAll: remeasureAll, sizingWidth: inPlace ? width : nil,
        anchor: &anchor, tracker: &tracker, update: &update)
    } else {
      next = rebuildFromDataSource(
        remeasureAll: remeasureAll, anchor: &anchor, tracker: &tracker, update: &update)
    }
    next.width = width
    let pendingRows = next.rowsNeedingMeasurement
    let measurement = planMeasurement(of: pendingRows, in: &next)
    return PreparedUpdate(
      batch: batch, next: next, update: update, measurement: measurement, pendingRows: pendingRows,
      anchor: anchor, tracker: tracker, wasAtBottom: wasAtBottom, lastRowKey: lastRowKey,
      contentOffset: collectionView.viewport.contentOffset)
  }

  /// Sorts rows awaiting a height by their ``HeightSource``: cache hits, background work and
  /// owner work.
  ///
  /// A row without a presenter whose type has no measurers gets its presenter here: only it
  /// can say where the row's height comes from.
  private func planMeasurement(of rows: [Int], in next: inout TranscriptLayout) -> HeightMeasurement {
    let width = collectionView.viewport.width
    var measurement = HeightMeasurement(
      width: width, count: rows.count, isParallel: configuration.measuresHeightsInParallel)
    measurement.background.reserveCapacity(rows.count)
    var needingPresenters: [Int] = []
    var measurers = TypeMeasurers(factory.measurersByType)
    // Rows made since the cache last stored a height cannot be in it: most rows of a long
    // insert skip the lookup.
    let newestCached = heightCache.newestVersion
    next.forEachPayload(at: rows) { position, row in
      let cached =
        row.contentVersion <= newestCached
        ? heightCache.height(contentVersion: row.contentVersion, width: width, decoration: row.decoration)
        : nil
      var typeMeasurers: ChatItemHeightMeasurers?
      if row.presenter == nil {
        let slot = measurers.slot(forType: row.item.type)
        typeMeasurers = measurers.measurers(in: slot)
      }
      var facts = HeightSource.Facts(
        needsMeasurement: true, hasMeasurers: typeMeasurers != nil, isCached: cached != nil)
      if let presenter = row.presenter { facts.presenter = Self.facts(of: presenter) }
      let source = HeightSource.decide(facts)
      if source == .cache {
        measurement.heights[position] = cached
      } else if source == .background, let typeMeasurers {
        // No presenter: its builders' measurers size it.
        measurement.background.add(
          .item(row.item, typeMeasurers), position: position, decoration: row.decoration)
      } else {
        // Its presenter (made below if need be) says whether it sizes in the background.
        needingPresenters.append(position)
      }
    }
    for position in needingPresenters {
      let presenter = next.presenter(at: rows[position], factory: factory)
      let decoration = next.payload(at: rows[position]).decoration
      let source = HeightSource.decide(
        HeightSource.Facts(needsMeasurement: true, hasMeasurers: false, presenter: Self.facts(of: presenter)))
      if source == .background, let calculator = presenter.backgroundHeightCalculator() {
        measurement.background.add(.calculator(calculator), position: position, decoration: decoration)
      } else {
        measurement.ownerPositions.append(position)
      }
    }
    return measurement
  }

  /// What a presenter offers for sizing its row.
  private static func facts(of presenter: any ChatItemPresenter) -> HeightSource.Facts.Presenter {
    presenter.canCalculateHeightInBackground ? .calculatesInBackground : .ownerOnly
  }

  /// Completes an update: owner-side heights, the layout swap, the reading position, visible
  /// cells, completions and observers.
  func finish(_ prepared: inout PreparedUpdate, backgroundHeights: [Double?]) {
    // The width the update was prepared and measured for, not the viewport's: a resize while
    // heights were measured off the owner must not file them under the new width, where the
    // relayout the resize queued would find them and keep the old width's heights.
    let width = prepared.next.width
    var heights = prepared.measurement.heights
    let rows = prepared.pendingRows
    var ownerPositions = prepared.measurement.ownerPositions
    for (position, height) in zip(prepared.measurement.background.positions, backgroundHeights) {
      if let height {
        heights[position] = height
      } else {
        // No builder handles the item: the fallback presenter sizes it, on the owner.
        ownerPositions.append(position)
      }
    }
    for position in ownerPositions {
      let presenter = prepared.next.presenter(at: rows[position], factory: factory)
      let row = prepared.next.payload(at: rows[position])
      heights[position] = presenter.heightForCell(maximumWidth: width, decoration: row.decoration)
    }
    // Measured heights are checked and cached. Of a long run the cache keeps only the newest
    // (``HeightCache/keepsNewest``): only those are stored, and only they and bad heights need
    // their rows read.
    let cachedHeights = prepared.measurement.heights
    let firstStored = rows.count - heightCache.keepsNewest
    var positionsToCheck: [Int] = []
    for position in heights.indices where cachedHeights[position] == nil {
      guard let height = heights[position] else { continue }
      if position >= firstStored || !height.isFinite || height < 0 { positionsToCheck.append(position) }
    }
    // The closure must not capture `prepared`: reading `prepared.next` while it does would
    // copy the layout.
    var update = prepared.update
    prepared.next.forEachPayload(at: positionsToCheck.map { rows[$0] }) { index, row in
      let position = positionsToCheck[index]
      guard let height = heights[position] else { return }
      heights[position] = checkedHeight(
        height, row: row, width: width, caches: position >= firstStored, update: &update)
    }
    prepared.update = update
    prepared.update.measuredHeightCount += prepared.measurement.ownerPositions.count + backgroundHeights.count
    prepared.update.backgroundHeightCount +=
      backgroundHeights.count - (ownerPositions.count - prepared.measurement.ownerPositions.count)
    // Kept rows outside the edits changed only if their height did: read it before it is set.
    var remeasured: [(index: Int, metrics: RowMetrics)] = []
    let outside = prepared.tracker.outsideRegions(rows)
    remeasured.reserveCapacity(outside.count)
    prepared.next.forEachMetrics(at: outside) { remeasured.append((outside[$0], $1)) }
    prepared.next.setMeasuredHeights(heights.map { $0 ?? 0 }, at: rows)
    prepared.update.rowChanges = prepared.tracker.changes(in: prepared.next, remeasured: remeasured)

    if collectionView.viewport.contentOffset != prepared.contentOffset {
      // The reader scrolled while heights were measured off the owner: keep where they are
      // now, not where they were when the update began.
      prepared.wasAtBottom = collectionView.isScrolledToBottom()
      prepared.anchor = readingAnchor(in: prepared.next)
    }
    // Every frame's width follows the layout's: a new width changes every row in view.
    let firstChangedRow = layout.width == prepared.next.width ? prepared.update.rowChanges.firstChangedRow : 0
    layout = prepared.next
    if rowIDIndex != nil {
      // An index built while this update ran, or one it cannot replay, is built again when
      // next needed.
      if let edits = prepared.tracker.idEdits {
        rowIDIndex?.apply(edits, in: layout)
      } else {
        rowIDIndex = nil
      }
    }
    // Leave the layout its only owner: rows coming on screen below get presenters, and an
    // edit of a layout shared with `prepared` would copy its chunk list (O(n/B)) each time.
    prepared.next = TranscriptLayout(width: layout.width)
    reconcileSelection(&prepared.update)
    restoreReadingPosition(prepared, rowsChangedFrom: firstChangedRow)
    if prepared.batch.type.answersPageRequests {
      isLoadingPrevious = false
      isLoadingNext = false
    }
    queue.endBatch()
    for completion in prepared.batch.completions { completion() }
    onUpdate?(prepared.update)
    updateObservers.deliver(prepared.update)
    trimIfNeeded(after: prepared.batch.type)
    loadPagesIfNeeded()
  }

  /// Clamps a non-finite or negative height to 0 and reports it; caches a good one measured
  /// at `width` when `caches`.
  private func checkedHeight(
    _ height: Double, row: TranscriptRow, width: Double, caches: Bool, update: inout TranscriptUpdate
  ) -> Double {
    guard height.isFinite, height >= 0 else {
      update.errors.append(.invalidHeight(itemID: row.item.id, height: height))
      return 0
    }
    if caches {
      heightCache.store(
        height, contentVersion: row.contentVersion, width: width, decoration: row.decoration)
    }
    return height
  }

  // MARK: Whole-transcript updates

  /// Rebuilds from the data source's current list. Requests still queued were made against
  /// an older list; their edits are already in it, so they are turned into plain diffs.
  private func rebuildFromDataSource(
    remeasureAll: Bool, anchor: inout ReadingAnchor?, tracker: inout RowChangeTracker,
    update: inout TranscriptUpdate
  ) -> TranscriptLayout {
    queue.dropPendingChanges()
    return rebuild(
      from: dataSource?.chatItems ?? [], remeasureAll: remeasureAll, anchor: &anchor, tracker: &tracker,
      update: &update)
  }

  /// Rebuilds every row from `items`, reusing presenters and heights by (id, type), and
  /// diffs the result against the current rows.
  ///
  /// - Complexity: O(n log n) plus the heights that must be measured.
  func rebuild(
    from items: [any ChatItem], remeasureAll: Bool, anchor: inout ReadingAnchor?,
    tracker: inout RowChangeTracker, update: inout TranscriptUpdate
  ) -> TranscriptLayout {
    let oldRows = Array(layout.allRows)
    // The first old row of each key; the index is the row's origin for ``RowChanges``.
    var previousByKey: [ChatItemKey: Int] = [:]
    previousByKey.reserveCapacity(oldRows.count)
    for (index, row) in oldRows.enumerated() where previousByKey[row.payload.key] == nil {
      previousByKey[row.payload.key] = index
    }
    let decorated = decorate(items, windowStart: 0, outside: { _ in nil })
    var rows: [TranscriptLayout.Row] = []
    var origins: [Int] = []
    let rowCount = decorated.reduce(0) { $0 + $1.count }
    rows.reserveCapacity(rowCount)
    origins.reserveCapacity(rowCount)
    var scratch = TranscriptUpdate(type: update.type, requestCount: update.requestCount)
    for entry in decorated.joined() {
      // Claiming removes the entry, so a duplicate id gets a presenter of its own.
      let previous = previousByKey.removeValue(forKey: entry.key)
      rows.append(
        makeRow(entry, reusing: previous.map { oldRows[$0] }, remeasureAll: remeasureAll, update: &scratch))
      origins.append(previous ?? RowChangeTracker.fresh)
    }
    tracker = RowChangeTracker(replacingAll: oldRows.map(RowChangeTracker.OldRow.init), with: origins)
    switch ChatItemsDiff.between(
      old: oldRows.map(\.payload.key), new: rows.map(\.payload.key),
      contentChanged: { oldRows[$0].payload.contentVersion != rows[$1].payload.contentVersion })
    {
    case .success(let diff) where update.type != .reload:
      update.diff = diff
      update.insertedRows = diff.insertions.map { rows[$0].payload.rowID }
      update.updatedRows = diff.updates.map { rows[$0].payload.rowID }
      update.deletedRows = diff.deletions.map { oldRows[$0].payload.rowID }
    case .success:
      update.insertedRows = scratch.insertedRows
      update.updatedRows = scratch.updatedRows
      update.deletedRows = previousByKey.values.map { oldRows[$0].payload.rowID }
    case .failure(let error):
      update.errors.append(error)
      update.type = .reload
      update.insertedRows = scratch.insertedRows
      update.updatedRows = scratch.updatedRows
      update.deletedRows = previousByKey.values.map { oldRows[$0].payload.rowID }
    }
    if let current = anchor {
      anchor = rows.firstIndex { $0.payload.key == current.key }.map {
        ReadingAnchor(row: $0, key: current.key, offsetInRow: current.offsetInRow)
      }
    }
    return TranscriptLayout(width: collectionView.viewport.width, rows: rows)
  }
}
