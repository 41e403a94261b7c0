/// A recyclable view that shows one item at a time.
///
/// The collection view keeps cells it no longer shows in a reuse pool and hands them to
/// presenters again; `prepareForReuse()` is the subclass's chance to drop per-item state.
open class CollectionViewCell: View {
  // Unchecked for exclusivity, as ``View``'s values are.
  /// The pool this cell returns to; set by the collection view when it creates the cell.
  @exclusivity(unchecked) public internal(set) var reuseIdentifier = ""
  /// Whether the row the cell shows is selected. The collection view sets it before every
  /// configuration, so a presenter may read it in `configureCell` and a recycled cell never
  /// keeps another row's highlight.
  @exclusivity(unchecked) open var isSelected = false
  /// Whether the view that shows the cell delivers touches to it: `false` in the views that
  /// draw pages off screen (the lent pages of `ChatTranscriptRendering`), where nothing can be
  /// tapped, so a presenter need not attach actions to the cell's buttons. Set when the
  /// collection view creates the cell, which stays in that view's pool.
  @exclusivity(unchecked) public internal(set) var receivesTouches = true
  /// Set when the cell was recycled for a configuration another thread runs, which prepares
  /// it for reuse first (``DeferredConfiguration``).
  @exclusivity(unchecked) var awaitsReusePreparation = false
  /// Marks the cells the collection view is taking out of its content view, for the one pass
  /// over its subviews that removes them.
  @exclusivity(unchecked) var isLeavingContentView = false

  /// What a presenter holds to find the cell it shows (``BaseChatItemPresenter/visibleCell``).
  package let reference = CellReference()

  public required override init(frame: Rect = .zero) {
    super.init(frame: frame)
    reference.cell = self
  }

  deinit {
    reference.cell = nil
  }

  /// Called before the cell is handed out again. Subclasses must call `super`.
  open func prepareForReuse() {}
}

/// A cell, for as long as it lives: a weak reference without making the cell weakly referenced.
///
/// A weakly referenced object gets a side table, and every retain and release of a cell then
/// took a slower path, a tenth of the main thread's time drawing a transcript. The cell owns
/// this object and clears it when it goes; presenters hold the object. Cells and presenters
/// belong to one owner thread, so nothing reads it while it is cleared.
package final class CellReference {
  @exclusivity(unchecked) package fileprivate(set) unowned(unsafe) var cell: CollectionViewCell?

  fileprivate init() {}
}
