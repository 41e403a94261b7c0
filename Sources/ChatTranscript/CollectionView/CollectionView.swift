/// A headless collection view: a viewport over stacked rows, cells only for the visible rows,
/// and a reuse pool per reuse identifier.
///
/// Like `UICollectionView` without a screen: presenters dequeue cells from it, it keeps at
/// most the visible cells plus recycled spares alive, and it calls `cellWasHidden` before
/// `cellWillBeShown` so a hidden cell can be recycled for a row appearing in the same pass.
/// Visible cells are tracked by presenter identity: a row whose presenter, content version
/// or decoration changed, or every row after a width change, is reconfigured; one that only
/// moved is just repositioned.
public final class CollectionView {
  /// A cell on screen and the state it was configured with.
  struct VisibleCell {
    var cell: CollectionViewCell
    var presenter: any ChatItemPresenter
    var row: Int
    var decoration: ChatItemDecoration
    var contentVersion: Int
  }

  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { laidOutRows = nil }
  }
  public private(set) var viewport: Viewport
  /// The root of the view tree renderers draw: visible cells are its subviews.
  public let contentView = View()

  private var cellTypes: [String: CollectionViewCell.Type] = [:]
  private var reusePool: [String: [CollectionViewCell]] = [:]
  private var visible: [ObjectIdentifier: VisibleCell] = [:]
  /// The width visible cells were last configured for; a new width reconfigures them all.
  private var configuredWidth: Double?
  /// The rows the visible cells were last laid out for.
  private var laidOutRows: Range<Int>?

  /// Cells ever created, per reuse identifier (reuse keeps this near the visible count).
  public private(set) var cellsCreated: [String: Int] = [:]
  /// How many times a presenter configured a cell.
  public private(set) var configureCount = 0

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
    if let cell = reusePool[reuseIdentifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    let cell = (cellTypes[reuseIdentifier] ?? CollectionViewCell.self).init(frame: .zero)
    cell.reuseIdentifier = reuseIdentifier
    cellsCreated[reuseIdentifier, default: 0] += 1
    return cell
  }

  /// Visible cells in row order, with their rows.
  public var visibleCells: [(row: Int, cell: CollectionViewCell)] {
    visible.values.sorted { $0.row < $1.row }.map { ($0.row, $0.cell) }
  }

  /// The visible cell of `row`, if that row is on screen.
  public func cell(forRow row: Int) -> CollectionViewCell? {
    visible.values.first { $0.row == row }?.cell
  }

  /// Cells waiting in the reuse pool, per identifier.
  public var pooledCellCounts: [String: Int] { reusePool.mapValues(\.count) }

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
    layoutVisibleCells()
    if changed { dataSource?.collectionViewDidScroll(self) }
  }

  /// Scrolls to `offset` after the data source's rows changed from `firstChangedRow` on (old
  /// and new indexes alike; `nil` when none did). The visible cells are left as they are when
  /// nothing they show moved or changed: an update out of view costs the view nothing.
  ///
  /// - Complexity: O(log n) when the visible cells stay; otherwise that of
  ///   ``layoutVisibleCells()``.
  func setContentOffset(_ offset: Double, rowsChangedFrom firstChangedRow: Int?) {
    let clamped = clampedOffset(offset)
    if clamped == viewport.contentOffset, configuredWidth == viewport.width, let dataSource,
      let laidOutRows, laidOutRows.upperBound <= firstChangedRow ?? .max,
      dataSource.rows(intersectingY: clamped, height: viewport.height) == laidOutRows
    {
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
    let frame = dataSource.frameForRow(at: row)
    switch position {
    case .top: setContentOffset(frame.minY)
    case .center: setContentOffset(frame.minY - (viewport.height - frame.height) / 2)
    case .bottom: setContentOffset(frame.maxY - viewport.height)
    }
  }

  /// Changes the viewport size (a terminal resize, a rotation); the owner relayouts on a width change.
  public func setViewportSize(width: Double, height: Double) {
    viewport = Self.sanitized(Viewport(width: width, height: height, contentOffset: viewport.contentOffset))
    setContentOffset(viewport.contentOffset)
  }

  /// Non-finite or negative sizes become zero: a bad size from a caller must not poison the layout.
  private static func sanitized(_ viewport: Viewport) -> Viewport {
    func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
    return Viewport(
      width: clean(viewport.width), height: clean(viewport.height),
      contentOffset: clean(viewport.contentOffset))
  }

  // MARK: Layout

  /// Brings visible cells in line with the rows in the viewport: hides rows that left,
  /// shows rows that arrived, reconfigures rows whose content or decoration changed and
  /// repositions everything.
  ///
  /// - Complexity: O(v + log n) for v visible rows.
  public func layoutVisibleCells() {
    guard let dataSource else { return }
    let range = dataSource.rows(intersectingY: viewport.contentOffset, height: viewport.height)
    let widthChanged = configuredWidth != viewport.width
    configuredWidth = viewport.width
    laidOutRows = range
    let placements = dataSource.placements(ofRows: range)
    var wanted = Set<ObjectIdentifier>(minimumCapacity: placements.count)
    for placement in placements { wanted.insert(ObjectIdentifier(placement.presentation.presenter)) }
    // Hide first, so the cells they free can be reused by rows shown in this same pass.
    let leaving = visible.filter { !wanted.contains($0.key) }
    for (identity, entry) in leaving.sorted(by: { $0.value.row < $1.value.row }) {
      hide(entry, identity: identity)
    }
    for placement in placements {
      let presentation = placement.presentation
      let identity = ObjectIdentifier(presentation.presenter)
      if let index = visible.index(forKey: identity) {
        // In place: copying an entry out and back retains and releases its cell and presenter.
        visible.values[index].row = placement.row
        if visible.values[index].cell.frame != placement.frame {
          visible.values[index].cell.frame = placement.frame
        }
        if widthChanged || visible.values[index].contentVersion != presentation.contentVersion
          || visible.values[index].decoration != presentation.decoration
        {
          presentation.presenter.configureCell(
            visible.values[index].cell, decoration: presentation.decoration)
          configureCount += 1
          visible.values[index].decoration = presentation.decoration
          visible.values[index].contentVersion = presentation.contentVersion
        }
      } else {
        show(presentation, row: placement.row, frame: placement.frame, identity: identity)
      }
    }
  }

  /// Hides every visible cell (e.g. before the whole transcript is replaced).
  public func hideAllCells() {
    laidOutRows = nil
    for (identity, entry) in visible.sorted(by: { $0.value.row < $1.value.row }) {
      hide(entry, identity: identity)
    }
  }

  private func show(_ presentation: RowPresentation, row: Int, frame: Rect, identity: ObjectIdentifier) {
    let presenter = presentation.presenter
    let cell = presenter.dequeueCell(from: self)
    cell.frame = frame
    presenter.configureCell(cell, decoration: presentation.decoration)
    configureCount += 1
    presenter.cellWillBeShown(cell)
    contentView.addSubview(cell)
    visible[identity] = VisibleCell(
      cell: cell, presenter: presenter, row: row, decoration: presentation.decoration,
      contentVersion: presentation.contentVersion)
  }

  private func hide(_ entry: VisibleCell, identity: ObjectIdentifier) {
    visible[identity] = nil
    entry.cell.removeFromSuperview()
    entry.presenter.cellWasHidden(entry.cell)
    reusePool[entry.cell.reuseIdentifier, default: []].append(entry.cell)
  }
}
