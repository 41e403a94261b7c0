import ChatTranscript

/// Keeps a plain list's presenters by the recycled cell they are bound to, so a list of any
/// length holds only about as many presenters as it has cells.
///
/// A presenter is made when its row is about to appear and bound to the cell that shows
/// it. When that cell is recycled for another row, the new row's presenter takes its place
/// and the old presenter is released (its subscriptions end with it). A row that scrolls
/// back while its old cell still waits in the reuse pool gets its old presenter back.
/// Presenters alive = cells created + rows made but not shown yet (none after a layout pass).
public final class RecycledCellPresenterCache {
  private struct Binding {
    var row: Int
    var presenter: any ListRowPresenter
  }

  /// Bound presenters by the cell they were last shown in.
  private var bindings: [ObjectIdentifier: Binding] = [:]
  /// The cell bound to each row that has one.
  private var cellOfRow: [Int: ObjectIdentifier] = [:]
  /// Presenters made for rows about to appear, not bound to a cell yet.
  private var pending: [Int: any ListRowPresenter] = [:]
  /// The row of every presenter held, bound or pending.
  private var rowOfPresenter: [ObjectIdentifier: Int] = [:]

  public init() {}

  /// Presenters held now.
  public var count: Int { bindings.count + pending.count }

  /// The presenter of `row`: the one already bound to it or waiting for it, else a new one
  /// from `make`.
  ///
  /// - Complexity: O(1) expected.
  public func presenter(forRow row: Int, make: (Int) -> any ListRowPresenter) -> any ListRowPresenter {
    if let cell = cellOfRow[row], let binding = bindings[cell] { return binding.presenter }
    if let waiting = pending[row] { return waiting }
    let presenter = make(row)
    presenter.recycler = self
    pending[row] = presenter
    rowOfPresenter[ObjectIdentifier(presenter)] = row
    return presenter
  }

  /// Records that `presenter` now shows its row in `cell`, releasing whichever presenter
  /// `cell` showed before.
  public func presenter(_ presenter: any ListRowPresenter, didBindTo cell: CollectionViewCell) {
    let identity = ObjectIdentifier(presenter)
    guard let row = rowOfPresenter[identity] else { return }
    let cellIdentity = ObjectIdentifier(cell)
    if pending[row] === presenter { pending[row] = nil }
    if let previous = bindings[cellIdentity], previous.presenter !== presenter {
      rowOfPresenter[ObjectIdentifier(previous.presenter)] = nil
      if cellOfRow[previous.row] == cellIdentity { cellOfRow[previous.row] = nil }
    }
    if let oldCell = cellOfRow[row], oldCell != cellIdentity {
      bindings[oldCell] = nil
    }
    bindings[cellIdentity] = Binding(row: row, presenter: presenter)
    cellOfRow[row] = cellIdentity
  }

  /// Forgets every presenter (the list's rows changed).
  public func removeAll() {
    bindings.removeAll()
    cellOfRow.removeAll()
    pending.removeAll()
    rowOfPresenter.removeAll()
  }
}
