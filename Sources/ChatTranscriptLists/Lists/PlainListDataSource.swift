import ChatTranscript

/// Drives a ``CollectionView`` as a plain list (contacts, settings — not a chat): equal row
/// heights, presenters made only for rows on screen and cached by recycled cell.
///
/// A 100,000-row list creates cells for the visible rows plus spares and keeps one
/// presenter per cell (see ``RecycledCellPresenterCache``), never one per row. Rows have
/// one height so that frames are arithmetic and no row needs a presenter to be measured.
public final class PlainListDataSource<Model>: CollectionViewDataSource {
  public let collectionView: CollectionView
  public let presenters = RecycledCellPresenterCache()
  public private(set) var models: [Model]
  /// Rows each model takes; at least 1.
  public let rowHeight: Double
  private let makePresenter: (Model) -> any ListRowPresenter

  /// - Parameters:
  ///   - presenterTypes: the presenter classes `makePresenter` returns, to register their cells.
  ///   - makePresenter: a presenter for a model whose row is about to appear.
  public init(
    models: [Model], rowHeight: Double, viewport: Viewport, presenterTypes: [any ChatItemPresenter.Type],
    makePresenter: @escaping (Model) -> any ListRowPresenter
  ) {
    self.models = models
    self.rowHeight = rowHeight.isFinite && rowHeight >= 1 ? rowHeight : 1
    self.makePresenter = makePresenter
    collectionView = CollectionView(viewport: viewport)
    for type in presenterTypes { type.registerCells(in: collectionView) }
    collectionView.dataSource = self
    collectionView.layoutVisibleCells()
  }

  /// Replaces the models, dropping every presenter and cell binding.
  public func reload(_ models: [Model]) {
    collectionView.hideAllCells()
    presenters.removeAll()
    self.models = models
    collectionView.setContentOffset(collectionView.viewport.contentOffset)
    collectionView.layoutVisibleCells()
  }

  // MARK: CollectionViewDataSource

  public var numberOfRows: Int { models.count }
  public var contentHeight: Double { Double(models.count) * rowHeight }

  public func frameForRow(at index: Int) -> Rect {
    Rect(x: 0, y: Double(index) * rowHeight, width: collectionView.viewport.width, height: rowHeight)
  }

  /// - Complexity: O(1).
  public func rows(intersectingY y: Double, height: Double) -> Range<Int> {
    guard y.isFinite, height.isFinite, height > 0, !models.isEmpty else { return 0..<0 }
    let first = min(max(Int((max(y, 0) / rowHeight).rounded(.down)), 0), models.count)
    let end = min(max(Int(((y + height) / rowHeight).rounded(.up)), first), models.count)
    return first..<end
  }

  public func presentation(ofRow index: Int) -> RowPresentation {
    let presenter = presenters.presenter(forRow: index) { [models, makePresenter] row in
      makePresenter(models[row])
    }
    return RowPresentation(presenter: presenter, decoration: .plain, contentVersion: 0)
  }

  public func collectionViewDidScroll(_ collectionView: CollectionView) {}
}
