import ChatTranscript

/// What the controller must show after an update, checked against the data source's array.
extension UpdateSession {
  /// Closes any open batch, applies everything pending and checks the result against the model.
  func applyAndCheck() {
    dataSource.endBatch(type: .normal)
    controller.applyPendingUpdates()
    if controller.hasPendingUpdates { fatalError("updates still pending after applyPendingUpdates()") }
    check()
  }

  /// The controller shows exactly the model's rows, with the model's heights and margins,
  /// stacked without gaps, hit-tested consistently, and its visible cells are current.
  func check() {
    let width = controller.collectionView.viewport.width
    let expected = decoratorChoice.expectedRows(of: dataSource.items, width: width)
    func fail(_ message: String) -> Never {
      let ids = dataSource.items.map(\.id).joined(separator: " ")
      fatalError("\(message)\n  width \(width), model items: \(ids)")
    }
    if controller.rowCount != expected.count {
      fail("\(controller.rowCount) rows, expected \(expected.count)")
    }
    if controller.itemCount != dataSource.items.count {
      fail("itemCount \(controller.itemCount), the data source has \(dataSource.items.count)")
    }
    // One pass for the frames; `frame(ofRow:)` and `row(atY:)` cost O(chunk) each, so they are
    // checked on a sample of rows (all of them in small transcripts).
    let frames = controller.rowFrames
    let sampleStride = max(expected.count / 64, 1)
    var y = 0.0
    for (row, want) in expected.enumerated() {
      guard let item = controller.item(atRow: row) as? FuzzItem, item == want.item else {
        fail("row \(row) shows \(controller.item(atRow: row)), expected \(want.item)")
      }
      guard let presenter = controller.presenter(atRow: row) as? FuzzPresenter, presenter.item == want.item
      else {
        fail("row \(row)'s presenter shows \(controller.presenter(atRow: row)), expected \(want.item)")
      }
      let frame = frames[row].frame
      if frame.minY != y || frame.height != want.height {
        fail(
          "row \(row) (\(want.item.id)) at y \(frame.minY) height \(frame.height); expected \(y), \(want.height)"
        )
      }
      let margin = controller.decoration(atRow: row).bottomMargin
      if margin != want.margin {
        fail("row \(row) (\(want.item.id)) margin \(margin), expected \(want.margin)")
      }
      let extent = want.height + want.margin
      let isSampled = row % sampleStride == 0 || row == expected.count - 1
      if isSampled, controller.frame(ofRow: row) != frame {
        fail("frame(ofRow: \(row)) is \(controller.frame(ofRow: row)), rowFrames says \(frame)")
      }
      if isSampled, extent > 0, controller.row(atY: y + extent / 2) != row {
        fail(
          "row(atY: \(y + extent / 2)) is \(String(describing: controller.row(atY: y + extent / 2))), not \(row)"
        )
      }
      y += extent
    }
    if controller.contentHeight != y {
      fail("contentHeight \(controller.contentHeight), rows add up to \(y)")
    }
    if expected.isEmpty {
      if controller.row(atY: 0) != nil { fail("row(atY:) answers for an empty transcript") }
    } else if controller.row(atY: -1) != 0 || controller.row(atY: y + 1) != expected.count - 1 {
      fail("row(atY:) does not clamp to the first and last rows")
    }
    checkVisibleCells(expected: expected, fail: fail)
  }

  /// Visible cells sit on their rows' frames, show the current item version, and cover the viewport.
  private func checkVisibleCells(expected: [ExpectedRow], fail: (String) -> Never) {
    let collectionView = controller.collectionView
    let viewport = collectionView.viewport
    let offset = viewport.contentOffset
    if !offset.isFinite || offset < 0 || offset > collectionView.maximumContentOffset {
      fail("content offset \(offset) outside 0...\(collectionView.maximumContentOffset)")
    }
    let visible = collectionView.visibleCells
    var shownRows = Set<Int>()
    for (row, cell) in visible {
      guard row >= 0, row < expected.count else { fail("a visible cell for row \(row) of \(expected.count)") }
      guard shownRows.insert(row).inserted else { fail("two visible cells for row \(row)") }
      if cell.frame != controller.frame(ofRow: row) {
        fail("row \(row)'s cell frame \(cell.frame), the row's frame \(controller.frame(ofRow: row))")
      }
      guard let cell = cell as? FuzzCell, cell.shownItem == expected[row].item else {
        fail(
          "row \(row)'s cell shows \(String(describing: (cell as? FuzzCell)?.shownItem)), expected \(expected[row].item)"
        )
      }
    }
    if let first = shownRows.min(), let last = shownRows.max(), last - first + 1 != shownRows.count {
      fail("visible rows \(shownRows.sorted()) are not contiguous")
    }
    // Every row with content inside the viewport has a cell.
    var top = 0.0
    for (row, want) in expected.enumerated() {
      let bottom = top + want.height
      if want.height > 0, viewport.height > 0, top < offset + viewport.height, bottom > offset,
        !shownRows.contains(row)
      {
        fail(
          "row \(row) at \(top)..<\(bottom) is in the viewport \(offset)+\(viewport.height) but has no cell")
      }
      top = bottom + want.margin
    }
  }

  /// A controller built from scratch over the same items lays them out identically.
  func compareWithFreshController() {
    let viewport = controller.collectionView.viewport
    let freshSource = FuzzDataSource(dataSource.items)
    let fresh = Self.makeController(
      decoratorChoice, configuration: ChatTranscriptController.Configuration(),
      viewport: Viewport(width: viewport.width, height: viewport.height))
    fresh.dataSource = freshSource
    fresh.requestUpdate(.firstLoad)
    fresh.applyPendingUpdates()
    let incremental = controller.rowFrames
    let rebuilt = fresh.rowFrames
    guard incremental.count == rebuilt.count else {
      fatalError("\(incremental.count) rows incrementally, \(rebuilt.count) from scratch")
    }
    for row in incremental.indices {
      if incremental[row].id != rebuilt[row].id || incremental[row].frame != rebuilt[row].frame
        || controller.decoration(atRow: row) != fresh.decoration(atRow: row)
      {
        fatalError("row \(row): \(incremental[row]) incrementally, \(rebuilt[row]) from scratch")
      }
    }
    if controller.contentHeight != fresh.contentHeight {
      fatalError(
        "content height \(controller.contentHeight) incrementally, \(fresh.contentHeight) from scratch")
    }
  }
}
