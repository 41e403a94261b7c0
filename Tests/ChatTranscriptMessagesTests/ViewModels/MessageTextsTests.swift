import ChatTranscript
import Testing
import TextLayout

@testable import ChatTranscriptMessages

/// The small texts a bubble shows, built on fast paths for the usual inputs.
@Suite struct MessageTextsTests {
  /// ASCII initials take the fast path; anything else (a combining mark after an ASCII
  /// letter, a non-letter, a wide or non-ASCII initial) the general one.
  @Test(arguments: [
    ("alice", "(A)"), ("Bob", "(B)"), ("z", "(Z)"), ("9lives", "(9)"), ("", "(?)"),
    ("_x", "(_)"), ("a\u{0301}na", "(A\u{0301})"), ("émile", "(É)"), ("李雷", "李"), ("😀 fan", "😀"),
    ("ß", "SS"),
  ])
  func avatarText(sender: String, expected: String) {
    #expect(MessageViewModel.avatarText(for: sender) == expected)
  }

  @Test func timeOfDayTextAtEveryMinute() {
    for minuteOfDay in 0..<(24 * 60) {
      let date = Timestamp(secondsSince1970: Int64(minuteOfDay * 60 + 17))
      let expected =
        (minuteOfDay / 60 < 10 ? "0" : "") + String(minuteOfDay / 60) + ":"
        + (minuteOfDay % 60 < 10 ? "0" : "") + String(minuteOfDay % 60)
      #expect(date.timeOfDayText == expected)
    }
  }

  /// The footer's width is summed without building the footer; it must be the built
  /// footer's width for every combination of date and status, on both sides of the chat.
  @Test func footerWidthIsTheFooterTextsWidth() {
    let statuses: [DeliveryStatus?] = [nil, .sending, .sent, .delivered, .read, .failed]
    for date in [nil, Timestamp(secondsSince1970: 3_600 * 13 + 60 * 7)] {
      for status in statuses {
        for (isIncoming, isEdited) in [(false, false), (true, false), (false, true), (true, true)] {
          let message = MessageModel(
            id: "m", type: "text", sender: "ana", isIncoming: isIncoming, date: date, status: status,
            isEdited: isEdited)
          let viewModel = MessageViewModel(
            message: message, decoration: .plain, senderName: "ana", showsSenderNames: true)
          #expect(viewModel.footerWidth == displayWidth(of: viewModel.footerText), "\(viewModel.footerText)")
          for metrics in [BubbleMetrics.compact, .roomy] {
            #expect(
              viewModel.footerWidth(for: metrics) == displayWidth(of: viewModel.footerText(for: metrics)),
              "\(viewModel.footerText(for: metrics))")
          }
        }
      }
    }
  }

  @Test func anEditedMessageSaysSoAfterItsTime() {
    let date = Timestamp(secondsSince1970: 3_600 * 9 + 60 * 14)
    func viewModel(isIncoming: Bool, isDeleted: Bool = false) -> MessageViewModel {
      let message = MessageModel(
        id: "m", type: "text", isIncoming: isIncoming, date: date, status: .read, isEdited: true,
        isDeleted: isDeleted)
      return MessageViewModel(message: message, decoration: .plain, senderName: "", showsSenderNames: true)
    }
    #expect(viewModel(isIncoming: true).footerText == "09:14 · edited")
    #expect(viewModel(isIncoming: false).footerText == "09:14 · edited · read")
    #expect(viewModel(isIncoming: true).footerText(for: .compact) == "edited")
    #expect(viewModel(isIncoming: true).showsFooter(with: .compact))
    // A tombstone is not "edited".
    #expect(viewModel(isIncoming: true, isDeleted: true).footerText == "09:14")
    #expect(!viewModel(isIncoming: true, isDeleted: true).showsFooter(with: .compact))
  }

  @Test func reactionsReadEmojiSpaceCountTwoSpacesApart() {
    func text(_ reactions: [(String, Int)], isDeleted: Bool = false) -> String? {
      let message = MessageModel(
        id: "m", type: "text", isDeleted: isDeleted,
        reactions: reactions.map { MessageReaction(reaction: $0.0, count: $0.1) })
      return MessageViewModel(message: message, decoration: .plain, senderName: "", showsSenderNames: true)
        .reactionsText
    }
    #expect(text([("👍", 2), ("❤️", 1)]) == "👍 2  ❤️ 1")
    #expect(text([("👍", 0), ("❤️", 12), ("🎉", 0)]) == "❤️ 12")
    #expect(text([("👍", 0)]) == nil)
    #expect(text([]) == nil)
    #expect(text([("👍", 2)], isDeleted: true) == nil)
  }

  @Test(arguments: [
    (MessageQuote.message(sender: "ann", text: "Lunch at noon?"), 40, "> ann: Lunch at noon?"),
    (.message(sender: "ann", text: "Lunch at noon?"), 14, "> ann: Lunch…"),
    (.message(sender: "ann", text: "Lunch\nat noon?"), 40, "> ann: Lunch"),
    (.message(sender: "ann", text: "日本語のテキスト"), 12, "> ann: 日本…"),
    (.message(sender: "ann", text: "日本語のテキスト"), 13, "> ann: 日本…"),
    (.message(sender: "", text: "Bob joined"), 40, "> Bob joined"),
    (.message(sender: "bob\u{1B}[31m", text: "a\u{202E}b"), 40, "> bob␛[31m: a\u{FFFD}b"),
    (.deleted, 40, "> message deleted"),
    (.notLoaded, 40, "> message not loaded"),
    (.notLoaded, 8, "> messa…"),
    (.notLoaded, 1, "…"),
    (.notLoaded, 0, ""),
  ])
  func quoteLineIsCutWithAnEllipsisToItsColumns(quote: MessageQuote, columns: Int, expected: String) {
    let line = quote.line(fittingIn: columns)
    #expect(line == expected)
    #expect(displayWidth(of: line) <= columns)
  }

  @Test func aQuoteOfAHugeTextReadsOnlyItsStart() {
    let text = String(repeating: "word ", count: 1_000_000)
    let line = MessageQuote.message(sender: "ann", text: text).line(fittingIn: 30)
    #expect(line == "> ann: word word word word wo…")
  }
}
