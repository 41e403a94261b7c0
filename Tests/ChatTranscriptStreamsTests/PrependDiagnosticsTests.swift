import ChatTranscriptStreams
import Testing

/// A page of history reports its first rejected items one by one and counts the rest, so one
/// line never floods the diagnostics.
@Suite struct PrependDiagnosticsTests {
  static func page(ofIDs ids: [String]) -> String {
    #"{"op":"prepend","items":["# + ids.map { #"{"id":"\#($0)","type":"text"}"# }.joined(separator: ",")
      + "]}"
  }

  @Test func aPageOfOneRepeatedIDGivesElevenDiagnostics() {
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [Self.page(ofIDs: Array(repeating: "x", count: 100_000))], into: transcript)
    #expect(transcript.count == 1)
    #expect(diagnostics.count == 11)
    #expect(diagnostics.first == #"chat.ndjson:1: prepend item 2: duplicate id "x""#)
    #expect(diagnostics[9] == #"chat.ndjson:1: prepend item 11: duplicate id "x""#)
    #expect(diagnostics.last == "chat.ndjson:1: prepend: … and 99989 more items rejected")
  }

  @Test func tenRejectionsAreAllReported() {
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [Self.page(ofIDs: ["a"] + Array(repeating: "a", count: 10) + ["b"])], into: transcript)
    #expect(diagnostics.count == 10)
    #expect(diagnostics.allSatisfy { $0.contains("duplicate id") })
    #expect(transcript.count == 2)
  }

  @Test func oneMoreIsCountedInTheSingular() {
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [Self.page(ofIDs: Array(repeating: "a", count: 12))], into: transcript)
    #expect(diagnostics.last == "chat.ndjson:1: prepend: … and 1 more item rejected")
  }
}
