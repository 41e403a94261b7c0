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

  /// New rows for `pieces` of decorated items, none of which had a row before, in order.
  ///
  /// Content versions are handed out in row order, exactly as making the rows one at a time
  /// would; each piece then builds its rows on its own core, writing its own slots.
  func makeNewRows(_ pieces: [[DecoratedRow]], update: inout TranscriptUpdate) -> (
    shapes: [RowGeometry], rows: [TranscriptRow]
  ) {
    var count = 0
    let starts = pieces.map { piece in
      defer { count += piece.count }
      return count
    }
    let firstVersion = nextContentVersion &+ 1
    nextContentVersion &+= count
    // Each piece writes its rows' slots and its own list of ids.
    let build:
      @Sendable (Int, DisjointWrites<RowGeometry>, DisjointWrites<TranscriptRow>, DisjointWrites<[String]>) ->
        Void = {
          piece, shapes, rows, ids in
          var pieceIDs: [String] = []
          pieceIDs.reserveCapacity(pieces[piece].count)
          for (offset, entry) in pieces[piece].enumerated() {
            let index = starts[piece] + offset
            let (shape, row) = Self.newRow(entry, contentVersion: firstVersion &+ index)
            shapes.write(shape, at: index)
            rows.write(row, at: index)
            pieceIDs.append(entry.item.id)
          }
          ids.write(pieceIDs, at: piece)
        }
    let concurrently = pieces.count > 1 && configuration.measuresHeightsInParallel
    var shapes: [RowGeometry] = []
    var rows: [TranscriptRow] = []
    let ids: [[String]] = DisjointWrites.array(count: pieces.count) { idWrites in
      shapes = DisjointWrites.array(count: count) { shapeWrites in
        rows = DisjointWrites.array(count: count) { rowWrites in
          if concurrently {
            DispatchQueue.concurrentPerform(iterations: pieces.count) {
              build($0, shapeWrites, rowWrites, idWrites)
            }
          } else {
            for piece in pieces.indices { build(piece, shapeWrites, rowWrites, idWrites) }
          }
        }
      }
    }
    update.insertedIDs.reserveCapacity(update.insertedIDs.count + count)
    for pieceIDs in ids { update.insertedIDs.append(contentsOf: pieceIDs) }
    return (shapes, rows)
  }
}
