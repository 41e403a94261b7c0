/// Rows made for items that had none, in order, cut into pieces of at most a chunk so that
/// an empty layout takes them as its chunks (see
/// ``ChatTranscriptController/makeNewRows(for:windowStart:outside:sizingWidth:update:)``).
///
/// One piece of a window builds one of these on its own core, numbering content versions
/// from 0; the controller joins them and numbers them on from the last version handed out.
struct NewRows {
  var shapes: [[RowShape]] = []
  var payloads: [[TranscriptLayout.PayloadSlot]] = []
  var count = 0
  /// Rows sized while built (``HeightSource/sizedWhileBuilt``).
  var sizedCount = 0

  /// The rows, in order.
  var rows: some Sequence<TranscriptRow> { payloads.joined().lazy.map { $0.payload } }

  /// Writes the ids of the rows, in order, into `ids` from slot `first` on: read where the
  /// rows lie (``LayoutModel/PayloadSlot/offset(of:)``).
  func listIDs(into ids: DisjointWrites<RowID>, from first: Int) {
    let idOffset = TranscriptLayout.PayloadSlot.offset(of: \.payload.id)
    let roleOffset = TranscriptLayout.PayloadSlot.offset(of: \.payload.role)
    var row = first
    for chunk in payloads {
      chunk.withUnsafeBytes { slots in
        for index in chunk.indices {
          let id = TranscriptLayout.PayloadSlot.load(String.self, at: idOffset, ofSlot: index, in: slots)
          let role = TranscriptLayout.PayloadSlot.load(
            TranscriptRow.Role.self, at: roleOffset, ofSlot: index, in: slots)
          ids.write(RowID(id: id, isInjected: role != .item), at: row)
          row += 1
        }
      }
    }
  }

  /// Adds `amount` to every row's content version: a piece numbers its rows from 0 until
  /// it knows how many rows the pieces before it made.
  mutating func shiftVersions(by amount: Int) {
    for chunk in payloads.indices {
      for index in payloads[chunk].indices {
        payloads[chunk][index].payload.contentVersion &+= amount
      }
    }
  }
}

/// Builds one piece's rows in chunk-sized arrays, sizing each where ``HeightSource`` says it
/// is sized while built, numbering content versions from 0.
struct NewRowsBuilder {
  /// The width rows are sized for while built; `nil` when they are measured later (an
  /// update measured off the owner, whose owner must not wait for heights).
  let sizingWidth: Double?
  var measurers: TypeMeasurers
  /// The items the piece has, so a chunk of a short insert is not reserved at full size.
  let expected: Int
  private var rows = NewRows()
  /// Of the rows added, those of items (the others the decorator injected).
  private var itemRows = 0
  private var shapes: [RowShape] = []
  private var payloads: [TranscriptLayout.PayloadSlot] = []

  init(sizingWidth: Double?, measurers: TypeMeasurers, expected: Int) {
    self.sizingWidth = sizingWidth
    self.measurers = measurers
    self.expected = expected
  }

  mutating func add(_ entry: ChatTranscriptController.DecoratedRow) {
    if shapes.isEmpty {
      // The rows still to come: the items left at the rows per item so far. Counted as items,
      // the rows the decorator injects (day separators, status rows, receipts) left the last
      // chunks of a piece reserved for one row and grown a doubling at a time.
      let itemsLeft = max(expected - itemRows, 1)
      let rowsLeft = itemRows == 0 ? itemsLeft : (itemsLeft * rows.count + itemRows - 1) / itemRows
      let capacity = min(TranscriptLayout.rowsPerPiece, rowsLeft)
      shapes.reserveCapacity(capacity)
      payloads.reserveCapacity(capacity)
    }
    if entry.role == .item { itemRows += 1 }
    var (shape, row) = ChatTranscriptController.newRow(entry, contentVersion: rows.count)
    let slot = measurers.slot(forType: entry.item.type)
    let source = HeightSource.decide(
      HeightSource.Facts(
        needsMeasurement: true, isBuiltOnOwner: sizingWidth != nil,
        hasMeasurers: measurers.hasMeasurers(in: slot)))
    if source == .sizedWhileBuilt, let width = sizingWidth,
      let height = measurers.goodHeight(in: slot, of: entry.item, width: width, decoration: entry.decoration)
    {
      shape.metrics.height = height
      shape.needsMeasurement = false
      rows.sizedCount += 1
    }
    shapes.append(shape)
    payloads.append(TranscriptLayout.PayloadSlot(payload: row))
    rows.count += 1
    if shapes.count == TranscriptLayout.rowsPerPiece { closeChunk() }
  }

  consuming func finish() -> NewRows {
    closeChunk()
    return rows
  }

  private mutating func closeChunk() {
    guard !shapes.isEmpty else { return }
    rows.shapes.append(shapes)
    rows.payloads.append(payloads)
    shapes = []
    payloads = []
  }
}
