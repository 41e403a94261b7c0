/// Owns one item's presentation: its height for a width and the configuration of whichever
/// recycled cell currently shows it.
///
/// A presenter lives as long as its item stays in the transcript (one per item id) and is
/// handed different cells over time. It belongs to the transcript's owner; only the value
/// returned by `backgroundHeightCalculator()` travels to background queues.
public protocol ChatItemPresenter: AnyObject {
  /// Registers the cell classes this presenter's `dequeueCell` asks for.
  static func registerCells(in collectionView: CollectionView)

  /// Whether `backgroundHeightCalculator()` returns a calculator that may run off the owner.
  var canCalculateHeightInBackground: Bool { get }

  /// The item's height for a maximum width, computed on the owner.
  func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double

  /// A `Sendable` snapshot of what the height depends on, used on background queues.
  ///
  /// Only called when `canCalculateHeightInBackground` is `true`; returning `nil` makes the
  /// engine fall back to `heightForCell` on the owner.
  func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)?

  /// A cell for the item, taken from the collection view's reuse pool.
  func dequeueCell(from collectionView: CollectionView) -> CollectionViewCell

  /// Shows the item in `cell` (a cell obtained from `dequeueCell`).
  func configureCell(_ cell: CollectionViewCell, decoration: ChatItemDecoration)

  /// Whether ``configureCell(_:decoration:)`` may run on another thread than the owner's, on
  /// a cell no other thread touches meanwhile: `true` only when configuring reads nothing but
  /// the presenter's item, the decoration and `Sendable` state, and writes only the cell and
  /// the presenter itself. `false` by default.
  ///
  /// Pages drawn off screen in views of their own (the lent pages of
  /// `ChatTranscriptRendering`, which `transcript render` and `follow` draw) are then
  /// configured by the thread that reads them, with presenters made for that page alone: the
  /// owner only places and dequeues their cells, and a recycled cell's `prepareForReuse()`
  /// runs on the reading thread too, just before it is configured. Cells on screen are
  /// configured on the owner whatever this says. The kit's presenters say `true`; a cell
  /// class of yours that they show must then prepare and configure itself from what it is
  /// given alone.
  var configuresCellsOffOwner: Bool { get }

  /// `cell` is about to become visible with this item.
  func cellWillBeShown(_ cell: CollectionViewCell)

  /// `cell` stopped showing this item and may be recycled for another.
  func cellWasHidden(_ cell: CollectionViewCell)

  /// Whether a long press shows a menu.
  func shouldShowMenu() -> Bool
  func canPerform(_ action: MenuAction) -> Bool
  func perform(_ action: MenuAction)

  /// Whether `update(with:)` can take a new version of the item; otherwise the engine
  /// replaces the presenter.
  var isItemUpdateSupported: Bool { get }

  /// Takes a new version of the item (same id and type, changed content).
  func update(with item: any ChatItem)

  /// Whether the item may be selected (``ChatTranscriptController/selectItem(withID:)``): a
  /// day heading or a status row may not. Asked when the item is selected and again after
  /// every update that changes it, so the answer may follow its content (a deleted message).
  var canBeSelected: Bool { get }

  /// The item came within the collection view's working range (see
  /// ``CollectionView/workingRangeDistance``): start loading what its cell will need (an
  /// image, a link preview) before it is on screen.
  func itemDidEnterWorkingRange()

  /// The item left the working range: it scrolled away, its row was deleted, or this
  /// presenter was replaced. Cancel what ``itemDidEnterWorkingRange()`` started.
  func itemDidLeaveWorkingRange()
}

extension ChatItemPresenter {
  public var canCalculateHeightInBackground: Bool { false }
  public var configuresCellsOffOwner: Bool { false }
  public func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? { nil }
  public func cellWillBeShown(_ cell: CollectionViewCell) {}
  public func cellWasHidden(_ cell: CollectionViewCell) {}
  public func shouldShowMenu() -> Bool { false }
  public func canPerform(_ action: MenuAction) -> Bool { false }
  public func perform(_ action: MenuAction) {}
  public var isItemUpdateSupported: Bool { false }
  public func update(with item: any ChatItem) {}
  public var canBeSelected: Bool { true }
  public func itemDidEnterWorkingRange() {}
  public func itemDidLeaveWorkingRange() {}
}
