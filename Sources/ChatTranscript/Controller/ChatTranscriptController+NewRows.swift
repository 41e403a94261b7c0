import Dispatch

/// Rows for items seen for the first time: what a cold layout, a page of history or an
/// append makes, decorated, built and sized in one pass per piece, pieces on all cores.
extension ChatTranscriptController {
  /// The shape and payload of a row for an item that had none: no presenter yet, its height
  /// still to be measured.
  static func newRow(_ decorated: DecoratedRow, contentVersion: Int) -> (RowShape, TranscriptRow) {
    let shape = RowShape(
      metrics: RowMetrics(height: 0, bottomMargin: sanitizedMargin(decorated.decoration.bottomMargin)),
      isItem: decorated.role == .item, needsMeasurement: true,
      isPinnedHeader: decorated.decoration.isPinnedHeader)
    let row = TranscriptRow(
      id: decorated.item.id, item: decorated.item, presenter: nil, contentVersion: contentVersion,
      decoration: decorated.decoration, role: decorated.role)
    return (shape, row)
  }

  /// Items decorated and built per pass within a piece: their decorated rows are still in
  /// the cache when their rows are built, and never add up to a list of the whole window.
  static var newRowsRun: Int { 1_024 }

  /// New rows for every item of `window` (transcript items from `windowStart`), none of
  /// which had a row before, reading neighbours past the window through `outside`.
  ///
  /// Decoration, rows and (with `sizingWidth`) heights are made in one pass per piece of the
  /// window, pieces on all cores when the window is long and the configuration allows it
  /// (see ``decorationPieces(count:)``). Content versions are handed out in row order,
  /// exactly as making the rows one at a time would.
  func makeNewRows(
    for window: [any ChatItem], windowStart: Int, outside: @escaping (Int) -> (any ChatItem)?,
    sizingWidth: Double?, update: inout TranscriptUpdate
  ) -> NewRows {
    let plan = decorationPieces(count: window.count)
    let decorator = decorator
    let measurers = TypeMeasurers(factory.measurersByType)
    let build: @Sendable (Range<Int>, ((Int) -> (any ChatItem)?)?) -> NewRows = { positions, outside in
      var builder = NewRowsBuilder(sizingWidth: sizingWidth, measurers: measurers, expected: positions.count)
      for start in stride(from: positions.lowerBound, to: positions.upperBound, by: Self.newRowsRun) {
        let run = start..<min(start + Self.newRowsRun, positions.upperBound)
        // Interior pieces never reach past the window: their `outside` is never asked.
        for entry in Self.decorate(
          window, positions: run, windowStart: windowStart, with: decorator, outside: outside ?? { _ in nil })
        {
          builder.add(entry)
        }
      }
      return builder.finish()
    }
    var pieces = [build(plan.leadingEdge, outside)]
    if !plan.interior.isEmpty {
      pieces += DisjointWrites.array(count: plan.interior.count) { output in
        DispatchQueue.concurrentPerform(iterations: plan.interior.count) { piece in
          output.write(build(plan.interior[piece], nil), at: piece)
        }
      }
      pieces.append(build(plan.trailingEdge, outside))
    }
    return assemble(consume pieces, sizingWidth: sizingWidth, update: &update)
  }

  /// Joins the pieces' rows in order, numbering their content versions on from the last
  /// handed out, and reports them in `update`.
  ///
  /// `pieces` is consumed: shared with the caller, numbering the rows would copy them all.
  /// Each piece's rows are numbered and their ids listed for the update in one pass, on all
  /// cores when the pieces were built so.
  private func assemble(
    _ pieces: consuming [NewRows], sizingWidth: Double?, update: inout TranscriptUpdate
  ) -> NewRows {
    var rowCount = 0
    let firstRows = pieces.map { piece in
      defer { rowCount += piece.count }
      return rowCount
    }
    let firstVersion = nextContentVersion &+ 1
    let insertedIDs = DisjointWrites<RowID>.array(count: rowCount) { ids in
      let number = { @Sendable (index: Int, piece: inout NewRows) in
        piece.shiftVersions(by: firstVersion &+ firstRows[index])
        piece.listIDs(into: ids, from: firstRows[index])
      }
      if pieces.count > 1 && configuration.measuresHeightsInParallel {
        DisjointWrites.updateConcurrently(&pieces, number)
      } else {
        for piece in pieces.indices { number(piece, &pieces[piece]) }
      }
    }
    // A first load's ids become the update's list as they are, not copied into it.
    if update.insertedRows.isEmpty {
      update.insertedRows = insertedIDs
    } else {
      update.insertedRows.append(contentsOf: insertedIDs)
    }
    var rows = NewRows()
    for piece in pieces {
      rows.shapes.append(contentsOf: piece.shapes)
      rows.payloads.append(contentsOf: piece.payloads)
      rows.count += piece.count
      rows.sizedCount += piece.sizedCount
    }
    update.measuredHeightCount += rows.sizedCount
    update.backgroundHeightCount += rows.sizedCount
    nextContentVersion &+= rowCount
    if let sizingWidth { cacheNewestHeights(of: rows, width: sizingWidth) }
    return rows
  }

  /// Stores the heights of the newest sized rows, as `finish` does for measured ones: of a
  /// long load only the heights the cache would keep (``HeightCache/keepsNewest``).
  ///
  /// Only what the cache's key needs is read of each row: copied whole, a row retained and
  /// released its item, id and presenter, thousands of times per burst `follow` draws.
  private func cacheNewestHeights(of rows: NewRows, width: Double) {
    var newest: [(height: Double, contentVersion: Int, decoration: ChatItemDecoration)] = []
    let limit = heightCache.keepsNewest
    newest.reserveCapacity(min(limit, rows.count))
    let version = TranscriptLayout.PayloadSlot.offset(of: \.payload.contentVersion)
    let decoration = TranscriptLayout.PayloadSlot.offset(of: \.payload.decoration)
    for (shapes, payloads) in zip(rows.shapes, rows.payloads).reversed() where newest.count < limit {
      payloads.withUnsafeBytes { payloads in
        for index in shapes.indices.reversed() where !shapes[index].needsMeasurement {
          guard newest.count < limit else { return }
          newest.append(
            (
              shapes[index].metrics.height,
              TranscriptLayout.PayloadSlot.load(Int.self, at: version, ofSlot: index, in: payloads),
              TranscriptLayout.PayloadSlot.load(
                ChatItemDecoration.self, at: decoration, ofSlot: index, in: payloads)
            ))
        }
      }
    }
    for (height, contentVersion, decoration) in newest.reversed() {
      heightCache.store(height, contentVersion: contentVersion, width: width, decoration: decoration)
    }
  }
}
