import ChatTranscript

/// What a controller shows at one moment, as plain values: rows, content height, viewport,
/// visible rows, and every way its visible cells disagree with its layout.
///
/// `Sendable`, so the concurrency stress test can take one on the owner and compare it
/// elsewhere with one from a serial run.
struct TranscriptSnapshot: Sendable, Equatable {
  /// One row: its item, where it is and how tall.
  struct Row: Sendable, Hashable, CustomStringConvertible {
    var id: String
    var content: String
    var y: Double
    var height: Double

    var description: String { "\(id) y \(y) height \(height): \(content)" }
  }

  var rows: [Row]
  var contentHeight: Double
  var viewport: Viewport
  /// Rows with a cell on screen, top to bottom.
  var visibleRows: [Int]
  /// Visible cells that do not match the layout: wrong rows, frames or item versions.
  var cellProblems: [String]

  init(of controller: ChatTranscriptController) {
    rows = controller.rowFrames.enumerated().map { row, entry in
      Row(
        id: entry.id, content: String(describing: controller.item(atRow: row)), y: entry.frame.minY,
        height: entry.frame.height)
    }
    contentHeight = controller.contentHeight
    let collectionView = controller.collectionView
    viewport = collectionView.viewport
    let cells = collectionView.visibleCells
    visibleRows = cells.map(\.row)
    cellProblems = []
    let offset = viewport.contentOffset
    if offset < 0 || offset > collectionView.maximumContentOffset {
      cellProblems.append("offset \(offset) outside 0...\(collectionView.maximumContentOffset)")
    }
    let expectedRows = Array(controller.rows(intersectingY: offset, height: viewport.height))
    if visibleRows != expectedRows {
      cellProblems.append("cells for rows \(visibleRows), the viewport shows \(expectedRows)")
    }
    for (row, cell) in cells where row < controller.rowCount {
      let item = controller.item(atRow: row)
      if cell.frame != controller.frame(ofRow: row) {
        cellProblems.append(
          "row \(row) (\(item.id)): cell at \(cell.frame), row at \(controller.frame(ofRow: row))")
      }
      // A stress cell shows the item's current version, a fallback cell its placeholder.
      let (shown, expected): (String?, String) =
        switch cell {
        case let cell as StressCell:
          (cell.shownItem.map { String(describing: $0) }, String(describing: item))
        case let cell as UnsupportedItemCell:
          (cell.label.text, UnsupportedItemPresenter.placeholderText(for: item))
        default: ("a \(type(of: cell))", "a stress or fallback cell")
        }
      if shown != expected {
        cellProblems.append("row \(row) shows \(shown ?? "nothing"), not \(expected)")
      }
    }
  }

  /// The first row where the two snapshots differ, described for a failure message.
  func firstRowDifference(from other: TranscriptSnapshot) -> String? {
    for (index, (mine, theirs)) in zip(rows, other.rows).enumerated() where mine != theirs {
      return "row \(index): \(mine) ≠ \(theirs)"
    }
    return rows.count == other.rows.count ? nil : "\(rows.count) rows ≠ \(other.rows.count) rows"
  }
}
