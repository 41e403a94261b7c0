import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing

@Suite struct InteractionTests {
  /// A point inside `view`, in viewport coordinates: what a finger on screen would touch.
  func point(in view: View, of harness: MessagesHarness) -> Point {
    let frame = view.frame(in: nil)
    return Point(x: frame.minX, y: frame.minY - harness.controller.collectionView.viewport.contentOffset)
  }

  func makeHarness() -> MessagesHarness {
    MessagesHarness([
      textItem("a1", "Hello there", at: at(10, 0)),
      mine("m1", "Did this arrive?", at: at(10, 1), status: .failed),
      photoItem("p1", width: 640, height: 480, from: "bob", at: at(10, 2)),
    ])
  }

  @Test func tapsReachTheHandlerThroughThePresenter() throws {
    let harness = makeHarness()
    let view = harness.controller.collectionView
    let incoming = try #require(harness.cell(of: "a1", as: TextMessageCell.self))
    let failed = try #require(harness.cell(of: "m1", as: TextMessageCell.self))
    #expect(
      view.tap(at: point(in: incoming.textLabel, of: harness)), "text inside the bubble taps the bubble")
    #expect(view.tap(at: point(in: incoming.avatar, of: harness)))
    #expect(view.tap(at: point(in: failed.failedIcon, of: harness)))
    #expect(view.tap(at: point(in: failed.bubble, of: harness)))
    #expect(!view.tap(at: point(in: incoming.tail, of: harness)), "the tail is no button")
    #expect(harness.handler.events == ["bubble a1", "avatar alice", "retry m1", "bubble m1"])
  }

  /// A cell keeps the actions its presenter wired until it is configured again; once the
  /// item and its presenter are gone, a tap on it reaches nobody.
  @Test func aTapAfterThePresenterIsGoneDoesNothing() throws {
    let harness = makeHarness()
    let cell = try #require(harness.cell(of: "a1", as: TextMessageCell.self))
    cell.bubble.sendActions()
    #expect(harness.handler.events == ["bubble a1"])
    harness.dataSource.remove(0..<1)
    harness.apply()
    #expect(harness.row("a1") == nil)
    cell.bubble.sendActions()
    cell.avatar.sendActions()
    #expect(harness.handler.events == ["bubble a1"])
  }

  @Test func hiddenButtonsTakeNoTaps() throws {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0)), textItem("a2", "two", at: at(10, 0)),
      mine("m1", "sent", status: .sent),
    ])
    let first = try #require(harness.cell(of: "a1", as: TextMessageCell.self))
    let sent = try #require(harness.cell(of: "m1", as: TextMessageCell.self))
    #expect(first.avatar.isHidden, "only the last message of a group shows the avatar")
    #expect(!harness.controller.collectionView.tap(at: point(in: first.avatar, of: harness)))
    #expect(!harness.controller.collectionView.tap(at: point(in: sent.failedIcon, of: harness)))
    #expect(harness.handler.events.isEmpty)
  }

  @Test func longPressOffersCopy() throws {
    let harness = makeHarness()
    let view = harness.controller.collectionView
    let cell = try #require(harness.cell(of: "a1", as: TextMessageCell.self))
    let presenter = try #require(view.longPress(at: point(in: cell.bubble, of: harness)))
    #expect(presenter.canPerform(.copy))
    #expect(!presenter.canPerform(.delete))
    presenter.perform(.copy)
    presenter.perform(.delete)
    #expect(harness.handler.events == ["copy a1: Hello there"])
    let photo = try #require(harness.cell(of: "p1", as: PhotoMessageCell.self))
    #expect(view.longPress(at: point(in: photo.photo, of: harness)) == nil, "no caption, nothing to copy")
  }

  @Test func photoCaptionsCanBeCopied() throws {
    let harness = MessagesHarness([photoItem("p1", width: 640, height: 480, caption: "Sunset", at: at(10, 0))]
    )
    let cell = try #require(harness.cell(of: "p1", as: PhotoMessageCell.self))
    let presenter = try #require(
      harness.controller.collectionView.longPress(at: point(in: cell.photo, of: harness)))
    presenter.perform(.copy)
    #expect(harness.handler.events == ["copy p1: Sunset"])
  }

  @Test func recycledCellsReportTheirNewMessage() throws {
    let items: [any ChatItem] = (0..<60).map {
      textItem("a\($0)", "message \($0)", from: $0 % 2 == 0 ? "alice" : "bob")
    }
    let harness = MessagesHarness(items, height: 10)
    let view = harness.controller.collectionView
    view.scrollToTop()
    let top = try #require(view.hitTest(Point(x: 6, y: 1)))
    view.tap(at: Point(x: 6, y: 1))
    view.scrollToBottom()
    let bottom = try #require(view.hitTest(Point(x: 6, y: 1)))
    view.tap(at: Point(x: 6, y: 1))
    let first = harness.controller.item(atRow: top.row).id
    let last = harness.controller.item(atRow: bottom.row).id
    #expect(first != last)
    #expect(harness.handler.events == ["bubble \(first)", "bubble \(last)"])
    #expect((view.cellsCreated["TextMessageCell"] ?? 0) <= 12, "cells are recycled, not made per message")
  }

  @Test func tapsAfterAnUpdateReportTheUpdatedMessage() throws {
    let harness = makeHarness()
    harness.dataSource.replace(at: 1, with: mine("m1", "Did this arrive?", at: at(10, 1), status: .sending))
    harness.apply()
    let cell = try #require(harness.cell(of: "m1", as: TextMessageCell.self))
    #expect(cell.failedIcon.isHidden)
    // The icon is hidden now; a retry would be wrong even if its action ran.
    cell.failedIcon.sendActions()
    cell.bubble.sendActions()
    #expect(harness.handler.events == ["bubble m1"])
  }

  @Test func presentersHoldTheHandlerWeakly() {
    weak var released: RecordingHandler?
    let controller: ChatTranscriptController
    do {
      let handler = RecordingHandler()
      released = handler
      controller = ChatTranscriptController(
        buildersByType: MessagesKit.builders(theme: CompactTheme(), interactionHandler: handler),
        decorator: MessagesKit.decorator(), viewport: Viewport(width: 40, height: 10))
      let dataSource = ArrayDataSource([textItem("a1", "hi")])
      controller.dataSource = dataSource
      controller.requestUpdate()
      controller.applyPendingUpdates()
      #expect(controller.rowCount == 1)
    }
    #expect(released == nil)
    // Taps without a handler are simply dropped.
    #expect(controller.collectionView.tap(at: Point(x: 5, y: 0)))
  }
}
