import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// Long windows are decorated on all cores; the rows must be exactly those of one thread.
@Suite struct ParallelDecorationTests {
  /// Texts that make groups of varied length (first letter), separators between them and
  /// status rows (a "!"), so pieces cut through groups and injected rows.
  static func items(_ range: Range<Int>, seed: UInt64) -> [any ChatItem] {
    var random = SeededRandom(seed: seed)
    var letter = "a"
    return range.map { index in
      if random.chance(0.3) { letter = ["a", "b", "c", "d"][random.below(4)] }
      let text = letter + (random.chance(0.05) ? "!" : "")
      return TestItem(id: "m\(index)", height: Double(1 + random.below(3)), text: text)
    }
  }

  static func harness(_ items: [any ChatItem], parallel: Bool) -> TranscriptHarness {
    var configuration = ChatTranscriptController.Configuration()
    configuration.measuresHeightsInParallel = parallel
    return TranscriptHarness(items: items, decorator: TestDecorator(), configuration: configuration)
  }

  @Test func firstLoadMatchesOneThread() {
    let items = Self.items(0..<20_000, seed: 1)
    let parallel = Self.harness(items, parallel: true)
    let serial = Self.harness(items, parallel: false)
    #expect(parallel.controller.rowFrames.count > 20_000)  // separators and status rows too
    #expect(Self.firstDifference(parallel.layoutDump, serial.layoutDump) == nil)
  }

  /// Row frames read in place, chunk after chunk (what `transcript layout` writes out), are the
  /// rows of the layout snapshot, which reads them one by one.
  @Test func rowFramesAreTheSnapshotsRows() {
    let harness = Self.harness(Self.items(0..<3_000, seed: 2), parallel: true)
    let snapshot = harness.controller.layoutSnapshot()
    let frames = harness.controller.rowFrames
    #expect(frames.count == snapshot.rows.count && frames.count > 3_000)
    #expect(frames.map(\.id) == snapshot.rows.map(\.id))
    #expect(frames.map(\.isInjected) == snapshot.rows.map(\.isInjected))
    #expect(frames.map(\.frame.minY) == snapshot.rows.map(\.y))
    #expect(frames.map(\.frame.height) == snapshot.rows.map(\.height))
    #expect(frames.allSatisfy { $0.frame.width == snapshot.width && $0.frame.minX == 0 })
  }

  /// Rows for a long first load are built in the decoration's pieces on all cores: the update
  /// must report the same inserted ids in the same order, and content versions must be handed
  /// out as one thread would (the height cache, keyed by them, must hit for the same rows).
  @Test func rowsBuiltInPiecesMatchOneThread() {
    let items = Self.items(0..<12_000, seed: 4)
    var reports: [[RowID]] = []
    var dumps: [[String]] = []
    var remeasured: [[Int]] = []
    for parallel in [true, false] {
      let harness = Self.harness([], parallel: parallel)
      var inserted: [RowID] = []
      var measured: [Int] = []
      harness.controller.onUpdate = { update in
        inserted += update.insertedRows
        measured.append(update.measuredHeightCount)
      }
      harness.dataSource.append(items)
      harness.controller.applyPendingUpdates()
      harness.dataSource.replace(at: 5_000, with: TestItem(id: "m5000", height: 9, text: "z"))
      harness.controller.applyPendingUpdates()
      let before = harness.layoutDump
      // Back at width 40, heights come from the cache by content version: versions handed
      // out twice would bring back another row's height.
      for width in [60.0, 40.0] {
        harness.controller.setViewportSize(width: width, height: 10)
        harness.controller.applyPendingUpdates()
      }
      #expect(Self.firstDifference(harness.layoutDump, before) == nil, "parallel: \(parallel)")
      reports.append(inserted)
      dumps.append(harness.layoutDump)
      remeasured.append(measured)
    }
    #expect(reports[0].count > 12_000)
    #expect(reports[0] == reports[1])
    #expect(Self.firstDifference(dumps[0], dumps[1]) == nil)
    #expect(remeasured[0] == remeasured[1])
  }

  /// A long insertion in the middle: its ends are decorated with the neighbours outside it.
  @Test func longInsertionMatchesOneThread() {
    let existing = Self.items(0..<3_000, seed: 2)
    let inserted = Self.items(3_000..<13_000, seed: 3)
    let parallel = Self.harness(existing, parallel: true)
    let serial = Self.harness(existing, parallel: false)
    for harness in [parallel, serial] {
      harness.dataSource.insert(inserted, at: 1_500)
      harness.controller.applyPendingUpdates()
    }
    #expect(parallel.controller.rowFrames.count > 13_000)
    #expect(Self.firstDifference(parallel.layoutDump, serial.layoutDump) == nil)
    let fresh = Self.harness(
      Array(existing[..<1_500]) + inserted + Array(existing[1_500...]), parallel: false)
    #expect(Self.firstDifference(parallel.layoutDump, fresh.layoutDump) == nil)
  }

  /// The first row where two layout dumps differ, readable in a failure; nil when equal.
  static func firstDifference(_ found: [String], _ expected: [String]) -> String? {
    for (index, (row, expectedRow)) in zip(found, expected).enumerated() where row != expectedRow {
      return "row \(index): \(row), expected \(expectedRow)"
    }
    return found.count == expected.count ? nil : "\(found.count) rows, expected \(expected.count)"
  }
}
