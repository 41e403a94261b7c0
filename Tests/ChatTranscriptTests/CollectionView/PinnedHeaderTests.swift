import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// The newest pinned heading above the viewport stays drawn at its top, and the next one
/// pushes it up.
@Suite struct PinnedHeaderTests {
  /// Three days of five items two rows high, each after a heading two rows high: headings are
  /// rows 0, 6 and 12 at y 0, 12 and 24; the content is 36 rows, the viewport 6.
  private static func harness() -> TranscriptHarness {
    TranscriptHarness(
      items: HeadingDecorator.days(["a", "b", "c"], count: 5), decorator: HeadingDecorator(),
      viewport: Viewport(width: 20, height: 6))
  }

  /// The reference: the last heading starting above `offset`, at the top or pushed up by the
  /// next heading's top, and only while some of it shows.
  private static func expected(atOffset offset: Int) -> (row: Int, y: Int)? {
    let headings = [(row: 0, y: 0), (row: 6, y: 12), (row: 12, y: 24)]
    guard let index = headings.lastIndex(where: { $0.y < offset }) else { return nil }
    let y = index + 1 < headings.count ? min(offset, headings[index + 1].y - 2) : offset
    return y + 2 > offset ? (headings[index].row, y) : nil
  }

  @Test func theHeadingFollowsTheTopThroughSeveralDays() {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    for offset in 0...30 {
      collectionView.setContentOffset(Double(offset))
      let pinned = collectionView.pinnedHeader
      let expected = Self.expected(atOffset: offset)
      #expect(pinned?.row == expected?.row, "at offset \(offset)")
      #expect(pinned.map { Int($0.cell.frame.minY) } == expected?.y, "at offset \(offset)")
      // The heading's cell is one of the visible cells, once.
      if let pinned {
        #expect(collectionView.visibleCells.filter { $0.cell === pinned.cell }.map(\.row) == [pinned.row])
      }
    }
  }

  @Test func theNextHeadingPushesThePinnedOneUp() throws {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(5)
    #expect(try #require(collectionView.pinnedHeader).cell.frame == Rect(x: 0, y: 5, width: 20, height: 2))
    collectionView.setContentOffset(10)
    #expect(try #require(collectionView.pinnedHeader).cell.frame.minY == 10)
    // b's heading (y 12) is one row below the top: a's sits on it, half out of view.
    collectionView.setContentOffset(11)
    #expect(try #require(collectionView.pinnedHeader).cell.frame.minY == 10)
    #expect(harness.controller.item(atRow: try #require(collectionView.pinnedHeader).row).id == "a0/day")
    // b's heading at the top is drawn where it is: nothing pinned.
    collectionView.setContentOffset(12)
    #expect(collectionView.pinnedHeader == nil)
    collectionView.setContentOffset(13)
    #expect(try #require(collectionView.pinnedHeader).row == 6)
  }

  @Test func aPartlyVisibleHeadingIsMovedNotDoubled() throws {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(1)
    let pinned = try #require(collectionView.pinnedHeader)
    #expect(pinned.row == 0 && pinned.cell.frame.minY == 1)
    #expect(collectionView.visibleCells.map(\.row) == [0, 1, 2, 3])
    #expect(collectionView.cellsCreated["TestCell"] == collectionView.visibleCells.count)
  }

  @Test func theHeadingIsHitFirst() {
    let harness = Self.harness()
    harness.controller.collectionView.setContentOffset(5)
    // Row 3 (a2, y 6 to 8) lies half under the heading (y 5 to 7).
    #expect(harness.controller.collectionView.hitTest(Point(x: 0, y: 1))?.row == 0)
    #expect(harness.controller.collectionView.hitTest(Point(x: 0, y: 2))?.row == 3)
  }

  @Test func turnedOffTheHeadingStaysWhereItIs() throws {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(1)
    collectionView.pinsHeaders = false
    #expect(collectionView.pinnedHeader == nil)
    #expect(try #require(collectionView.cell(forRow: 0)).frame.minY == 0)
    collectionView.pinsHeaders = true
    #expect(try #require(collectionView.cell(forRow: 0)).frame.minY == 1)
  }

  @Test func updatesAboveTheViewportMoveThePinnedHeading() throws {
    let harness = Self.harness()
    let collectionView = harness.controller.collectionView
    collectionView.setContentOffset(20)
    #expect(try #require(collectionView.pinnedHeader).row == 6)
    // A new item starts b's day before b0: b0's heading goes, x's comes.
    harness.dataSource.insert([TestItem(id: "x", height: 2, text: "b")], at: 5)
    harness.controller.applyPendingUpdates()
    let pinned = try #require(collectionView.pinnedHeader)
    #expect(harness.controller.item(atRow: pinned.row).id == "x/day")
    #expect(pinned.cell.frame.minY == collectionView.viewport.contentOffset)
  }
}

/// Finding pinned rows through the chunk tree agrees with a scan of every row.
@Suite struct PinnedHeaderLookupTests {
  @Test func lookupsAgreeWithAScanAcrossChunksAndEdits() {
    var random = SeededRandom(seed: 0x5EED_F00D)
    let seed = random.seed
    var layout = LayoutModel<Int>(width: 10)
    func makeRow(_ value: Int) -> LayoutModel<Int>.Row {
      LayoutModel<Int>.Row(
        metrics: RowMetrics(height: Double(Int.random(in: 0...3, using: &random)), bottomMargin: 0),
        isPinnedHeader: Int.random(in: 0..<40, using: &random) == 0, payload: value)
    }
    layout.replaceRows(0..<0, with: (0..<3_000).map(makeRow))
    for round in 0..<20 {
      let rows = layout.allRows
      var ys: [Double] = []
      var y = 0.0
      for row in rows {
        ys.append(y)
        y += row.metrics.extent
      }
      for _ in 0..<50 {
        let query = Double.random(in: -5...(layout.contentHeight + 5), using: &random)
        let last = rows.indices.last { rows[$0].isPinnedHeader && ys[$0] < query }
        let next = last.flatMap { last in rows.indices.first { $0 > last && rows[$0].isPinnedHeader } }
        let found = layout.lastPinnedHeader(startingAbove: query)
        #expect(found?.row == last && found?.next == next, "seed \(seed), round \(round), y \(query)")
      }
      let start = Int.random(in: 0...layout.count, using: &random)
      let end = min(start + Int.random(in: 0...600, using: &random), layout.count)
      layout.replaceRows(start..<end, with: (0..<Int.random(in: 0...600, using: &random)).map(makeRow))
    }
  }
}
