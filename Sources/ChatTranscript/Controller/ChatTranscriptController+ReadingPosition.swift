/// Keeping the reader's place, paging and trimming.
extension ChatTranscriptController {
  /// The row at the top of the viewport, or `nil` when there are no rows.
  func readingAnchor() -> ReadingAnchor? {
    let offset = collectionView.viewport.contentOffset
    guard let row = layout.index(atY: offset) else { return nil }
    return ReadingAnchor(
      row: row, key: layout.payload(at: row).key, offsetInRow: max(offset - layout.yOffset(at: row), 0))
  }

  /// The row at the top of the viewport now, found by its key in `next`, the layout an update
  /// is about to swap in; `nil` when that row is gone or there are no rows.
  ///
  /// For a reader who scrolled while the update measured heights off the owner: the anchor
  /// taken when the update began, carried through its edits, is no longer where they are.
  /// One update moves a row by about as many rows as it inserted or removed before it, so the
  /// search starts where the row is now and widens.
  ///
  /// - Complexity: O(d log n) for a row that moved d places; only needed after such a scroll.
  func readingAnchor(in next: TranscriptLayout) -> ReadingAnchor? {
    guard let current = readingAnchor(), next.count > 0 else { return nil }
    let start = min(current.row, next.count - 1)
    func anchor(at row: Int) -> ReadingAnchor? {
      guard row >= 0, row < next.count, next.payload(at: row).key == current.key else { return nil }
      return ReadingAnchor(row: row, key: current.key, offsetInRow: current.offsetInRow)
    }
    for distance in 0...max(start, next.count - 1 - start) {
      if let found = anchor(at: start - distance) ?? anchor(at: start + distance) { return found }
    }
    return nil
  }

  /// After an update: a reader at the bottom follows new items down; anyone else keeps the
  /// row they were reading at the same place (history prepended above, a new width).
  ///
  /// A reader at the bottom stays there after any update but a page of history that added
  /// nothing at the bottom, whatever was coalesced with it: a new message and an older page
  /// in one batch still follow the message, and a first load opens at the newest item.
  ///
  /// - Parameter firstChangedRow: The first row the update changed (see
  ///   ``CollectionView/setContentOffset(_:rowsChangedFrom:)``).
  func restoreReadingPosition(
    _ prepared: ChatTranscriptController.PreparedUpdate, rowsChangedFrom firstChangedRow: Int?
  ) {
    let addedAtBottom =
      layout.count > 0 && (prepared.lastRowKey.map { layout.payload(at: layout.count - 1).key != $0 } ?? true)
    let offset: Double
    if let jump = pendingJump, let row = row(ofItemWithID: jump.id) {
      // The window (or any update) that brought the item asked for: show it as asked.
      pendingJump = nil
      holdsPagination = true
      offset = collectionView.contentOffset(showing: layout.frame(at: row), at: jump.position)
    } else if prepared.wasAtBottom && (prepared.batch.type != .pagination || addedAtBottom) {
      offset = collectionView.maximumContentOffset
    } else if let anchor = prepared.anchor, anchor.row < layout.count {
      let extent = layout[anchor.row].metrics.extent
      offset = layout.yOffset(at: anchor.row) + min(anchor.offsetInRow, extent)
    } else {
      offset = collectionView.viewport.contentOffset
    }
    // A window without the item (it went meanwhile) ends the jump where the reader is.
    if prepared.batch.type == .window { pendingJump = nil }
    collectionView.setContentOffset(offset, rowsChangedFrom: firstChangedRow)
  }

  /// Scrolls so that the row of the item with `id` is at `position` in the viewport, as far as
  /// the content allows: to jump to a message (a search hit, a quoted reply). The reader then
  /// keeps that place through later updates, like any place scrolled to.
  ///
  /// An item without a row is asked of the data source with
  /// ``ChatDataSource/loadWindow(aroundItemWithID:)``; the update that brings it shows it at
  /// `position`, and no page of history is asked for until the reader scrolls.
  ///
  /// - Returns: whether the item has a row or a window around it is coming; otherwise nothing
  ///   moves.
  /// - Complexity: O(log n) but for the first lookup, which builds the id index (O(n)).
  @discardableResult
  public func scrollToItem(withID id: String, at position: CollectionView.ScrollPosition = .top) -> Bool {
    if let row = row(ofItemWithID: id) {
      pendingJump = nil
      collectionView.scrollToRow(row, at: position)
      return true
    }
    guard let dataSource else { return false }
    // Set first: a data source may answer from inside the call.
    let previous = pendingJump
    pendingJump = (id, position)
    guard dataSource.loadWindow(aroundItemWithID: id) else {
      pendingJump = previous
      return false
    }
    return true
  }

