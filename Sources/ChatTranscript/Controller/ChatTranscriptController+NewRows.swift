import Dispatch

/// Rows for items seen for the first time: what a cold layout, a page of history or an
/// append makes, built on all cores when decoration came back in pieces.
extension ChatTranscriptController {
  /// The shape and payload of a row for an item that had none: no presenter yet, its height
  /// still to be measured.
  static func newRow(_ decorated: DecoratedRow, contentVersion: Int) -> (RowGeometry, TranscriptRow) {
    let shape = RowGeometry(
      metrics: RowMetrics(height: 0, bottomMargin: sanitizedMargin(decorated.decoration.bottomMargin)),
      isItem: decorated.role == .item, needsMeasurement: true)
    let row = TranscriptRow(
      item: decorated.item, presenter: nil, contentVersion: contentVersion, decoration: decorated.decoration,
      role: decorated.role)
    return (shape, row)
  }

  /// Rows made by ``makeNewRows(_:sizing:update:)``, in order, cut into pieces of at most
  /// a chunk so that an empty layout takes them as its chunks.
  struct NewRows {
    var shapes: [[RowGeometry]] = []
    var payloads: [[TranscriptLayout.PayloadSlot]] = []
    var count = 0

    /// The rows, in order.
    var rows: some Sequence<TranscriptRow> { payloads.joined().lazy.map { $0.payload } }
  }

  /// What one piece of decorated items becomes.
  private struct NewRowsPiece {
    var rows = NewRows()
    var ids: [String] = []
    /// Rows sized while built.
    var sizedCount = 0
  }

  /// New rows for `pieces` of decorated items, none of which had a row before, in order.
  ///
  /// Content versions are handed out in row order, exactly as making the rows one at a time
  /// would; each piece then builds its rows on its own core, in chunk-sized pieces of its
  /// own. With `sizing`, rows are sized as they are built where their measurers allow; the
  /// rest are left needing measurement.
  func makeNewRows(_ pieces: [[DecoratedRow]], sizing: NewRowSizing?, update: inout TranscriptUpdate) -> NewRows {
    var count = 0
    let starts = pieces.map { piece in
      defer { count += piece.count }
      return count
    }
    let firstVersion = nextContentVersion &+ 1
    nextContentVersion &+= count
    let build: @Sendable (Int, DisjointWrites<NewRowsPiece>) -> Void = { piece, output in
      output.write(Self.newRows(pieces[piece], firstVersion: firstVersion &+ starts[piece], sizing: sizing), at: piece)
    }
    let built: [NewRowsPiece] = DisjointWrites.array(count: pieces.count) { output in
      if pieces.count > 1 && configuration.measuresHeightsInParallel {
        DispatchQueue.concurrentPerform(iterations: pieces.count) { build($0, output) }
      } else {
        for piece in pieces.indices { build(piece, output) }
      }
    }
    var rows = NewRows(count: count)
    update.insertedIDs.reserveCapacity(update.insertedIDs.count + count)
    for piece in built {
      rows.shapes.append(contentsOf: piece.rows.shapes)
      rows.payloads.append(contentsOf: piece.rows.payloads)
      update.insertedIDs.append(contentsOf: piece.ids)
      update.measuredHeightCount += piece.sizedCount
      update.backgroundHeightCount += piece.sizedCount
    }
    if let sizing { cacheNewestHeights(of: rows, width: sizing.width) }
    return rows
  }

  /// The rows of one piece, with versions from `firstVersion` on.
  private static func newRows(_ piece: [DecoratedRow], firstVersion: Int, sizing: NewRowSizing?) -> NewRowsPiece {
    var sizing = sizing
    var result = NewRowsPiece()
    result.ids.reserveCapacity(piece.count)
    var shapes: [RowGeometry] = []
    var payloads: [TranscriptLayout.PayloadSlot] = []
    for (offset, entry) in piece.enumerated() {
      if shapes.isEmpty {
        let capacity = min(TranscriptLayout.rowsPerPiece, piece.count - offset)
        shapes.reserveCapacity(capacity)
        payloads.reserveCapacity(capacity)
      }
      var (shape, row) = newRow(entry, contentVersion: firstVersion &+ offset)
      if let height = sizing?.height(of: entry) {
        shape.metrics.height = height
        shape.needsMeasurement = false
        result.sizedCount += 1
      }
      result.ids.append(entry.item.id)
      shapes.append(shape)
      payloads.append(TranscriptLayout.PayloadSlot(payload: row))
      if shapes.count == TranscriptLayout.rowsPerPiece || offset == piece.count - 1 {
        result.rows.shapes.append(shapes)
        result.rows.payloads.append(payloads)
        shapes = []
        payloads = []
      }
    }
    result.rows.count = piece.count
    return result
  }

  /// Stores the heights of the newest sized rows, as `finish` does for measured ones: a long
  /// load keeps only the last `capacity / 2`, what storing all of them would leave.
  private func cacheNewestHeights(of rows: NewRows, width: Double) {
    var newest: [(shape: RowGeometry, row: TranscriptRow)] = []
    let limit = heightCache.capacity / 2
    search: for (shapes, payloads) in zip(rows.shapes, rows.payloads).reversed() {
      for index in shapes.indices.reversed() where !shapes[index].needsMeasurement {
        guard newest.count < limit else { break search }
        newest.append((shapes[index], payloads[index].payload))
      }
    }
    for (shape, row) in newest.reversed() {
      heightCache.store(
        shape.metrics.height, contentVersion: row.contentVersion, width: width, decoration: row.decoration)
    }
  }
}
