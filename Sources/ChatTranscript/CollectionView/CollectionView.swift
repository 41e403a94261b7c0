/// A headless collection view: a viewport over stacked rows, cells only for the visible rows,
/// and a reuse pool per reuse identifier.
///
/// Like `UICollectionView` without a screen: presenters dequeue cells from it, it keeps at
/// most the visible cells plus recycled spares alive, and it calls `cellWasHidden` before
/// `cellWillBeShown` so a hidden cell can be recycled for a row appearing in the same pass.
/// Visible cells are tracked by presenter identity: a row whose presenter, content version,
/// decoration or selection changed, or every row after a width change, is reconfigured; one
/// that only moved is just repositioned.
///
/// Two more things follow the viewport: the newest pinned header row above it is drawn at its
/// top (``pinnedHeader``), and presenters hear when their row comes within the working range
/// (``workingRangeDistance``).
public final class CollectionView {
  /// A cell on screen and the state it was configured with.
  struct VisibleCell {
    var cell: CollectionViewCell
    var presenter: any ChatItemPresenter
    var row: Int
    var decoration: ChatItemDecoration
    var contentVersion: Int
    var isSelected: Bool
  }

  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet {
      laidOutRows = nil
      workingRange.rowsChanged(from: 0)
    }
  }
  public private(set) var viewport: Viewport
  /// The root of the view tree renderers draw: visible cells are its subviews.
  public let contentView = View()

  // The state below is read and written without the run-time exclusivity check, as a view's
  // is: the collection view belongs to one owner on one thread and lends none of it out
  // `inout`, and the checks cost drawing a page a few percent.
  @exclusivity(unchecked) private var cellTypes: [String: CollectionViewCell.Type] = [:]
  /// The cells waiting for reuse under one identifier; a class, so the pool last used is kept
  /// at hand without copying its array.
  private final class ReusePool {
    @exclusivity(unchecked) var cells: [CollectionViewCell] = []
  }

  @exclusivity(unchecked) private var reusePool: [String: ReusePool] = [:]
  /// The pool last used and its identifier: rows of one kind come in runs, and hashing the
  /// identifier cost a dequeue more than popping the cell.
  @exclusivity(unchecked) private var lastPool: ReusePool?
  @exclusivity(unchecked) private var lastPoolIdentifier = ""
  @exclusivity(unchecked) private var visible: [ObjectIdentifier: VisibleCell] = [:]
  /// The width visible cells were last configured for; a new width reconfigures them all.
  @exclusivity(unchecked) private var configuredWidth: Double?
  /// The rows the visible cells were last laid out for.
  @exclusivity(unchecked) private var laidOutRows: Range<Int>?
  /// The visible cell drawn pinned at the viewport's top, if any.
  @exclusivity(unchecked) private var pinnedIdentity: ObjectIdentifier?
  private var workingRange = WorkingRange()

  /// Whether the newest pinned header row above the viewport is drawn at its top (see
  /// ``ChatItemDecoration/isPinnedHeader``). On by default; drawing a whole transcript page
  /// by page turns it off, since there every row is drawn once, where it is.
  public var pinsHeaders = true {
    didSet { if pinsHeaders != oldValue { layoutVisibleCells(rowsChanged: false) } }
  }

  /// How far beyond the viewport the working range reaches, in viewport heights above and
  /// below: presenters of rows coming within it hear `itemDidEnterWorkingRange()` (rows
  /// without presenters get them then), and `itemDidLeaveWorkingRange()` when they go.
  /// `nil`, the default of a bare collection view, tells nobody; the transcript controller
  /// sets 1.
  public var workingRangeDistance: Double? {
    didSet { if workingRangeDistance != oldValue { updateWorkingRange() } }
  }

  /// Whether presenters hear of the cells shown and hidden here (`cellWillBeShown`,
  /// `cellWasHidden`). Off for views that draw pages off screen (``PageViews``): a presenter's
  /// visible cell stays the one in the controller's own view, and no presenter reconfigures
  /// a cell another thread may be reading.
  @exclusivity(unchecked) package var tellsPresenters = true

  /// Whether the view's cells can be touched (``CollectionViewCell/receivesTouches``). Off
  /// only for the views of ``PageViews``, which draw pages and are never touched.
  @exclusivity(unchecked) package var deliversTouches = true

  /// Whether cells whose placement allows it (``RowPlacement/configuresOffOwner``) are left
  /// unconfigured by a layout pass, their configuring kept in ``deferredConfigurations`` for
  /// the thread that reads the page. On only for the views of ``PageViews``.
  @exclusivity(unchecked) package var defersConfiguration = false
  /// Configurations left by the last layout pass, to run before its cells are read.
  @exclusivity(unchecked) package var deferredConfigurations: [DeferredConfiguration] = []
  /// Set while a cell whose configuring is deferred is dequeued: a recycled one is then not
  /// prepared for reuse here but by its deferred configuration, on the thread that reads it,
  /// with the rest of what makes it ready (``CollectionViewCell/awaitsReusePreparation``).
  @exclusivity(unchecked) private var defersReusePreparation = false

  /// Cells ever created, per reuse identifier (reuse keeps this near the visible count).
  @exclusivity(unchecked) public private(set) var cellsCreated: [String: Int] = [:]
  /// How many times a presenter configured a cell.
  @exclusivity(unchecked) public private(set) var configureCount = 0

  public init(viewport: Viewport) {
    self.viewport = Self.sanitized(viewport)
  }

  // MARK: Cells

  /// Makes `cellType` the class created for `reuseIdentifier`.
  public func register(_ cellType: CollectionViewCell.Type, forReuseIdentifier reuseIdentifier: String) {
    cellTypes[reuseIdentifier] = cellType
  }

  /// A recycled cell for `reuseIdentifier`, or a new one when the pool is empty.
  ///
  /// An unregistered identifier yields a plain `CollectionViewCell` rather than a crash.
  public func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String) -> CollectionViewCell {
    if let cell = existingPool(for: reuseIdentifier)?.cells.popLast() {
      cell.awaitsReusePreparation = defersReusePreparation
      if !defersReusePreparation { cell.prepareForReuse() }
      return cell
    }
    let cell = (cellTypes[reuseIdentifier] ?? CollectionViewCell.self).init(frame: .zero)
    cell.reuseIdentifier = reuseIdentifier
    cell.receivesTouches = deliversTouches
    cellsCreated[reuseIdentifier, default: 0] += 1
    return cell
  }

  /// The pool of `reuseIdentifier`, if a cell was ever pooled under it.
  private func existingPool(for reuseIdentifier: String) -> ReusePool? {
    if let lastPool, lastPoolIdentifier == reuseIdentifier { return lastPool }
    guard let pool = reusePool[reuseIdentifier] else { return nil }
    (lastPool, lastPoolIdentifier) = (pool, reuseIdentifier)
    return pool
  }

  /// The pool of `reuseIdentifier`, made when it has none yet.
  private func pool(for reuseIdentifier: String) -> ReusePool {
    if let pool = existingPool(for: reuseIdentifier) { return pool }
    let pool = ReusePool()
    reusePool[reuseIdentifier] = pool
    (lastPool, lastPoolIdentifier) = (pool, reuseIdentifier)
    return pool
  }

  /// Visible cells in row order, with their rows.
  public var visibleCells: [(row: Int, cell: CollectionViewCell)] {
    // Rows and positions put in order, not whole entries: each entry copied in a sort
    // retained and released its cell and presenter.
    var entries: [(row: Int, index: Dictionary<ObjectIdentifier, VisibleCell>.Index)] = []
    entries.reserveCapacity(visible.count)
    var index = visible.startIndex
    while index != visible.endIndex {
      entries.append((visible.values[index].row, index))
      visible.formIndex(after: &index)
    }
    return Self.inRowOrder(&entries).map { (row: visible.values[$0].row, cell: visible.values[$0].cell) }
  }

  /// The visible cell of `row`, if that row is on screen.
  public func cell(forRow row: Int) -> CollectionViewCell? {
    visible.values.first { $0.row == row }?.cell
  }

  /// The pinned header row drawn at the viewport's top and its cell, one of the visible
  /// cells: its frame is where it is drawn, at the viewport's top or pushed up by the next
  /// pinned row, not where the row lies. Renderers draw it over the other cells.
  public var pinnedHeader: (row: Int, cell: CollectionViewCell)? {
    pinnedIdentity.flatMap { visible[$0] }.map { ($0.row, $0.cell) }
  }

  /// The rows within the working range (see ``workingRangeDistance``).
  public var workingRangeRows: Range<Int> { workingRange.rows }

  /// Cells waiting in the reuse pool, per identifier.
  public var pooledCellCounts: [String: Int] { reusePool.mapValues(\.cells.count) }

  // MARK: Scrolling

  /// The largest content offset: the bottom of the content at the bottom of the viewport.
  public var maximumContentOffset: Double {
    max((dataSource?.contentHeight ?? 0) - viewport.height, 0)
  }

  /// Whether the last row's bottom is in view (within `tolerance`).
  public func isScrolledToBottom(tolerance: Double = 0.5) -> Bool {
    viewport.contentOffset >= maximumContentOffset - tolerance
  }

  /// Scrolls so that content y `offset` is at the top, clamped to the content.
  public func setContentOffset(_ offset: Double) {
    let clamped = clampedOffset(offset)
    let changed = clamped != viewport.contentOffset
    viewport.contentOffset = clamped
    layoutVisibleCells(rowsChanged: false)
    if changed { dataSource?.collectionViewDidScroll(self) }
  }

  /// Scrolls to `offset` after the data source's rows changed from `firstChangedRow` on (old
  /// and new indexes alike; `nil` when none did). The visible cells are left as they are when
  /// nothing they show moved or changed: an update out of view costs the view nothing.
  ///
  /// - Complexity: O(log n) when the visible cells stay; otherwise that of
  ///   ``layoutVisibleCells()``.
  func setContentOffset(_ offset: Double, rowsChangedFrom firstChangedRow: Int?) {
    if let firstChangedRow { workingRange.rowsChanged(from: firstChangedRow) }
    let clamped = clampedOffset(offset)
    if clamped == viewport.contentOffset, configuredWidth == viewport.width, let dataSource,
      let laidOutRows, laidOutRows.upperBound <= firstChangedRow ?? .max,
      dataSource.rows(intersectingY: clamped, height: viewport.height) == laidOutRows
    {
      updateWorkingRange()
      return
    }
    setContentOffset(offset)
  }

  /// `offset` within the content; a non-finite offset is the top.
  private func clampedOffset(_ offset: Double) -> Double {
    offset.isFinite ? min(max(offset, 0), maximumContentOffset) : 0
  }

  public func scrollToTop() { setContentOffset(0) }
  public func scrollToBottom() { setContentOffset(maximumContentOffset) }

  /// Where a row ends up in the viewport after `scrollToRow`.
  public enum ScrollPosition: Sendable {
    case top, center, bottom
  }

  /// Scrolls so that `row` is at `position` in the viewport (as far as the content allows).
  public func scrollToRow(_ row: Int, at position: ScrollPosition = .top) {
    guard let dataSource, row >= 0, row < dataSource.numberOfRows else { return }
    setContentOffset(contentOffset(showing: dataSource.frameForRow(at: row), at: position))
  }

  /// The content offset that puts `frame` at `position` in the viewport, before clamping.
  func contentOffset(showing frame: Rect, at position: ScrollPosition) -> Double {
    switch position {
    case .top: frame.minY
    case .center: frame.minY - (viewport.height - frame.height) / 2
    case .bottom: frame.maxY - viewport.height
    }
  }

  /// Changes the viewport size (a terminal resize, a rotation); the owner relayouts on a width change.
  public func setViewportSize(width: Double, height: Double) {
    setViewportSize(width: width, height: height, contentOffset: viewport.contentOffset)
  }

  /// Changes the viewport size and scrolls in one layout pass: resizing and then scrolling
  /// lays the cells out twice, the first time at an offset left at once (drawing a few rows
  /// at a time, as `transcript follow` does, paid for both).
  public func setViewportSize(width: Double, height: Double, contentOffset: Double) {
    viewport = Self.sanitized(Viewport(width: width, height: height, contentOffset: viewport.contentOffset))
    setContentOffset(contentOffset)
  }

  /// Non-finite or negative sizes become zero: a bad size from a caller must not poison the layout.
  private static func sanitized(_ viewport: Viewport) -> Viewport {
    func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
    return Viewport(
      width: clean(viewport.width), height: clean(viewport.height),
      contentOffset: clean(viewport.contentOffset))
  }

  // MARK: Layout

  /// Brings visible cells in line with the rows in the viewport after the data source's rows
  /// changed: hides rows that left, shows rows that arrived, reconfigures rows whose content,
  /// decoration or selection changed and repositions everything.
  ///
  /// - Complexity: O(v + w + log n) for v visible rows and w in the working range.
  public func layoutVisibleCells() {
    layoutVisibleCells(rowsChanged: true)
  }

  /// ``layoutVisibleCells()``; with `rowsChanged` false the rows are those of the last pass
  /// (a scroll), so the working range moves by the rows that came and went.
  func layoutVisibleCells(rowsChanged: Bool) {
    guard let dataSource else { return }
    if rowsChanged { workingRange.rowsChanged(from: 0) }
    let range = dataSource.rows(intersectingY: viewport.contentOffset, height: viewport.height)
    let widthChanged = configuredWidth != viewport.width
    configuredWidth = viewport.width
    laidOutRows = range
    var placements = dataSource.placements(ofRows: range)
    pinnedIdentity = nil
    if let pinned = pinnedHeaderPlacement(among: placements, dataSource: dataSource) {
      placements.removeAll { $0.row == pinned.row }
      placements.append(pinned)
      pinnedIdentity = ObjectIdentifier(pinned.presentation.presenter)
    }
    var wanted = Set<ObjectIdentifier>(minimumCapacity: placements.count)
    for placement in placements { wanted.insert(ObjectIdentifier(placement.presentation.presenter)) }
    // Hide first, so the cells they free can be reused by rows shown in this same pass.
    hideCells { !wanted.contains($0) }
    // A page's cells are mostly new and deferred: room for them all, not a doubling per few.
    if defersConfiguration { deferredConfigurations.reserveCapacity(placements.count) }
    for placement in placements {
      let presentation = placement.presentation
      let identity = ObjectIdentifier(presentation.presenter)
      // Drawing page by page hid every cell but the one across the page's top: a few are
      // compared rather than hashed.
      if let index =
        visible.count <= 4 ? visible.keys.firstIndex(of: identity) : visible.index(forKey: identity)
      {
        // In place: copying an entry out and back retains and releases its cell and presenter.
        visible.values[index].row = placement.row
        if visible.values[index].cell.frame != placement.frame {
          visible.values[index].cell.frame = placement.frame
        }
        if widthChanged || visible.values[index].contentVersion != presentation.contentVersion
          || visible.values[index].decoration != presentation.decoration
          || visible.values[index].isSelected != presentation.isSelected
        {
          visible.values[index].cell.isSelected = presentation.isSelected
          presentation.presenter.configureCell(
            visible.values[index].cell, decoration: presentation.decoration)
          configureCount += 1
          visible.values[index].decoration = presentation.decoration
          visible.values[index].contentVersion = presentation.contentVersion
          visible.values[index].isSelected = presentation.isSelected
        }
      } else {
        show(
          presentation, row: placement.row, frame: placement.frame, identity: identity,
          defersConfiguration: defersConfiguration && placement.configuresOffOwner)
      }
    }
    updateWorkingRange()
  }

  /// The pinned header row's placement, drawn at the viewport's top or pushed up by the next
  /// pinned row: the last pinned row starting above the viewport, from `visiblePlacements`
  /// when it is partly on screen.
  private func pinnedHeaderPlacement(
    among visiblePlacements: [RowPlacement], dataSource: any CollectionViewDataSource
  ) -> RowPlacement? {
    let top = viewport.contentOffset
    guard pinsHeaders, let (row, next) = dataSource.pinnedHeader(above: top),
      var placement = visiblePlacements.first(where: { $0.row == row })
        ?? dataSource.placements(ofRows: row..<row + 1).first
    else { return nil }
    let height = placement.frame.height
    placement.frame.origin.y = next.map { min(top, dataSource.frameForRow(at: $0).minY - height) } ?? top
    return placement.frame.maxY > top ? placement : nil
  }

  /// Moves the working range to the rows within ``workingRangeDistance`` of the viewport and
  /// tells the presenters that left and entered it.
  private func updateWorkingRange() {
    var rows = 0..<0
    if let dataSource, let distance = workingRangeDistance, distance.isFinite {
      let reach = viewport.height * max(distance, 0)
      rows = dataSource.rows(
        intersectingY: viewport.contentOffset - reach, height: viewport.height + 2 * reach)
    }
    let changes = workingRange.move(to: rows) { range in
      range.isEmpty ? [] : dataSource?.placements(ofRows: range).map(\.presentation.presenter) ?? []
    }
    for presenter in changes.left { presenter.itemDidLeaveWorkingRange() }
    for presenter in changes.entered { presenter.itemDidEnterWorkingRange() }
  }

  /// Hides every visible cell (e.g. before the whole transcript is replaced).
  public func hideAllCells() {
    laidOutRows = nil
    pinnedIdentity = nil
    hideCells { _ in true }
  }

  /// Takes `cells` out of the content view in one pass over its subviews: one by one, each
  /// removal shifted the cells after it, and a page of a thousand cells leaving cost a
  /// million moves. The cells are marked rather than put in a set: hashing each cost more than
  /// the pass.
  private func removeFromContentView(_ cells: [CollectionViewCell]) {
    guard !cells.isEmpty else { return }
    for cell in cells { cell.isLeavingContentView = true }
    contentView.removeSubviews { ($0 as? CollectionViewCell)?.isLeavingContentView ?? false }
    for cell in cells { cell.isLeavingContentView = false }
  }

  private func show(
    _ presentation: RowPresentation, row: Int, frame: Rect, identity: ObjectIdentifier,
    defersConfiguration: Bool
  ) {
    let presenter = presentation.presenter
    defersReusePreparation = defersConfiguration
    let cell = presenter.dequeueCell(from: self)
    defersReusePreparation = false
    cell.frame = frame
    cell.isSelected = presentation.isSelected
    if defersConfiguration {
      deferredConfigurations.append(
        DeferredConfiguration(cell: cell, presenter: presenter, decoration: presentation.decoration))
    } else {
      presenter.configureCell(cell, decoration: presentation.decoration)
    }
    configureCount += 1
    if tellsPresenters { presenter.cellWillBeShown(cell) }
    contentView.addSubview(cell)
    visible[identity] = VisibleCell(
      cell: cell, presenter: presenter, row: row, decoration: presentation.decoration,
      contentVersion: presentation.contentVersion, isSelected: presentation.isSelected)
  }

  /// The positions of `leaving` in row order. The rows of visible cells are distinct and close
  /// together (those of the last pass), so each is put in its slot rather than sorted, which
  /// cost hiding a page a tenth of its time; rows far apart or repeated are sorted.
  private static func inRowOrder(
    _ leaving: inout [(row: Int, index: Dictionary<ObjectIdentifier, VisibleCell>.Index)]
  ) -> [Dictionary<ObjectIdentifier, VisibleCell>.Index] {
    guard !leaving.isEmpty else { return [] }
    var low = Int.max
    var high = Int.min
    for entry in leaving { (low, high) = (min(low, entry.row), max(high, entry.row)) }
    if high - low < 2 * leaving.count {
      var slots = [Dictionary<ObjectIdentifier, VisibleCell>.Index?](repeating: nil, count: high - low + 1)
      var distinct = true
      for entry in leaving where distinct {
        distinct = slots[entry.row - low] == nil
        slots[entry.row - low] = entry.index
      }
      if distinct { return slots.compactMap { $0 } }
    }
    leaving.sort { $0.row < $1.row }
    return leaving.map(\.index)
  }

  /// Hides the visible cells of the presenters `leaves` picks, in row order, and pools them.
  ///
  /// Entries are found by position, once, rows and positions are sorted, and only the cells
  /// and presenters are copied out: each entry copied whole (in a sort, or to be looked up
  /// again) retained and released all it holds, and looking each up by identity cost a hash.
  private func hideCells(where leaves: (ObjectIdentifier) -> Bool) {
    var leaving: [(row: Int, index: Dictionary<ObjectIdentifier, VisibleCell>.Index)] = []
    var staying: [Dictionary<ObjectIdentifier, VisibleCell>.Index] = []
    var index = visible.startIndex
    while index != visible.endIndex {
      if leaves(visible.keys[index]) {
        leaving.append((visible.values[index].row, index))
      } else {
        staying.append(index)
      }
      visible.formIndex(after: &index)
    }
    guard !leaving.isEmpty else { return }
    var cells: [CollectionViewCell] = []
    var presenters: [any ChatItemPresenter] = []
    cells.reserveCapacity(leaving.count)
    presenters.reserveCapacity(leaving.count)
    for index in Self.inRowOrder(&leaving) {
      cells.append(visible.values[index].cell)
      presenters.append(visible.values[index].presenter)
    }
    if leaving.count == visible.count {
      visible.removeAll(keepingCapacity: true)
    } else if staying.count < leaving.count {
      // Most leave (a new page, with the row across its top staying): the few that stay move
      // to a new table rather than each leaving one be found and deleted.
      var kept = [ObjectIdentifier: VisibleCell](minimumCapacity: visible.count)
      for index in staying { kept[visible.keys[index]] = visible.values[index] }
      visible = kept
    } else {
      for identity in leaving.map({ visible.keys[$0.index] }) { visible.removeValue(forKey: identity) }
    }
    removeFromContentView(cells)
    for (cell, presenter) in zip(cells, presenters) {
      if tellsPresenters { presenter.cellWasHidden(cell) }
      pool(for: cell.reuseIdentifier).cells.append(cell)
    }
  }
}

/// A cell a layout pass left for another thread to configure (``CollectionView/defersConfiguration``).
///
/// A recycled cell is prepared for reuse here too, before it is configured: what it lets go
/// (the last item's texts and actions) is then freed by the reading thread, not the owner.
package struct DeferredConfiguration {
  let cell: CollectionViewCell
  let presenter: any ChatItemPresenter
  let decoration: ChatItemDecoration

  /// Configures the cell, on the thread that is the only one touching it and its presenter.
  package func run() {
    if cell.awaitsReusePreparation {
      cell.awaitsReusePreparation = false
      cell.prepareForReuse()
    }
    presenter.configureCell(cell, decoration: decoration)
  }
}