  /// Asks for older (newer) items once per page when the viewport nears the top (bottom);
  /// the listeners ask the data source once for all its controllers.
  func loadPagesIfNeeded() {
    guard let dataSource, let listeners, !queue.isUpdating, !holdsPagination else { return }
    let viewport = collectionView.viewport
    let threshold = viewport.height * configuration.paginationThreshold
    if !isLoadingPrevious, dataSource.hasMorePrevious, viewport.contentOffset <= threshold {
      isLoadingPrevious = true
      listeners.loadPrevious(from: dataSource)
    }
    if !isLoadingNext, dataSource.hasMoreNext,
      viewport.contentOffset + viewport.height >= layout.contentHeight - threshold
    {
      isLoadingNext = true
      listeners.loadNext(from: dataSource)
    }
  }

  /// Past the configured maximum, asks the data source to keep a window around what the
  /// reader is looking at (Chatto's 500 → 400).
  func trimIfNeeded(after type: UpdateType) {
    guard let maximum = configuration.maximumItemCount, layout.itemCount > maximum,
      type != .messageCountReduction, let dataSource
    else { return }
    let viewport = collectionView.viewport
    let height = layout.contentHeight
    let focus = height > 0 ? min(max((viewport.contentOffset + viewport.height / 2) / height, 0), 1) : 1
    _ = dataSource.adjustNumberOfItems(
      preferredMaxCount: configuration.itemCountAfterTrimming, focusPosition: focus)
  }
}

extension ChatTranscriptController: ChatDataSourceDelegate {
  public func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
    requestUpdate(type)
  }

  public func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    requestUpdate(type, changes: changes)
  }
}

extension ChatTranscriptController: CollectionViewDataSource {
  public var numberOfRows: Int { layout.count }

  public func frameForRow(at index: Int) -> Rect { layout.frame(at: index) }

  public func rows(intersectingY y: Double, height: Double) -> Range<Int> {
    layout.visibleRange(y: y, height: height)
  }

  public func presentation(ofRow index: Int) -> RowPresentation {
    let presenter = layout.presenter(at: index, factory: factory)
    let row = layout.payload(at: index)
    return RowPresentation(
      presenter: presenter, decoration: row.decoration, contentVersion: row.contentVersion,
      isSelected: isSelected(row))
  }

  /// One walk over the rows: offsets add up row by row instead of being summed from each
  /// chunk's start, which keeps the fixed cost of an update's visible-cell pass small. Rows
  /// coming on screen without a presenter get theirs first, in a walk that changes the rows in
  /// place: setting each one by its index looked it up again and copied the whole layout per
  /// row (a fifth of this function's cost while a transcript was drawn).
  public func placements(ofRows range: Range<Int>) -> [RowPlacement] {
    let factory = factory
    layout.updatePayloads(in: range) { payload in
      if payload.presenter == nil { payload.presenter = factory.makePresenter(for: payload.item) }
    }
    return placements(ofRows: range) { row in row.presenter.map { ($0, false) } }
  }

  /// ``placements(ofRows:)`` for a page drawn off screen (``PageViews``): a row without a
  /// presenter gets one for this page only, which goes with the page's cells, instead of one
  /// the row keeps. Drawing a whole transcript, or following a stream for days, then holds
  /// presenters for the rows a reader saw or touched, not for every row ever drawn (keeping
  /// them took `transcript render` of a million-event stream to 768 MB, against 542 MB).
  ///
  /// Such a presenter is the page's alone, so when it configures off the owner its placement
  /// says so (``RowPlacement/configuresOffOwner``); a row's own presenter is the owner's.
  func transientPlacements(ofRows range: Range<Int>) -> [RowPlacement] {
    let factory = factory
    return placements(ofRows: range) { row in
      if let presenter = row.presenter { return (presenter, false) }
      let presenter = factory.makePresenter(for: row.item)
      return (presenter, presenter.configuresCellsOffOwner)
    }
  }

  /// The placements of rows `range`, each shown by the presenter `presenter` gives for its
  /// row (a row it gives none for is left out), with whether it configures off the owner.
  private func placements(
    ofRows range: Range<Int>, presenter: (TranscriptRow) -> (any ChatItemPresenter, offOwner: Bool)?
  ) -> [RowPlacement] {
    var placements: [RowPlacement] = []
    placements.reserveCapacity(range.count)
    let width = layout.width
    layout.forEachPayload(in: range) { index, y, metrics, payload in
      guard let (presenter, offOwner) = presenter(payload) else { return }
      var placement = RowPlacement(
        row: index, frame: Rect(x: 0, y: y, width: width, height: metrics.height),
        presentation: RowPresentation(
          presenter: presenter, decoration: payload.decoration, contentVersion: payload.contentVersion,
          isSelected: isSelected(payload)))
      placement.configuresOffOwner = offOwner
      placements.append(placement)
    }
    return placements
  }

  /// - Complexity: O(log(n/B) + B), through the layout's counts of pinned rows.
  public func pinnedHeader(above y: Double) -> (row: Int, next: Int?)? {
    layout.lastPinnedHeader(startingAbove: y)
  }

  public func collectionViewDidScroll(_ collectionView: CollectionView) {
    // Scrolls made by an update (following the bottom, keeping the place) are not the reader's.
    if !queue.isUpdating { holdsPagination = false }
    loadPagesIfNeeded()
  }
}
