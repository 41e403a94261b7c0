import ChatTranscript

/// A presenter a ``PlainListDataSource`` can cache by recycled cell.
///
/// Conformers call `recycler?.presenter(self, didBindTo: cell)` from `cellWillBeShown`
/// (``ModelBoundPresenter`` does), which is how the cache learns which cell a presenter got.
public protocol ListRowPresenter: ChatItemPresenter {
  /// Set by the cache that made the presenter; hold it weakly.
  var recycler: RecycledCellPresenterCache? { get set }
}
