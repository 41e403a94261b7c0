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

  /// What one piece of new rows hands back besides its rows.
  private struct NewRowsPieceSummary {
    var ids: [String]
    /// Rows sized while built.
    var sizedCount: Int
  }

  /// New rows for `pieces` of decorated items, none of which had a row before, in order.
  ///
  /// Content versions are handed out in row order, exactly as making the rows one at a time
  /// would; each piece then builds its rows on its own core, writing its own slots. With
  /// `sizing`, rows are sized as they are built where their measurers allow; the rest are
  /// left needing measurement.
  func makeNewRows(_ pieces: [[DecoratedRow]], sizing: NewRowSizing?, update: inout TranscriptUpdate) -> (
    shapes: [RowGeometry], rows: [TranscriptRow]
  ) {
    var count = 0
    let starts = pieces.map { piece in
      defer { count += piece.count }
      return count
    }
    let firstVersion = nextContentVersion &+ 1
    nextContentVersion &+= count
    // Each piece writes its rows' slots and its own summary.
    let build:
      @Sendable (
        Int, DisjointWrites<RowGeometry>, DisjointWrites<TranscriptRow>, DisjointWrites<NewRowsPieceSummary>
      ) -> Void = { piece, shapes, rows, summaries in
        var sizing = sizing
        var summary = NewRowsPieceSummary(ids: [], sizedCount: 0)
        summary.ids.reserveCapacity(pieces[piece].count)
        for (offset, entry) in pieces[piece].enumerated() {
          let index = starts[piece] + offset
          var (shape, row) = Self.newRow(entry, contentVersion: firstVersion &+ index)
          if let height = sizing?.height(of: entry) {
            shape.metrics.height = height
            shape.needsMeasurement = false
            summary.sizedCount += 1
          }
          shapes.write(shape, at: index)
          rows.write(row, at: index)
          summary.ids.append(entry.item.id)
        }
        summaries.write(summary, at: piece)
      }
    let concurrently = pieces.count > 1 && configuration.measuresHeightsInParallel
    var shapes: [RowGeometry] = []
    var rows: [TranscriptRow] = []
    let summaries: [NewRowsPieceSummary] = DisjointWrites.array(count: pieces.count) { summaryWrites in
      shapes = DisjointWrites.array(count: count) { shapeWrites in
        rows = DisjointWrites.array(count: count) { rowWrites in
          if concurrently {
            DispatchQueue.concurrentPerform(iterations: pieces.count) {
              build($0, shapeWrites, rowWrites, summaryWrites)
            }
          } else {
            for piece in pieces.indices { build(piece, shapeWrites, rowWrites, summaryWrites) }
          }
        }
      }
    }
    update.insertedIDs.reserveCapacity(update.insertedIDs.count + count)
    for summary in summaries {
      update.insertedIDs.append(contentsOf: summary.ids)
      update.measuredHeightCount += summary.sizedCount
      update.backgroundHeightCount += summary.sizedCount
    }
    if let sizing { cacheNewestHeights(shapes: shapes, rows: rows, width: sizing.width) }
    return (shapes, rows)
  }

  /// Stores the heights of the newest sized rows, as `finish` does for measured ones: a long
  /// load keeps only the last `capacity / 2`, what storing all of them would leave.
  private func cacheNewestHeights(shapes: [RowGeometry], rows: [TranscriptRow], width: Double) {
    var newest: [Int] = []
    var index = shapes.count - 1
    while index >= 0, newest.count < heightCache.capacity / 2 {
      if !shapes[index].needsMeasurement { newest.append(index) }
      index -= 1
    }
    for index in newest.reversed() {
      heightCache.store(
        shapes[index].metrics.height, contentVersion: rows[index].contentVersion, width: width,
        decoration: rows[index].decoration)
    }
  }
}
