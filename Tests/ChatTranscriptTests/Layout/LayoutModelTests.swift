import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct LayoutModelTests {
  typealias Model = LayoutModel<Int>

  static func rows(_ heights: [Double], margin: Double = 0, from first: Int = 0) -> [Model.Row] {
    heights.enumerated().map {
      Model.Row(metrics: RowMetrics(height: $1, bottomMargin: margin), payload: first + $0)
    }
  }

  @Test func offsetsFramesAndContentHeight() {
    let model = Model(width: 30, rows: Self.rows([2, 3, 1], margin: 1))
    #expect(model.count == 3)
    #expect(model.contentHeight == 9)
    #expect(model.yOffset(at: 0) == 0)
    #expect(model.yOffset(at: 2) == 7)
    #expect(model.frame(at: 1) == Rect(x: 0, y: 3, width: 30, height: 3))
  }

  @Test func indexAtYIncludesMarginsAndClamps() {
    let model = Model(width: 10, rows: Self.rows([2, 3, 1], margin: 1))
    #expect(model.index(atY: -5) == 0)
    #expect(model.index(atY: 0) == 0)
    #expect(model.index(atY: 2.5) == 0)  // in row 0's margin
    #expect(model.index(atY: 3) == 1)
    #expect(model.index(atY: 8.9) == 2)
    #expect(model.index(atY: 100) == 2)
    #expect(Model().index(atY: 0) == nil)
  }

  @Test func visibleRangeCoversRowsIntersectingTheSpan() {
    let model = Model(width: 10, rows: Self.rows([2, 2, 2, 2, 2]))
    #expect(model.visibleRange(y: 0, height: 4) == 0..<2)
    #expect(model.visibleRange(y: 1, height: 4) == 0..<3)
    #expect(model.visibleRange(y: 8, height: 10) == 4..<5)
    #expect(model.visibleRange(y: 20, height: 4) == 0..<0)
    #expect(model.visibleRange(y: 0, height: 0) == 0..<0)
  }

  @Test func pendingRowsTakeNoSpaceUntilMeasured() {
    var model = Model(width: 10, rows: Self.rows([2, 2]))
    model.replaceRows(
      1..<1,
      with: [Model.Row(metrics: RowMetrics(height: 0, bottomMargin: 1), needsMeasurement: true, payload: 9)])
    #expect(model.pendingMeasurementCount == 1)
    #expect(model.rowsNeedingMeasurement == [1])
    #expect(model.contentHeight == 4)
    model.setMeasuredHeights([5], at: [1])
    #expect(model.pendingMeasurementCount == 0)
    #expect(model.contentHeight == 10)
    #expect(model.yOffset(at: 2) == 8)
  }

  @Test func itemRowsAreFoundSkippingInjectedRows() {
    var rows = Self.rows([1, 1, 1, 1])
    rows[1].isItem = false
    let model = Model(width: 10, rows: rows)
    #expect(model.itemCount == 3)
    #expect(model.rowIndex(ofItem: 0) == 0)
    #expect(model.rowIndex(ofItem: 1) == 2)
    #expect(model.rowIndex(ofItem: 2) == 3)
    #expect(model.rowIndex(ofItem: 3) == nil)
  }

  /// Random edits on a large model match a plain array recomputed from scratch.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomEditsMatchPlainArray(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var model = Model(width: 10)
    var reference: [(height: Double, margin: Double, id: Int)] = []
    var nextID = 0
    for _ in 0..<400 {
      let count = reference.count
      let lower = random.int(in: 0...count)
      let upper = random.chance(0.3) ? min(count, lower + random.int(in: 0...700)) : lower
      let insertCount = random.chance(0.1) ? random.int(in: 0...1200) : random.int(in: 0...3)
      let new = (0..<insertCount).map { _ -> (height: Double, margin: Double, id: Int) in
        nextID += 1
        return (Double(random.int(in: 0...5)), Double(random.int(in: 0...1)), nextID)
      }
      reference.replaceSubrange(lower..<upper, with: new)
      model.replaceRows(
        lower..<upper,
        with: new.map {
          Model.Row(metrics: RowMetrics(height: $0.height, bottomMargin: $0.margin), payload: $0.id)
        })
      #expect(model.count == reference.count, "seed \(seed)")
    }
    var y = 0.0
    for (index, expected) in reference.enumerated() {
      #expect(model[index].payload == expected.id, "seed \(seed)")
      #expect(model.yOffset(at: index) == y, "seed \(seed) index \(index)")
      if expected.height + expected.margin > 0 {
        #expect(model.index(atY: y) == index, "seed \(seed) index \(index)")
      }
      y += expected.height + expected.margin
    }
    #expect(model.contentHeight == y, "seed \(seed)")
  }

  /// Item rows and rows awaiting a height found by skipping blocks agree with a plain scan,
  /// after edits of every kind, same-count replacements deep in full chunks among them.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func itemRowsAndPendingRowsMatchAPlainScan(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var model = Model(width: 10)
    var reference: [(isItem: Bool, isPending: Bool)] = []
    func randomRows(_ count: Int) -> [(isItem: Bool, isPending: Bool)] {
      (0..<count).map { _ in (random.chance(0.7), random.chance(0.05)) }
    }
    for step in 0..<300 {
      let count = reference.count
      let lower = random.int(in: 0...count)
      let upper: Int
      let new: [(isItem: Bool, isPending: Bool)]
      if step < 4 {
        (upper, new) = (lower, randomRows(1_500))
      } else if random.chance(0.5), count > 0 {
        // The same number of rows, replaced in place.
        let start = random.int(in: 0...count - 1)
        let end = min(count, start + random.int(in: 1...3))
        reference.replaceSubrange(start..<end, with: randomRows(end - start))
        model.replaceRows(
          start..<end,
          with: reference[start..<end].map {
            Model.Row(
              metrics: RowMetrics(height: 1), isItem: $0.isItem, needsMeasurement: $0.isPending, payload: 0)
          })
        continue
      } else {
        (upper, new) = (min(count, lower + random.int(in: 0...3)), randomRows(random.int(in: 0...3)))
      }
      reference.replaceSubrange(lower..<upper, with: new)
      model.replaceRows(
        lower..<upper,
        with: new.map {
          Model.Row(
            metrics: RowMetrics(height: 1), isItem: $0.isItem, needsMeasurement: $0.isPending, payload: 0)
        })
    }
    let itemRows = reference.indices.filter { reference[$0].isItem }
    #expect(itemRows.indices.allSatisfy { model.rowIndex(ofItem: $0) == itemRows[$0] }, "seed \(seed)")
    #expect(model.rowIndex(ofItem: itemRows.count) == nil, "seed \(seed)")
    #expect(
      model.rowsNeedingMeasurement == reference.indices.filter { reference[$0].isPending }, "seed \(seed)")
  }
}
