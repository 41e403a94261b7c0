import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Foundation
import TestSupport
import Testing
import TranscriptGenerator

/// The layout read out in one pass, as a backend hands it to a client.
@Suite struct LayoutSnapshotTests {
  /// A generated conversation: day separators, status rows, groups and photos.
  static func harness() -> MessagesHarness {
    var items: [any ChatItem] = []
    for case .insert(let item, _) in SyntheticTranscript(count: 300, seed: 5, language: .mixed) {
      items.append(item)
    }
    return MessagesHarness(items, width: 48)
  }

  @Test func everyRowIsWhatTheControllerSays() throws {
    let harness = Self.harness()
    let controller = harness.controller
    let snapshot = controller.layoutSnapshot()
    #expect(snapshot.rows.count == controller.rowCount)
    #expect(snapshot.width == 48)
    #expect(snapshot.contentHeight == controller.contentHeight)
    #expect(snapshot.rows.contains { $0.isInjected } && snapshot.rows.contains { !$0.isInjected })
    for (row, frame) in zip(snapshot.rows, controller.rowFrames) {
      #expect(row.id == frame.id)
      #expect(row.y == frame.frame.minY && row.height == frame.frame.height)
      #expect(row.type == controller.item(atRow: row.index).type)
      #expect(row.decoration == controller.decoration(atRow: row.index))
      #expect(row.bottomMargin == row.decoration.bottomMargin)
    }
    #expect(snapshot.rows.map(\.index) == Array(0..<controller.rowCount))
    // Injected rows are exactly the kit's separators and status rows.
    let injectedTypes = Set(snapshot.rows.filter(\.isInjected).map(\.type))
    #expect(injectedTypes.isSubset(of: [MessageItemType.timeSeparator, MessageItemType.messageStatus]))
  }

  @Test(arguments: [0..<10, 40..<90, 250..<10_000, 5..<5])
  func aRangeIsTheSliceOfTheWhole(range: Range<Int>) {
    let controller = Self.harness().controller
    let whole = controller.layoutSnapshot()
    let part = controller.layoutSnapshot(rows: range)
    #expect(part.rows == Array(whole.rows[range.clamped(to: 0..<whole.rows.count)]))
    #expect(part.contentHeight == whole.contentHeight)
  }

  @Test func itRoundTripsThroughJSON() throws {
    let snapshot = Self.harness().controller.layoutSnapshot()
    let data = try JSONEncoder().encode(snapshot)
    #expect(try JSONDecoder().decode(LayoutSnapshot.self, from: data) == snapshot)
  }
}
