import ChatTranscript
import ChatTranscriptMessages
import Testing
import TextLayout

@Suite struct RenderTests {
  static let conversation: [any ChatItem] = [
    textItem("a1", "Are you coming tonight?", at: at(18, 0)),
    textItem("a2", "We start at eight", at: at(18, 1)),
    mine("m1", "Yes, on my way!", at: at(18, 30), status: .read),
    mine("m2", "Is the door code still 4711?", at: at(18, 31), status: .failed),
    photoItem("p1", width: 400, height: 300, caption: "The door", at: at(18, 40)),
    TypingIndicatorItem(senders: ["alice"]),
  ]

  @Test func compactAtFortyColumns() {
    let harness = MessagesHarness(Self.conversation, width: 40, height: 25)
    let expected = """
                  Sat 21 Nov 2026

           alice
           Are you coming tonight?
      (A)◀ We start at eight

                             Yes, on my way!
                      Is the door code still
                   !  4711?                  ▶
                                not delivered

           alice
          ┌─────────────────────────┐
          │                         │
          │                         │
          │                         │
          │                         │
          │photo 400x300            │
          │                         │
          │                         │
          │                         │
          └─────────────────────────┘
      (A)◀ The door

          alice is typing…
      """
    #expect(harness.screen == expected)
  }

  @Test func roomyAtFortyColumns() {
    let harness = MessagesHarness(Self.conversation, theme: RoomyTheme(), width: 40, height: 14)
    harness.controller.collectionView.scrollToTop()
    let expected = """
                  Sat 21 Nov 2026

            alice
            Are you coming tonight?
                              18:00
            We start at eight
      (A)◀              18:01

                            Yes, on my way!
                               18:30 · read
                     Is the door code still
                     4711?
                 !           18:31 · failed  ▶
                                not delivered
      """
    #expect(harness.screen == expected)
  }

  @Test func tailsAreOneColumnWide() {
    #expect(displayWidth(of: MessageBubbleCell.incomingTail) == 1)
    #expect(displayWidth(of: MessageBubbleCell.outgoingTail) == 1)
  }
}
