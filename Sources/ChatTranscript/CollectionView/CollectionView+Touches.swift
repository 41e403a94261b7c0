/// Touches delivered to what is on screen: how tests and the CLI drive cells.
extension CollectionView {
  /// The visible row and deepest visible view at `point`, in viewport coordinates; the pinned
  /// header first, where it covers other rows.
  public func hitTest(_ point: Point) -> (row: Int, view: View)? {
    let contentPoint = Point(x: point.x, y: point.y + viewport.contentOffset)
    // The pinned header is drawn over the other cells: it is hit first.
    let frontToBack = (pinnedHeader.map { [$0] } ?? []) + visibleCells.reversed()
    for (row, cell) in frontToBack where cell.frame.contains(contentPoint) {
      let local = Point(x: contentPoint.x - cell.frame.minX, y: contentPoint.y - cell.frame.minY)
      if let view = cell.hitTest(local) { return (row, view) }
    }
    return nil
  }

  /// A tap at `point` (viewport coordinates): the button under it, or the nearest button
  /// containing the view under it, runs its actions.
  ///
  /// - Returns: whether a button took the tap.
  @discardableResult
  public func tap(at point: Point) -> Bool {
    var view = hitTest(point)?.view
    while let current = view {
      if let button = current as? Button {
        button.sendActions()
        return true
      }
      view = current.superview
    }
    return false
  }

  /// A long press at `point`: the presenter of the row under it, when it shows a menu.
  ///
  /// The caller offers actions through the presenter's `canPerform` and `perform`.
  public func longPress(at point: Point) -> (any ChatItemPresenter)? {
    guard let row = hitTest(point)?.row, let dataSource, row < dataSource.numberOfRows else { return nil }
    let presenter = dataSource.presentation(ofRow: row).presenter
    return presenter.shouldShowMenu() ? presenter : nil
  }
}
