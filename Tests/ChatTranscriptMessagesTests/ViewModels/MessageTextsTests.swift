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
        for isIncoming in [false, true] {
          let message = MessageModel(
            id: "m", type: "text", sender: "ana", isIncoming: isIncoming, date: date, status: status)
          let viewModel = MessageViewModel(
            message: message, decoration: .plain, senderName: "ana", showsSenderNames: true)
          #expect(viewModel.footerWidth == displayWidth(of: viewModel.footerText), "\(viewModel.footerText)")
        }
      }
    }
  }
}
