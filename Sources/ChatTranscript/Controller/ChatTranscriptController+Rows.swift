import Dispatch

/// Building rows: decoration, presenter reuse and which heights must be measured.
extension ChatTranscriptController {
  /// A decorated item on its way to becoming a row.
  struct DecoratedRow: Sendable {
    var item: any ChatItem
    var decoration: ChatItemDecoration
    var role: TranscriptRow.Role

    /// The key of the row it becomes (see ``TranscriptRow/key``).
    var key: ChatItemKey { ChatItemKey(item, isInjected: role != .item) }
    var rowID: RowID { RowID(id: item.id, isInjected: role != .item) }
  }

  /// Decorates every item of `window` (transcript indices from `windowStart`), reading
  /// neighbours outside it through `outside`, and flattens injected items around each.
  ///
  /// A long window (a cold layout, a reload) is decorated on all cores when the configuration
  /// allows parallel work: a decoration reads only its item's neighbourhood, so the window
  /// splits into pieces. Only the `reach` items at each end may look past the window, through
  /// `outside`, which belongs to the owner; those are decorated here.
  ///
  /// - Returns: the rows in order, in pieces (one when decorated on this thread): joining
  ///   them would copy every row once more.
  func decorate(
    _ window: [any ChatItem], windowStart: Int, outside: @escaping (Int) -> (any ChatItem)?
  ) -> [[DecoratedRow]] {
    let plan = decorationPieces(count: window.count)
    var pieces = [
      Self.decorate(
        window, positions: plan.leadingEdge, windowStart: windowStart, with: decorator, outside: outside)
    ]
    guard !plan.interior.isEmpty else { return pieces }
    pieces.append(
      contentsOf: Self.decorateConcurrently(
        window, pieces: plan.interior, windowStart: windowStart, with: decorator))
    pieces.append(
      Self.decorate(
        window, positions: plan.trailingEdge, windowStart: windowStart, with: decorator, outside: outside))
    return pieces
  }

  /// How a window of `count` items is cut for decoration: the ends within the decorator's
  /// reach, which may read past the window (on the owner), and interior pieces that may go to
  /// other cores. A short window, or one on a configuration without parallel work, is one
  /// leading edge.
  struct DecorationPieces {
    var leadingEdge: Range<Int>
    var interior: [Range<Int>] = []
    var trailingEdge: Range<Int>
  }

  func decorationPieces(count: Int) -> DecorationPieces {
    let reach = max(decorator.reach, 0)
    let interior = min(reach, count)..<max(count - reach, min(reach, count))
    guard configuration.measuresHeightsInParallel, activeProcessorCount > 1,
      interior.count >= Self.parallelDecorationMinimum
    else {
      return DecorationPieces(leadingEdge: 0..<count, trailingEdge: count..<count)
    }
    // Many pieces per core: cores take them as they finish, so the one that draws slow
    // pieces (long texts) does not leave the others waiting at the end. A piece of 512 items
    // is a few milliseconds of work, far more than handing it over costs.
    let pieceCount = max(min(activeProcessorCount * 16, interior.count / 512), 1)
    let pieces = (0..<pieceCount).map { piece in
      let lower = interior.lowerBound + piece * interior.count / pieceCount
      let upper = interior.lowerBound + (piece + 1) * interior.count / pieceCount
      return lower..<upper
    }
    return DecorationPieces(
      leadingEdge: 0..<interior.lowerBound, interior: pieces, trailingEdge: interior.upperBound..<count)
  }

  /// Below this many items a window is decorated on one thread: handing work to other cores
  /// costs more than it saves.
  static var parallelDecorationMinimum: Int { 4_096 }

  /// Decorates `positions` of `window` in order on this thread.
  static func decorate(
    _ window: [any ChatItem], positions: Range<Int>, windowStart: Int, with decorator: any ChatItemsDecorator,
    outside: @escaping (Int) -> (any ChatItem)?
  ) -> [DecoratedRow] {
    let run = DecorationRun(window: window, positions: positions, windowStart: windowStart, outside: outside)
    var decorations = decorator.decorate(run)
    if decorations.count != positions.count {
      // Every item needs an answer: a decorator whose run gave too few or too many is asked
      // item by item.
      decorations = (0..<run.count).map { decorator.decorate(run.context($0)) }
    }
    var rows: [DecoratedRow] = []
    rows.reserveCapacity(decorations.reduce(0) { $0 + 1 + $1.leading.count + $1.trailing.count })
    for (position, decorated) in zip(positions, decorations) {
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

  /// Decorates `pieces` of `window`, none within the decorator's reach of the window's ends,
  /// on all cores; the pieces come back in order.
  private static func decorateConcurrently(
    _ window: [any ChatItem], pieces: [Range<Int>], windowStart: Int, with decorator: any ChatItemsDecorator
  ) -> [[DecoratedRow]] {
    DisjointWrites.array(count: pieces.count) { output in
      DispatchQueue.concurrentPerform(iterations: pieces.count) { piece in
        // Nothing here reaches past the window: `outside` is never asked.
        let rows = decorate(window, positions: pieces[piece], windowStart: windowStart, with: decorator) {
          _ in nil
        }
        output.write(rows, at: piece)
      }
    }
  }

  /// Makes the row for a decorated item, reusing `previous` (the row that had the same key)
  /// when there is one: its presenter when the content is unchanged or the presenter takes
  /// updates, its height when nothing the height depends on changed. A new row has no
  /// presenter until it needs one.
  func makeRow(
    _ decorated: DecoratedRow, reusing previous: TranscriptLayout.Row?, remeasureAll: Bool,
    update: inout TranscriptUpdate
  ) -> TranscriptLayout.Row {
    guard let previous else {
      update.insertedRows.append(decorated.rowID)
      let (shape, row) = Self.newRow(decorated, contentVersion: takeContentVersion())
      return .init(shape, payload: row)
    }
    var row = previous.payload
    let contentChanged = !decorated.item.hasSameContent(as: row.item)
    if contentChanged {
      update.updatedRows.append(decorated.rowID)
      row.contentVersion = takeContentVersion()
      if let presenter = row.presenter, presenter.isItemUpdateSupported {
        presenter.update(with: decorated.item)
      } else {
        // The row gets a presenter for the new content when it next needs one.
        row.presenter = nil
      }
    }
    // A new margin alone keeps the height: the layout adds the margin below the row (a message
    // that loses its group's last place, or gains a receipt row under it, is not re-measured).
    let decorationChanged = !row.decoration.hasSameHeightInputs(as: decorated.decoration)
    row.item = decorated.item
    row.decoration = decorated.decoration
    row.role = decorated.role
    let margin = Self.sanitizedMargin(decorated.decoration.bottomMargin)
    let needsMeasurement =
      remeasureAll || contentChanged || decorationChanged || previous.needsMeasurement
    return .init(
      metrics: RowMetrics(height: previous.metrics.height, bottomMargin: margin),
      isItem: decorated.role == .item, needsMeasurement: needsMeasurement,
      isPinnedHeader: decorated.decoration.isPinnedHeader, payload: row)
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
