import ChatTranscript
import Testing

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
}
