import ChatTranscript
import ChatTranscriptStreams
import Testing

/// The wire format compares ids by their bytes, as JSON does: ids Swift's `String` calls equal
/// (canonically equivalent) are two items, and an event for one never touches the other.
@Suite struct EquivalentIDStreamTests {
  /// `caf\u{E9}` and `cafe\u{301}`; the ångström sign and the letter Å.
  static let pairs = [(#"caf\u00e9"#, #"cafe\u0301"#), (#"\u212b"#, #"\u00c5"#)]

  @Test(arguments: pairs)
  func eventsForOneIDLeaveTheOtherAlone(ids: (String, String)) throws {
    let (first, second) = ids
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [
        #"{"op":"insert","item":{"id":"\#(first)","type":"text","text":"one"}}"#,
        #"{"op":"insert","item":{"id":"\#(second)","type":"text","text":"two"}}"#,
        #"{"op":"update","item":{"id":"\#(second)","type":"text","text":"edited"}}"#,
        #"{"op":"insert","item":{"id":"after","type":"text","text":"three"},"after":"\#(first)"}"#,
        #"{"op":"delete","id":"\#(first)"}"#,
      ], into: transcript)
    #expect(diagnostics == [])
    #expect(transcript.chatItems.compactMap { ($0 as? StreamItem)?.text } == ["three", "edited"])
    let remaining = try #require(transcript.chatItems.last?.id)
    #expect(transcript.contains(id: remaining))
    #expect(transcript.index(ofID: remaining) == 1)
    #expect(transcript.index(ofID: transcript.chatItems[0].id) == 0)
  }

  @Test func aPageMayHoldBothSpellings() {
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [#"{"op":"prepend","items":[{"id":"caf\u00e9","type":"text"},{"id":"cafe\u0301","type":"text"}]}"#],
      into: transcript)
    #expect(diagnostics == [])
    #expect(transcript.count == 2)
  }
}
