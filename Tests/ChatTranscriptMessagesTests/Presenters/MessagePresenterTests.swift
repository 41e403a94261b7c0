import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing

@Suite struct MessagePresenterTests {
  static let dog = "The quick brown fox jumps over the lazy dog"

  /// One of everything, at several widths: exact rows (id, y, height) with the decorator's
  /// margins (0 inside a group, 1 after it) and injected rows.
  @Test(arguments: [
    (
      40.0,
      [
        "m1/day 0 1", "m1 2 3", "m2 5 1", "m3 7 2", "m3/status 9 1", "p1 11 11", "s1 23 1", "#typing 25 1",
      ]
    ),
    (
      80.0,
      ["m1/day 0 1", "m1 2 2", "m2 4 1", "m3 6 1", "m3/status 7 1", "p1 9 12", "s1 22 1", "#typing 24 1"]
    ),
    (
      120.0,
      ["m1/day 0 1", "m1 2 2", "m2 4 1", "m3 6 1", "m3/status 7 1", "p1 9 12", "s1 22 1", "#typing 24 1"]
    ),
  ])
  func rowsAtSeveralWidths(width: Double, expected: [String]) {
    let harness = MessagesHarness(
      [
        textItem("m1", Self.dog, at: at(10, 0)),
        textItem("m2", "Still there?", at: at(10, 1)),
        mine("m3", Self.dog, at: at(10, 5), status: .failed),
        photoItem("p1", width: 1200, height: 800, caption: "The hill", from: "bob", at: at(10, 9)),
        StreamItem(id: "s1", type: "system", date: at(10, 10), text: "bob left"),
        TypingIndicatorItem(senders: ["alice"]),
      ], width: width)
    #expect(harness.layoutDump == expected)
  }

  @Test func presentersAreThoseOfTheModule() {
    let harness = MessagesHarness([
      textItem("m1", "hi", at: at(10, 0)), photoItem("p1", width: 10, height: 10),
      StreamItem(id: "s1", type: "system", text: "notice"), TypingIndicatorItem(senders: ["bob"]),
      mine("m2", "sending", status: .sending), StreamItem(id: "x1", type: "poll"),
    ])
    let controller = harness.controller
    func presenter(_ id: String) -> (any ChatItemPresenter)? {
      harness.row(id).map(controller.presenter(atRow:))
    }
    #expect(presenter("m1") is TextMessagePresenter<TextMessageCell>)
    #expect(presenter("p1") is PhotoMessagePresenter<PhotoMessageCell>)
    #expect(presenter("s1") is SystemNoticePresenter<SystemNoticeCell>)
    #expect(presenter("#typing") is TypingIndicatorPresenter<TypingIndicatorCell>)
    #expect(presenter("m1/day") is TimeSeparatorPresenter<TimeSeparatorCell>)
    #expect(presenter("m2/status") is MessageStatusPresenter<MessageStatusCell>)
    #expect(presenter("x1") is UnsupportedItemPresenter, "unknown types still show")
  }

  @Test func moduleItemTypesWorkLikeWireItems() {
    let message = MessageModel(id: "m1", type: "text", sender: "alice", isIncoming: true, date: at(10, 0))
    let harness = MessagesHarness([
      TextMessageItem(message: message, text: Self.dog),
      PhotoMessageItem(
        message: MessageModel(id: "p1", type: "photo", sender: "alice", date: at(10, 1)), pixelWidth: 1200,
        pixelHeight: 800),
      SystemNoticeItem(id: "s1", text: "done"),
    ])
    #expect(harness.layoutDump == ["m1/day 0 1", "m1 2 3", "p1 5 9", "s1 15 1"])
    let cell = harness.cell(of: "m1", as: TextMessageCell.self)
    #expect(cell?.textLabel.text == Self.dog)
    #expect(cell?.senderLabel.text == "alice")
    #expect(cell?.tail.isHidden == true, "the photo ends the group")
  }

