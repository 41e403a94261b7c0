/// A presenter base class that remembers which cell currently shows its item.
///
/// Subclasses override `configure(_:decoration:)` and read `visibleCell` when they need to
/// refresh what is on screen; reuse bookkeeping is handled here. A cell hidden after a newer
/// cell was shown (possible when cells are recycled out of order) does not clear the newer one.
open class BaseChatItemPresenter<Cell: CollectionViewCell>: ChatItemPresenter {
  // Read and written without the run-time exclusivity check, as a view's values are: a
  // presenter belongs to its owner's thread, and every cell shown and hidden paid the check.
  /// The cell showing this presenter's item right now, if any.
  public var visibleCell: Cell? { shownCell?.cell as? Cell }
  /// Where ``visibleCell`` is found: not a weak reference to the cell (see ``CellReference``).
  @exclusivity(unchecked) private var shownCell: CellReference?
  /// The decoration last used to configure a cell.
  @exclusivity(unchecked) public private(set) var decoration = ChatItemDecoration.plain

  public init() {}

  /// The cell class's name, worked out once per class (see ``cellClassNames``).
  open class var reuseIdentifier: String {
    cellClassNames.withLock { names in
      let key = ObjectIdentifier(Cell.self)
      if let name = names[key] { return name }
      let name = String(describing: Cell.self)
      names[key] = name
      return name
    }
  }

  open class func registerCells(in collectionView: CollectionView) {
    collectionView.register(Cell.self, forReuseIdentifier: reuseIdentifier)
  }

  open var canCalculateHeightInBackground: Bool { false }
  open var configuresCellsOffOwner: Bool { false }

  open func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    backgroundHeightCalculator()?.height(maximumWidth: maximumWidth, decoration: decoration) ?? 1
  }

  open func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? { nil }

  public func dequeueCell(from collectionView: CollectionView) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier)
  }

  public func configureCell(_ cell: CollectionViewCell, decoration: ChatItemDecoration) {
    self.decoration = decoration
    guard let cell = cell as? Cell else { return }
    configure(cell, decoration: decoration)
  }

  /// Shows the item in `cell`. Override point.
  open func configure(_ cell: Cell, decoration: ChatItemDecoration) {}

  open func cellWillBeShown(_ cell: CollectionViewCell) {
    shownCell = cell is Cell ? cell.reference : nil
  }

  open func cellWasHidden(_ cell: CollectionViewCell) {
    // A recycled cell may be hidden after a newer cell started showing this item.
    if shownCell?.cell === cell { shownCell = nil }
  }

  open func shouldShowMenu() -> Bool { false }
  open func canPerform(_ action: MenuAction) -> Bool { false }
  open func perform(_ action: MenuAction) {}

  open var isItemUpdateSupported: Bool { false }
  open func update(with item: any ChatItem) {}

  open var canBeSelected: Bool { true }
  open func itemDidEnterWorkingRange() {}
  open func itemDidLeaveWorkingRange() {}

  /// Reconfigures the visible cell, if any, with the current decoration.
  public func refreshVisibleCell() {
    guard let cell = visibleCell else { return }
    configure(cell, decoration: decoration)
  }
}

/// Cell class names by class. `String(describing:)` demangles a type's name, some 7,000
/// instructions, and every cell a presenter dequeues asks for its reuse identifier: a page of a
/// whole-transcript render spent a twentieth of its time there.
private let cellClassNames = Locked<[ObjectIdentifier: String]>([:])
