import ChatTranscript
import ChatTranscriptMessages
import Testing

@testable import ChatTranscriptStreams

/// The typing row costs the same per event however many people type: it names the first two
/// and counts the rest, and only those typing now are stored.
@Suite struct TypingCrowdTests {
  static func typing(_ sender: String, _ active: Bool = true) -> StreamEvent {
    .typing(sender: sender, isActive: active)
  }

  static func text(of transcript: StreamTranscript) -> String? {
    (transcript.chatItems.last as? TypingIndicatorItem).map {
      TypingIndicatorViewModel(senders: $0.senders, otherCount: $0.otherCount).text
    }
  }

  @Test(arguments: [
    (1, "u0 is typing…"), (2, "u0 and u1 are typing…"), (3, "u0, u1 and 1 other are typing…"),
    (4, "u0, u1 and 2 others are typing…"), (1_000, "u0, u1 and 998 others are typing…"),
  ])
  func theRowNamesTwoAndCountsTheRest(count: Int, text: String) {
    let transcript = StreamTranscript()
    for index in 0..<count { transcript.apply(Self.typing("u\(index)")) }
    #expect(Self.text(of: transcript) == text)
    let item = transcript.chatItems.last as? TypingIndicatorItem
    #expect(item?.senders.count == min(count, 2))
  }

  @Test func stoppingUpdatesTheNamesAndTheCount() {
    let transcript = StreamTranscript()
    for index in 0..<5 { transcript.apply(Self.typing("u\(index)")) }
    transcript.apply(Self.typing("u0", false))
    #expect(Self.text(of: transcript) == "u1, u2 and 2 others are typing…")
    transcript.apply(Self.typing("u3", false))
    transcript.apply(Self.typing("u4", false))
    #expect(Self.text(of: transcript) == "u1 and u2 are typing…")
    transcript.apply(Self.typing("u2", false))
    #expect(Self.text(of: transcript) == "u1 is typing…")
    transcript.apply(Self.typing("u1", false))
    #expect(Self.text(of: transcript) == nil)
  }

  /// Senders are listed in the order of their latest start (see WireFormat.md); stopping a
  /// sender who is not typing, or starting the last one again, changes nothing.
  @Test func sendersAreInTheOrderOfTheirLatestStart() {
    let transcript = StreamTranscript()
    var changes = 0
    let counter = ChangeCounter { changes += 1 }
    transcript.delegate = counter
    for sender in ["bob", "eve", "ann"] { transcript.apply(Self.typing(sender)) }
    transcript.apply(Self.typing("bob"))
    #expect(Self.text(of: transcript) == "eve, ann and 1 other are typing…")
    transcript.apply(Self.typing("ann", false))
    #expect(Self.text(of: transcript) == "eve and bob are typing…")
    let before = changes
    transcript.apply(Self.typing("bob"))
    transcript.apply(Self.typing("nobody", false))
    #expect(changes == before)
    withExtendedLifetime(counter) {}
  }

  /// Senders are told apart by their bytes, like ids.
  @Test func equivalentSendersAreTwoTypists() {
    let transcript = StreamTranscript()
    transcript.apply(Self.typing("caf\u{E9}"))
    transcript.apply(Self.typing("cafe\u{301}"))
    #expect(transcript.typingStorage.typists == 2)
    transcript.apply(Self.typing("cafe\u{301}", false))
    #expect(transcript.typingStorage.typists == 1)
    #expect(
      (transcript.chatItems.last as? TypingIndicatorItem)?.senders.map { Array($0.utf8) } == [
        Array("caf\u{E9}".utf8)
      ])
  }

  @Test func storageFollowsTheTypistsThereAreNow() {
    let transcript = StreamTranscript()
    for index in 0..<10_000 { transcript.apply(Self.typing("u\(index)")) }
    #expect(transcript.typingStorage.typists == 10_000)
    for index in 0..<9_990 { transcript.apply(Self.typing("u\(index)", false)) }
    #expect(transcript.typingStorage.typists == 10)
    #expect(transcript.typingStorage.capacity < 100)
    for index in 9_990..<10_000 { transcript.apply(Self.typing("u\(index)", false)) }
    #expect(transcript.typingStorage.typists == 0)
    #expect(transcript.typingStorage.capacity == 0)
    #expect(transcript.chatItems.isEmpty)
  }
}

/// Counts the edits a data source reports.
private final class ChangeCounter: ChatDataSourceDelegate {
  let changed: () -> Void

  init(_ changed: @escaping () -> Void) {
    self.changed = changed
  }

  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) { changed() }

  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    changed()
  }
}
