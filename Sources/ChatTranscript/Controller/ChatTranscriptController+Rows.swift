/// Building rows: decoration, presenter reuse and which heights must be measured.
extension ChatTranscriptController {
  /// A decorated item on its way to becoming a row.
  struct DecoratedRow {
    var item: any ChatItem
    var decoration: ChatItemDecoration
    var role: TranscriptRow.Role
  }

  /// Decorates every item of `window` (transcript indices from `windowStart`), reading
  /// neighbours outside it through `outside`, and flattens injected items around each.
  func decorate(
    _ window: [any ChatItem], windowStart: Int, outside: @escaping (Int) -> (any ChatItem)?
  ) -> [DecoratedRow] {
    var rows: [DecoratedRow] = []
    rows.reserveCapacity(window.count)
    for position in window.indices {
      let context = DecorationContext(
        window: window, position: position, windowStart: windowStart, outside: outside)
      let decorated = decorator.decorate(context)
      for injected in decorated.leading {
        rows.append(DecoratedRow(item: injected.item, decoration: injected.decoration, role: .leading))
      }
      rows.append(DecoratedRow(item: window[position], decoration: decorated.decoration, role: .item))
      for injected in decorated.trailing {
        rows.append(DecoratedRow(item: injected.item, decoration: injected.decoration, role: .trailing))
      }
    }
    return rows
  }

  /// Makes the row for a decorated item, reusing `previous` (the row that had the same key)
  /// when there is one: its presenter when the content is unchanged or the presenter takes
  /// updates, its height when nothing the height depends on changed.
  func makeRow(
    _ decorated: DecoratedRow, reusing previous: TranscriptLayout.Row?, remeasureAll: Bool,
    update: inout TranscriptUpdate
  ) -> TranscriptLayout.Row {
    let margin = Self.sanitizedMargin(decorated.decoration.bottomMargin)
    guard let previous else {
      update.insertedIDs.append(decorated.item.id)
      let row = TranscriptRow(
        item: decorated.item, presenter: factory.makePresenter(for: decorated.item),
        decoration: decorated.decoration, contentVersion: takeContentVersion(), role: decorated.role)
      return .init(
        metrics: RowMetrics(height: 0, bottomMargin: margin), isItem: decorated.role == .item,
        needsMeasurement: true, payload: row)
    }
    var row = previous.payload
    let contentChanged = !decorated.item.hasSameContent(as: row.item)
    if contentChanged {
      update.updatedIDs.append(decorated.item.id)
      row.contentVersion = takeContentVersion()
      if row.presenter.isItemUpdateSupported {
        row.presenter.update(with: decorated.item)
      } else {
        row.presenter = factory.makePresenter(for: decorated.item)
      }
    }
    let decorationChanged = row.decoration != decorated.decoration
    row.item = decorated.item
    row.decoration = decorated.decoration
    row.role = decorated.role
    let needsMeasurement =
      remeasureAll || contentChanged || decorationChanged || previous.needsMeasurement
    return .init(
      metrics: RowMetrics(height: previous.metrics.height, bottomMargin: margin),
      isItem: decorated.role == .item, needsMeasurement: needsMeasurement, payload: row)
  }

  /// A content version never handed out before in this controller.
  ///
  /// Versions are unique across ids and time, not counted per row: a row made anew for an
  /// id seen before (a type change, a delete and re-insert, a reloaded page) must not find
  /// the height cached for the id's earlier content under the same version.
  func takeContentVersion() -> Int {
    nextContentVersion &+= 1
    return nextContentVersion
  }

  /// Margins from a decorator must be finite and non-negative; anything else becomes 0.
  static func sanitizedMargin(_ margin: Double) -> Double {
    margin.isFinite && margin > 0 ? margin : 0
  }
}
