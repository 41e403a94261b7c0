import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing

/// A sender may give an item the id of a row the decorator injects (`"a/day"`, `"a/status"`):
/// the two stay distinct rows, by exact edits and by full diffs alike.
@Suite struct InjectedRowIdentityTests {
  /// Every row as `ID` or `ID (injected)`, top to bottom.
  static func rows(_ harness: MessagesHarness) -> [String] {
    harness.controller.layoutSnapshot().rows.map { $0.isInjected ? "\($0.id) (injected)" : $0.id }
  }

  /// A message from eve with the id, and maybe the type, of a row the decorator injects.
  static func forged(_ id: String, type: String = "text", text: String = "forged", minute: Int) -> StreamItem
  {
    StreamItem(id: id, type: type, sender: "eve", isIncoming: true, date: at(10, minute), text: text)
  }

  /// Collects the errors of every update the harness applies.
  static func errors(of harness: MessagesHarness) -> () -> [ChatTranscriptError] {
    var errors: [ChatTranscriptError] = []
    harness.controller.onUpdate = { errors += $0.errors }
    return { errors }
  }

  @Test(arguments: [false, true], ["text", MessageItemType.timeSeparator])
  func anItemNamedLikeADaySeparatorIsARowOfItsOwn(fullDiff: Bool, type: String) throws {
    let harness = MessagesHarness([textItem("a", "hi", from: "bob", at: at(10, 0))])
    let errors = Self.errors(of: harness)
    harness.dataSource.reportsCoarsely = fullDiff
    // The id index is built before the edit, so the edit's replay is checked too.
    #expect(harness.controller.row(ofItemWithID: "a/day") == nil)
    harness.dataSource.append([Self.forged("a/day", type: type, minute: 1)])
    harness.apply()
    #expect(Self.rows(harness) == ["a/day (injected)", "a", "a/day"])
    #expect(harness.controller.row(ofItemWithID: "a/day") == 2)
    #expect((harness.controller.item(atRow: 2) as? StreamItem)?.text == "forged")
    #expect(errors().isEmpty)
    // A later edit of the item leaves the separator alone, and the other way round.
    harness.dataSource.replace(at: 1, with: Self.forged("a/day", type: type, text: "edited", minute: 1))
    harness.apply()
    #expect(Self.rows(harness) == ["a/day (injected)", "a", "a/day"])
    #expect((harness.controller.item(atRow: 2) as? StreamItem)?.text == "edited")
    #expect(harness.controller.item(atRow: 0) is TimeSeparatorItem)
    #expect(errors().isEmpty)
  }

  @Test(arguments: [false, true], ["text", MessageItemType.messageStatus])
  func deletingAnItemNamedLikeAStatusRowKeepsTheStatusRow(fullDiff: Bool, type: String) throws {
    let harness = MessagesHarness(
      [mine("a", "hi", at: at(10, 0), status: .failed), Self.forged("a/status", type: type, minute: 1)])
    let errors = Self.errors(of: harness)
    harness.dataSource.reportsCoarsely = fullDiff
    #expect(Self.rows(harness) == ["a/day (injected)", "a", "a/status (injected)", "a/status"])
    #expect(harness.controller.row(ofItemWithID: "a/status") == 3)
    harness.dataSource.remove(1..<2)
    harness.apply()
    #expect(Self.rows(harness) == ["a/day (injected)", "a", "a/status (injected)"])
    #expect(harness.controller.row(ofItemWithID: "a/status") == nil)
    #expect(harness.screen.contains("not delivered"))
    #expect(errors().isEmpty)
  }

  /// The reader looking at the forged item keeps looking at it through an edit that rebuilds
  /// its rows and the separator's, which shares its id and type.
  @Test func theReadingPositionFollowsTheItemNotTheSeparator() throws {
    var items: [any ChatItem] = [
      textItem("a", "hi", from: "bob", at: at(10, 0)),
      Self.forged("a/day", type: MessageItemType.timeSeparator, minute: 1),
    ]
    items += (0..<30).map { textItem("m\($0)", "line \($0)", from: "bob", at: at(10, 2)) }
    let harness = MessagesHarness(items, width: 40, height: 5)
    let forged = try #require(harness.controller.row(ofItemWithID: "a/day"))
    harness.controller.collectionView.scrollToRow(forged, at: .top)
    harness.dataSource.replace(at: 0, with: textItem("a", "edited", from: "bob", at: at(10, 0)))
    harness.apply()
    let offset = harness.controller.collectionView.viewport.contentOffset
    let top = try #require(harness.controller.row(atY: offset))
    #expect(top == forged)
    #expect(harness.controller.layoutSnapshot(rows: top..<top + 1).rows.first?.isInjected == false)
  }
}
