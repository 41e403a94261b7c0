// Public API only (see PollMessageItem.swift): plain imports, no `@testable`. These tests prove a
// backend can build its own bubble on the kit's chrome from outside the module.
import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import TestSupport
import Testing

@Suite struct CustomBubbleTests {
  static let lunch: [any ChatItem] = [
    text("a1", "Lunch today?", from: "alice", at: at(12, 0)),
    PollMessageItem(
      id: "p1", from: "alice", at: at(12, 1), question: "Where shall we eat?",
      options: [.init(title: "Noodle bar", votes: 4), .init(title: "Pizza", votes: 2)]),
    text("m1", "Pizza!", from: "me", incoming: false, at: at(12, 5), status: .read),
    PollMessageItem(
      id: "p2", from: "me", incoming: false, at: at(12, 6), status: .failed, question: "Friday drinks?",
      options: [.init(title: "Yes", votes: 3), .init(title: "No", votes: 1)]),
    PollMessageItem(
      id: "p3", from: "bob", at: at(12, 10), question: "Which film tonight?",
      options: [
        .init(title: "The one with the dinosaurs and the volcano", votes: 2),
        .init(title: "Anything short", votes: 1),
      ]),
    text("b1", "I'll book seats", from: "bob", at: at(12, 11)),
  ]

  static func text(
    _ id: String, _ text: String, from sender: String, incoming: Bool = true, at date: Timestamp,
    status: DeliveryStatus? = nil
  ) -> TextMessageItem {
    TextMessageItem(
      message: MessageModel(
        id: id, type: MessageItemType.text, sender: sender, isIncoming: incoming, date: date, status: status),
      text: text)
  }

  /// The kit's builders and decorator with the poll builder registered beside them, over
  /// `items`, laid out at `width` columns in a viewport `height` rows tall.
  final class Transcript {
    let handler = RecordingHandler()
    let cache = TextMetricsCache()
    let controller: ChatTranscriptController
    let dataSource: ArrayDataSource

    init(_ items: [any ChatItem], width: Double = 40, height: Double = 20) {
      var builders = MessagesKit.builders(theme: CompactTheme(), interactionHandler: handler, cache: cache)
      let context = MessagePresentationContext(cache: cache, interactionHandler: handler)
      builders[PollMessageItem.itemType] = [PollMessagePresenterBuilder(context: context)]
      controller = ChatTranscriptController(
        buildersByType: builders, decorator: MessagesKit.decorator(),
        viewport: Viewport(width: width, height: height))
      dataSource = ArrayDataSource(items)
      controller.dataSource = dataSource
      controller.requestUpdate(.firstLoad)
      controller.applyPendingUpdates()
    }

    /// The visible poll cell of `id`.
    func pollCell(_ id: String) throws -> PollMessageCell {
      let row = try #require(controller.row(ofItemWithID: id))
      return try #require(controller.collectionView.cell(forRow: row) as? PollMessageCell)
    }
  }

