/// New rows on their way into a layout, and how one piece of a window builds them.

/// Rows made for items that had none, in order, cut into pieces of at most a chunk so that
/// an empty layout takes them as its chunks (see
/// ``ChatTranscriptController/makeNewRows(for:windowStart:outside:sizing:update:)``).
struct NewRows {
  var shapes: [[RowGeometry]] = []
  var payloads: [[TranscriptLayout.PayloadSlot]] = []
  var count = 0

  /// The rows, in order.
  var rows: some Sequence<TranscriptRow> { payloads.joined().lazy.map { $0.payload } }
}

/// The rows one piece of a window becomes.
struct NewRowsPiece {
  var rows = NewRows()
  var ids: [String] = []
  /// Rows sized while built.
  var sizedCount = 0

  /// Adds `amount` to every row's content version: a piece numbers its rows from 0 until
  /// it knows how many rows the pieces before it made.
  mutating func shiftVersions(by amount: Int) {
    for chunk in rows.payloads.indices {
      for index in rows.payloads[chunk].indices {
        rows.payloads[chunk][index].payload.contentVersion &+= amount
      }
    }
  }
}

/// Builds one piece's rows in chunk-sized pieces, sizing them when it can, numbering
/// them from 0.
struct NewRowsBuilder {
  var sizing: NewRowSizing?
  /// Rows still expected, so a chunk of a short insert is not reserved at full size.
  var expected: Int
  var piece = NewRowsPiece()
  var shapes: [RowGeometry] = []
  var payloads: [TranscriptLayout.PayloadSlot] = []

  mutating func add(_ entry: ChatTranscriptController.DecoratedRow) {
    if shapes.isEmpty {
      let capacity = min(TranscriptLayout.rowsPerPiece, max(expected - piece.rows.count, 1))
      shapes.reserveCapacity(capacity)
      payloads.reserveCapacity(capacity)
    }
    var (shape, row) = ChatTranscriptController.newRow(entry, contentVersion: piece.rows.count)
    if let height = sizing?.height(of: entry) {
      shape.metrics.height = height
      shape.needsMeasurement = false
      piece.sizedCount += 1
    }
    piece.ids.append(entry.item.id)
    shapes.append(shape)
    payloads.append(TranscriptLayout.PayloadSlot(payload: row))
    piece.rows.count += 1
    if shapes.count == TranscriptLayout.rowsPerPiece { closeChunk() }
  }

  mutating func finish() -> NewRowsPiece {
    closeChunk()
    return piece
  }

  private mutating func closeChunk() {
    guard !shapes.isEmpty else { return }
    piece.rows.shapes.append(shapes)
    piece.rows.payloads.append(payloads)
    shapes = []
    payloads = []
  }
}
