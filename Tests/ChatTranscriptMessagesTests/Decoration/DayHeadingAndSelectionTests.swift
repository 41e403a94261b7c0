import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import TestSupport
import Testing

/// The kit's day separators are pinned headings, and what is not a message refuses selection.
@Suite struct DayHeadingAndSelectionTests {
  /// Three days of four short messages each, a notice on the second, a failed message at the
  /// end (with its status row) and someone typing.
  private static func harness() -> MessagesHarness {
    var items: [any ChatItem] = []
    for day in 20...22 {
      items += (0..<4).map { textItem("d\(day)m\($0)", "message \($0)", at: at(9, $0, day: day)) }
    }
    items.insert(SystemNoticeItem(id: "notice", text: "ana joined", date: at(9, 2, day: 21)), at: 6)
    items.append(mine("failed", "are you there?", at: at(9, 5, day: 22), status: .failed))
    items.append(TypingIndicatorItem(senders: ["ana"]))
    return MessagesHarness(items, width: 40, height: 8)
  }

  @Test func daySeparatorsArePinnedHeadingsAndNothingElseIs() {
    let harness = Self.harness()
    let pinned = harness.controller.rowFrames.indices.filter {
      harness.controller.decoration(atRow: $0).isPinnedHeader
    }
    #expect(pinned.map { harness.controller.rowID(atRow: $0).id } == ["d20m0/day", "d21m0/day", "d22m0/day"])
  }

  @Test func theViewportKeepsTheDayAtItsTop() throws {
    let harness = Self.harness()
    let day21 = try #require(harness.row("d21m0/day"))
    harness.controller.collectionView.setContentOffset(harness.controller.frame(ofRow: day21).minY + 3)
    let top = try #require(harness.screen.split(separator: "\n", omittingEmptySubsequences: false).first)
    #expect(top.drop { $0 == " " } == "Sat 21 Nov 2026")
    #expect(harness.controller.collectionView.pinnedHeader?.row == day21)
  }

  @Test func onlyMessagesCanBeSelected() {
    let harness = Self.harness()
    let controller = harness.controller
    #expect(controller.selectItem(withID: "d20m1"))
    #expect(controller.selectItem(withID: "failed"))
    #expect(!controller.selectItem(withID: "notice"))
    #expect(!controller.selectItem(withID: TypingIndicatorItem(senders: ["ana"]).id))
    // Injected rows are no items: their ids select nothing.
    #expect(!controller.selectItem(withID: "d21m0/day"))
    #expect(!controller.selectItem(withID: "failed/status"))
    for id in ["d21m0/day", "failed/status"] {
      let row = harness.row(id) ?? -1
      #expect(!controller.presenter(atRow: row).canBeSelected, "\(id)")
    }
    #expect(controller.selectedItemIDs == ["d20m1", "failed"])
  }
}