  /// Polls take their place among the text messages and in their senders' groups: `id y height`
  /// per row. p1 joins alice's group (no day separator, one row per line), p2 ends mine and,
  /// failed, gets the kit's status row, p3 starts bob's group.
  @Test func pollsAreLaidOutAmongTextMessages() {
    let transcript = Transcript(Self.lunch)
    let rows = transcript.controller.rowFrames.map {
      "\($0.id) \(Int($0.frame.minY)) \(Int($0.frame.height))"
    }
    #expect(
      rows == [
        "a1/day 0 1", "a1 2 2", "p1 4 3", "m1 8 1", "p2 9 3", "p2/status 12 1", "p3 14 5", "b1 19 1",
      ])
  }

  /// The chrome of a poll that ends an incoming group: avatar and tail on its last row, no
  /// sender line (the group's first message has it). The bubble is the question's 19 columns
  /// plus one column of padding each side, after the 3-column avatar and the tail.
  @Test func lastPollOfAGroupHasTheAvatarAndTheTail() throws {
    let cell = try Transcript(Self.lunch).pollCell("p1")
    #expect(cell.frame == Rect(x: 0, y: 4, width: 40, height: 3))
    #expect(cell.bubble.frame == Rect(x: 4, y: 0, width: 21, height: 3))
    #expect(cell.avatar.frame == Rect(x: 0, y: 2, width: 3, height: 1))
    #expect(!cell.avatar.isHidden && cell.avatar.text == "(A)")
    #expect(cell.tail.frame == Rect(x: 3, y: 2, width: 1, height: 1))
    #expect(!cell.tail.isHidden && cell.tail.text == MessageBubbleCell.incomingTail)
    #expect(cell.senderLabel.isHidden && cell.senderLabel.frame == .zero)
    #expect(cell.failedIcon.isHidden)
    #expect(cell.questionLabel.frame == Rect(x: 1, y: 0, width: 19, height: 1))
    #expect(
      cell.optionLabels.map(\.frame) == [
        Rect(x: 1, y: 1, width: 19, height: 1), Rect(x: 1, y: 2, width: 19, height: 1),
      ])
  }

  /// A poll that starts an incoming group: the sender line on top, the content below it, no
  /// avatar or tail (the group's last message shows them). The first option wraps at the
  /// widest a bubble may be, floor(0.68 × 40) = 27 columns, less the padding: 25.
  @Test func firstPollOfAGroupHasTheSenderLine() throws {
    let cell = try Transcript(Self.lunch).pollCell("p3")
    #expect(cell.frame == Rect(x: 0, y: 14, width: 40, height: 5))
    #expect(cell.bubble.frame == Rect(x: 4, y: 0, width: 27, height: 5))
    #expect(cell.senderLabel.frame == Rect(x: 1, y: 0, width: 25, height: 1))
    #expect(!cell.senderLabel.isHidden && cell.senderLabel.text == "bob")
    #expect(cell.avatar.isHidden && cell.tail.isHidden)
    #expect(cell.questionLabel.frame == Rect(x: 1, y: 1, width: 25, height: 1))
    #expect(
      cell.optionLabels.map(\.frame) == [
        Rect(x: 1, y: 2, width: 25, height: 2), Rect(x: 1, y: 4, width: 25, height: 1),
      ])
  }

  /// My failed poll: the bubble ends at the tail on the right edge, the failed icon two columns
  /// left of it, and tapping the icon asks the app for a retry through the kit's presenter.
  @Test func failedOutgoingPollHasTheFailedIconAndRetries() throws {
    let transcript = Transcript(Self.lunch)
    let cell = try transcript.pollCell("p2")
    #expect(cell.bubble.frame == Rect(x: 23, y: 0, width: 16, height: 3))
    #expect(cell.tail.frame == Rect(x: 39, y: 2, width: 1, height: 1))
    #expect(!cell.tail.isHidden && cell.tail.text == MessageBubbleCell.outgoingTail)
    #expect(cell.failedIcon.frame == Rect(x: 21, y: 2, width: 1, height: 1))
    #expect(!cell.failedIcon.isHidden)
    #expect(cell.avatar.isHidden && cell.senderLabel.isHidden)
    cell.failedIcon.sendActions()
    cell.bubble.sendActions()
    #expect(transcript.handler.events == ["retry p2", "bubble p2"])
  }

  /// The whole screen as plain text: the polls' question and options sit inside their bubbles,
  /// beside the kit's avatars, tails and failed icon, among the kit's text messages.
  @Test func plainTextRendering() {
    let transcript = Transcript(Self.lunch)
    transcript.controller.collectionView.scrollToTop()
    let expected = """
                  Sat 21 Nov 2026

           alice
           Lunch today?
           Where shall we eat?
           [4] Noodle bar
      (A)◀ [2] Pizza

                                      Pizza!
                              Friday drinks?
                              [3] Yes
                           !  [1] No         ▶
                                not delivered

           bob
           Which film tonight?
           [2] The one with the
           dinosaurs and the volcano
           [1] Anything short
      (B)◀ I'll book seats
      """
    #expect(PlainTextRenderer().render(transcript.controller.collectionView) == expected)
  }

  /// Heights agree whoever computes them: the builder's measurer (rows sized without a
  /// presenter), the presenter's calculator and the cell's own layout, before and after the
  /// width changes (the cells lay themselves out again without being configured).
  @Test(arguments: [40.0, 31.0, 24.0])
  func measurerPresenterAndCellAgree(width: Double) throws {
    let transcript = Transcript(Self.lunch)
    let controller = transcript.controller
    controller.setViewportSize(width: width, height: 20)
    controller.applyPendingUpdates()
    let context = MessagePresentationContext(cache: transcript.cache)
    let measurer = PollMessageHeightMeasurer(sizing: BubbleSizing(PollMessageCell.self, context: context))
    for id in ["p1", "p2", "p3"] {
      let row = try #require(controller.row(ofItemWithID: id))
      let height = controller.frame(ofRow: row).height
      let decoration = controller.decoration(atRow: row)
      let item = controller.item(atRow: row)
      #expect(measurer.height(of: item, maximumWidth: width, decoration: decoration) == height, "\(id)")
      #expect(
        controller.presenter(atRow: row).heightForCell(maximumWidth: width, decoration: decoration) == height,
        "\(id)")
      controller.collectionView.scrollToTop()
      controller.collectionView.setContentOffset(controller.frame(ofRow: row).minY)
      let cell = try transcript.pollCell(id)
      #expect(cell.bubble.frame.height == height && cell.currentLayout?.height == Int(height), "\(id)")
    }
  }
}
