import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing

/// A status change or an edit keeps the presenter and the cell, and measures only what changed.
@Suite struct InPlaceUpdateTests {
  @Test func statusChangesUpdateTheExistingPresenterAndCell() throws {
    let harness = MessagesHarness([
      textItem("a1", "hello", at: at(10, 0)), mine("m1", "on my way", at: at(10, 1), status: .sending),
    ])
    let presenter = try #require(harness.row("m1").map(harness.controller.presenter(atRow:)))
    let cell = try #require(harness.cell(of: "m1", as: TextMessageCell.self))
    let measured = harness.measurer.count
    let created = harness.controller.collectionView.cellsCreated
    let height = harness.row("m1").map(harness.controller.frame(ofRow:))?.height
    var updated: [String] = []
    harness.controller.onUpdate = { updated += $0.updatedIDs }

    harness.dataSource.replace(at: 1, with: mine("m1", "on my way", at: at(10, 1), status: .failed))
    harness.apply()
    #expect(harness.row("m1").map(harness.controller.presenter(atRow:)) === presenter)
    #expect(harness.cell(of: "m1", as: TextMessageCell.self) === cell, "no new cell, no flicker")
    #expect(cell.failedIcon.isHidden == false)
    #expect(harness.controller.collectionView.cellsCreated == created)
    #expect(harness.measurer.count == measured, "the text did not change, so nothing is re-measured")
    #expect(harness.row("m1").map(harness.controller.frame(ofRow:))?.height == height)
    #expect(updated.contains("m1"))
    #expect((presenter as? TextMessagePresenter<TextMessageCell>)?.message.status == .failed)
  }

  @Test func editedTextIsMeasuredOnceAndResizesTheRow() throws {
    let harness = MessagesHarness([textItem("a1", "short", at: at(10, 0))], width: 40)
    let presenter = try #require(harness.row("a1").map(harness.controller.presenter(atRow:)))
    let cell = try #require(harness.cell(of: "a1", as: TextMessageCell.self))
    #expect(harness.layoutDump == ["a1/day 0 1", "a1 2 2"])
    let measured = harness.measurer.count
    let edited = "now a much longer text that wraps onto a second line"
    harness.dataSource.replace(at: 0, with: textItem("a1", edited, at: at(10, 0)))
    harness.apply()
    #expect(harness.row("a1").map(harness.controller.presenter(atRow:)) === presenter)
    #expect(harness.cell(of: "a1", as: TextMessageCell.self) === cell)
    #expect(cell.textLabel.text == edited)
    #expect(harness.layoutDump == ["a1/day 0 1", "a1 2 4"])
    #expect(
      harness.measurer.count == measured + 1, "measured by the height calculator; the cell hits the cache")
  }

  @Test func everyTextIsMeasuredOnceOnFirstLoad() {
    let items: [any ChatItem] = (0..<8).map { textItem("a\($0)", "message number \($0)", at: at(10, $0)) }
    let harness = MessagesHarness(items)
    #expect(harness.measurer.count == 8, "heights measure; configuring visible cells hits the cache")
  }

  @Test func neighboursRedecoratedByAnAppendAreNotReMeasured() {
    let harness = MessagesHarness([textItem("a1", "one", at: at(10, 0))])
    let measured = harness.measurer.count
    harness.dataSource.append([textItem("a2", "two", at: at(10, 0))])
    harness.apply()
    #expect(harness.decoration(of: "a1")?.groupPosition == .first, "a1's decoration changed")
    #expect(harness.measurer.count == measured + 1, "only the new text is measured")
  }

  @Test func roomyFootersFollowTheStatusWithoutChangingTheHeight() throws {
    let harness = MessagesHarness([mine("m1", "hello", at: at(10, 0), status: .sending)], theme: RoomyTheme())
    let cell = try #require(harness.cell(of: "m1", as: RoomyTextMessageCell.self))
    #expect(cell.footerLabel.text == "10:00 · sending…")
    let before = harness.layoutDump
    let measured = harness.measurer.count
    harness.dataSource.replace(at: 0, with: mine("m1", "hello", at: at(10, 0), status: .read))
    harness.apply()
    #expect(harness.cell(of: "m1", as: RoomyTextMessageCell.self) === cell)
    #expect(cell.footerLabel.text == "10:00 · read")
    #expect(cell.bubble.frame.width == 4 + 12)
    #expect(harness.layoutDump == before.filter { !$0.hasPrefix("m1/status") })
    #expect(harness.measurer.count == measured)
  }

  @Test func typingRowsUpdateInPlace() throws {
    let harness = MessagesHarness([textItem("a1", "hi"), TypingIndicatorItem(senders: ["bob"])])
    let presenter = try #require(harness.row("#typing").map(harness.controller.presenter(atRow:)))
    harness.dataSource.replace(at: 1, with: TypingIndicatorItem(senders: ["bob", "carol"]))
    harness.apply()
    #expect(harness.row("#typing").map(harness.controller.presenter(atRow:)) === presenter)
    #expect(
      harness.cell(of: "#typing", as: TypingIndicatorCell.self)?.label.text == "bob and carol are typing…")
  }

  @Test func removedMessagesReleaseTheirPresenters() {
    let harness = MessagesHarness([
      textItem("a1", "hi", at: at(10, 0)), mine("m1", "yo", at: at(10, 1), status: .failed),
    ])
    weak let message = harness.row("m1").map(harness.controller.presenter(atRow:))
    weak let status = harness.row("m1/status").map(harness.controller.presenter(atRow:))
    #expect(message != nil && status != nil)
    harness.dataSource.remove(1..<2)
    harness.apply()
    #expect(message == nil)
    #expect(status == nil)
  }
}
