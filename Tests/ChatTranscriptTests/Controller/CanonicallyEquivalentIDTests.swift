import ChatTranscript
import TestSupport
import Testing

/// Ids are compared by their UTF-8 bytes, as JSON compares strings: two ids Swift's `String`
/// calls equal (canonically equivalent) are two items for the engine.
@Suite struct CanonicallyEquivalentIDTests {
  /// Pairs of ids with other bytes but canonically equivalent: a precomposed and a decomposed
  /// é, and the ångström sign and the letter Å.
  static let pairs = [("caf\u{E9}", "cafe\u{301}"), ("\u{212B}", "\u{C5}")]

  @Test(arguments: pairs, [false, true])
  func equivalentIDsAreDistinctItems(ids: (String, String), fullDiff: Bool) throws {
    let (first, second) = ids
    #expect(first == second)  // what Swift says; the engine must not
    let harness = TranscriptHarness(items: [])
    var updates: [TranscriptUpdate] = []
    harness.controller.onUpdate = { updates.append($0) }
    harness.dataSource.reportsCoarsely = fullDiff
    harness.dataSource.append([TestItem(id: first, text: "one"), TestItem(id: second, text: "two")])
    harness.controller.applyPendingUpdates()
    // A full diff against the rows laid out so far, with nothing changed.
    harness.controller.requestUpdate()
    harness.controller.applyPendingUpdates()
    #expect(harness.controller.rowCount == 2)
    #expect(try #require(harness.controller.row(ofItemWithID: first)) == 0)
    #expect(try #require(harness.controller.row(ofItemWithID: second)) == 1)

    harness.dataSource.replace(at: 1, with: TestItem(id: second, text: "edited"))
    harness.controller.applyPendingUpdates()
    #expect(updates.last?.updatedIDs.map { Array($0.utf8) } == [Array(second.utf8)])
    #expect(Self.texts(harness) == ["one", "edited"])

    harness.dataSource.remove(0..<1)
    harness.controller.applyPendingUpdates()
    #expect(updates.last?.deletedIDs.map { Array($0.utf8) } == [Array(first.utf8)])
    #expect(Self.texts(harness) == ["edited"])
    #expect(harness.controller.row(ofItemWithID: first) == nil)
    #expect(harness.controller.row(ofItemWithID: second) == 0)
    #expect(updates.allSatisfy { $0.errors.isEmpty && $0.type != .reload })
  }

  @Test func theDiffComparesKeysByTheirBytes() throws {
    let old = [ChatItemKey(id: "caf\u{E9}", type: "t")]
    let new = [ChatItemKey(id: "caf\u{E9}", type: "t"), ChatItemKey(id: "cafe\u{301}", type: "t")]
    let diff = try ChatItemsDiff.between(old: old, new: new).get()
    #expect(diff.insertions == [1])
    #expect(diff.deletions.isEmpty)
  }

  static func texts(_ harness: TranscriptHarness) -> [String] {
    (0..<harness.controller.rowCount).compactMap { (harness.controller.item(atRow: $0) as? TestItem)?.text }
  }
}
