import ChatTranscript

/// A presenter that shows an observable model and keeps its visible cell current.
///
/// While a cell shows the model, the presenter watches ``observedKeyPaths`` and refreshes
/// just that cell on a change. The subscription starts in `cellWillBeShown`, ends when the
/// cell is hidden (before it can be reused for another row) and at the latest when the
/// presenter goes away, so a change never reaches a cell that shows something else.
/// Subclasses configure the cell and may attach button actions that change the model.
open class ModelBoundPresenter<Model: ObservableModel, Cell: CollectionViewCell>:
  BaseChatItemPresenter<Cell>, ListRowPresenter
{
  public let model: Model
  /// The cache that hands this presenter out by recycled cell, if any.
  public weak var recycler: RecycledCellPresenterCache?
  private var subscription: ObservationToken?

  public init(model: Model) {
    self.model = model
    super.init()
  }

  /// The properties whose changes refresh the cell; `nil` (the default) watches all.
  open var observedKeyPaths: Set<PartialKeyPath<Model>>? { nil }

  /// Whether the presenter watches its model now (only while a cell shows it).
  public var isObserving: Bool { subscription?.isActive ?? false }

  /// A watched property changed while a cell shows the model. Refreshes that cell by default.
  open func modelDidChange(_ keyPath: PartialKeyPath<Model>) {
    refreshVisibleCell()
  }

  open override func cellWillBeShown(_ cell: CollectionViewCell) {
    super.cellWillBeShown(cell)
    if subscription == nil {
      subscription = model.observe(observedKeyPaths) { [weak self] keyPath in self?.modelDidChange(keyPath) }
    }
    recycler?.presenter(self, didBindTo: cell)
  }

  open override func cellWasHidden(_ cell: CollectionViewCell) {
    super.cellWasHidden(cell)
    if visibleCell == nil {
      subscription?.cancel()
      subscription = nil
    }
  }
}
