/// Selecting items by id: the selection outlives updates, widths and reloads; an item leaves
/// it when its row goes or its presenter stops allowing it.
extension ChatTranscriptController {
  /// Selects the item with `id`, if it has a row and its presenter allows it
  /// (``ChatItemPresenter/canBeSelected``; an off-screen row gets its presenter to answer).
  /// Visible cells show the change at once. Ids compare by their UTF-8 bytes.
  ///
  /// - Returns: whether the item is selected now.
  /// - Complexity: O(v + log n) for v visible rows, but for the first id lookup, which builds
  ///   the id index (O(n)).
  @discardableResult
  public func selectItem(withID id: String) -> Bool {
    guard let row = row(ofItemWithID: id), presenter(atRow: row).canBeSelected else { return false }
    if selection.insert(UTF8Key(id)).inserted { collectionView.layoutVisibleCells(rowsChanged: false) }
    return true
  }

  /// Deselects the item with `id`.
  ///
  /// - Returns: whether it was selected.
  @discardableResult
  public func deselectItem(withID id: String) -> Bool {
    guard selection.remove(UTF8Key(id)) != nil else { return false }
    collectionView.layoutVisibleCells(rowsChanged: false)
    return true
  }

  /// Selects the item with `id` if it is not selected, else deselects it: a tap in a
  /// selection mode.
  ///
  /// - Returns: whether the item is selected now.
  @discardableResult
  public func toggleSelection(ofItemWithID id: String) -> Bool {
    deselectItem(withID: id) ? false : selectItem(withID: id)
  }

  public func isItemSelected(withID id: String) -> Bool {
    selection.contains(UTF8Key(id))
  }

  /// Deselects every item.
  public func deselectAll() {
    guard !selection.isEmpty else { return }
    selection.removeAll()
    collectionView.layoutVisibleCells(rowsChanged: false)
  }

  /// The ids of the selected items, in transcript order (to copy or forward them as they
  /// were written).
  ///
  /// - Complexity: O(k (B + log(n/B)) + k log k) for k selected items.
  public var selectedItemIDs: [String] {
    selection.compactMap { key in row(ofItemWithID: key.string).map { (row: $0, id: key.string) } }
      .sorted { $0.row < $1.row }.map(\.id)
  }

  /// Whether `row` shows a selected item; injected rows never do, whatever their id.
  func isSelected(_ row: TranscriptRow) -> Bool {
    !selection.isEmpty && row.role == .item && selection.contains(UTF8Key(row.item.id))
  }

  /// Takes out of the selection the items `update` deleted or changed that now have no row or
  /// refuse selection, and names them in ``TranscriptUpdate/deselectedIDs``.
  ///
  /// - Complexity: a set lookup per deleted or updated row, and a row lookup for each of them
  ///   that was selected; nothing when no item is.
  func reconcileSelection(_ update: inout TranscriptUpdate) {
    guard !selection.isEmpty else { return }
    for rowID in [update.deletedRows, update.updatedRows].joined() where !rowID.isInjected {
      let key = UTF8Key(rowID.id)
      guard selection.contains(key) else { continue }
      if let row = row(ofItemWithID: rowID.id), presenter(atRow: row).canBeSelected { continue }
      selection.remove(key)
      update.deselectedIDs.append(rowID.id)
    }
  }
}