  @Test func systemNoticesWrapCentred() {
    let text = "Messages in this chat are end-to-end encrypted and nobody else can read them"
    let harness = MessagesHarness([SystemNoticeItem(id: "s1", text: text)], width: 40)
    // Wraps at 40 - 2 × 2 = 36 columns.
    #expect(harness.layoutDump == ["s1 0 3"])
    let cell = harness.cell(of: "s1", as: SystemNoticeCell.self)
    #expect(
      cell?.label.frame == Rect(x: 2, y: 0, width: 36, height: 3), "\"…are end-to-end\" fills 36 columns")
  }

  @Test func singleRowCellsPlaceTheirText() {
    let harness = MessagesHarness(
      [
        mine("m1", "hi", at: at(10, 0), status: .sending),
        TypingIndicatorItem(senders: ["bob", "carol", "dave"]),
      ],
      width: 40)
    let separator = harness.cell(of: "m1/day", as: TimeSeparatorCell.self)
    #expect(separator?.label.text == "Sat 21 Nov 2026")
    #expect(separator?.label.frame == Rect(x: 12, y: 0, width: 15, height: 1))
    let status = harness.cell(of: "m1/status", as: MessageStatusCell.self)
    #expect(status?.label.text == "sending…")
    #expect(status?.label.frame == Rect(x: 31, y: 0, width: 8, height: 1))
    let typing = harness.cell(of: "#typing", as: TypingIndicatorCell.self)
    #expect(typing?.label.text == "bob, carol and 1 other are typing…")
    #expect(typing?.label.frame.minX == 4)
  }

  @Test func cellFramesMatchTheirLayout() {
    let harness = MessagesHarness([textItem("m1", Self.dog, at: at(10, 0)), mine("m2", "ok", at: at(10, 1))])
    let incoming = harness.cell(of: "m1", as: TextMessageCell.self)
    #expect(incoming?.frame == Rect(x: 0, y: 2, width: 40, height: 3))
    #expect(incoming?.bubble.frame == Rect(x: 4, y: 0, width: 27, height: 3))
    #expect(incoming?.senderLabel.frame == Rect(x: 1, y: 0, width: 25, height: 1))
    #expect(incoming?.textLabel.frame == Rect(x: 1, y: 1, width: 25, height: 2))
    #expect(incoming?.avatar.isHidden == false)
    #expect(incoming?.avatar.text == "(A)")
    let outgoing = harness.cell(of: "m2", as: TextMessageCell.self)
    #expect(outgoing?.bubble.frame == Rect(x: 35, y: 0, width: 4, height: 1))
    #expect(outgoing?.bubble.styleName == "bubble.outgoing")
    #expect(outgoing?.avatar.isHidden == true)
    #expect(outgoing?.failedIcon.isHidden == true)
  }

  @Test func aNewWidthLaysVisibleCellsOutAgain() {
    let harness = MessagesHarness([textItem("m1", Self.dog, at: at(10, 0))], width: 40)
    let cell = harness.cell(of: "m1", as: TextMessageCell.self)
    harness.controller.setViewportSize(width: 80, height: 30)
    harness.apply()
    #expect(harness.cell(of: "m1", as: TextMessageCell.self) === cell)
    #expect(harness.layoutDump == ["m1/day 0 1", "m1 2 2"])
    #expect(cell?.bubble.frame == Rect(x: 4, y: 0, width: 45, height: 2))
    #expect(cell?.textLabel.frame == Rect(x: 1, y: 1, width: 43, height: 1))
  }

  @Test func heightsAreComputedInTheBackground() {
    let harness = MessagesHarness([textItem("m1", "hi"), photoItem("p1", width: 1, height: 1)])
    var backgroundHeights = 0
    harness.controller.onUpdate = { backgroundHeights += $0.backgroundHeightCount }
    harness.dataSource.append([textItem("m2", "more"), StreamItem(id: "s1", type: "system", text: "x")])
    harness.apply()
    #expect(backgroundHeights >= 2)
    for row in 0..<harness.controller.rowCount {
      #expect(harness.controller.presenter(atRow: row).canCalculateHeightInBackground)
    }
  }

  @Test func senderNamesCanBeTurnedOff() {
    var layout = MessageLayoutConfiguration()
    layout.showsSenderNames = false
    let harness = MessagesHarness([textItem("m1", "hi", at: at(10, 0))], layout: layout)
    #expect(harness.layoutDump == ["m1/day 0 1", "m1 2 1"])
  }
}
