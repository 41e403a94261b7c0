import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct StreamEncoderTests {
  @Test func writesCanonicalLines() {
    let encoder = StreamEncoder()
    let item = StreamItem(
      id: "m1", type: "text", sender: "alice", isIncoming: false,
      date: Timestamp(year: 2026, month: 11, day: 21, hour: 10), status: .sent, text: "Hello \"you\"\n")
    #expect(
      encoder.encode(.insert(item, position: .after("m0")))
        == #"{"op":"insert","item":{"id":"m1","type":"text","sender":"alice","incoming":false,"#
        + #""date":"2026-11-21T10:00:00Z","status":"sent","text":"Hello \"you\"\n"},"after":"m0"}"#)
    #expect(encoder.encode(.status(id: "m1", .read)) == #"{"op":"status","id":"m1","status":"read"}"#)
    #expect(
      encoder.encode(.typing(sender: "bob", isActive: true))
        == #"{"op":"typing","sender":"bob","active":true}"#)
    #expect(
      encoder.encode(.prepend([StreamItem(id: "p", type: "photo", width: 1200, height: 800.5)]))
        == #"{"op":"prepend","items":[{"id":"p","type":"photo","width":1200,"height":800.5}]}"#)
    #expect(
      encoder.encode(.read(sender: "bob", upTo: "m42")) == #"{"op":"read","sender":"bob","upTo":"m42"}"#)
    #expect(encoder.encode(.lastRead(id: "m40")) == #"{"op":"lastRead","id":"m40"}"#)
  }

  @Test(arguments: 0..<50 as Range<UInt64>)
  func everyEventRoundTrips(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let alphabet: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\u{1}", "é", "界", "\u{2028}", "😀", "\u{7F}", " ",
    ]
    func text() -> String {
      String(
        String.UnicodeScalarView((0..<random.int(in: 0...12)).map { _ in alphabet[random.int(in: 0...10)] }))
    }
    let item = StreamItem(
      id: "id" + text(), type: "t" + text(), sender: random.chance(0.5) ? text() : nil,
      isIncoming: random.chance(0.5) ? random.chance(0.5) : nil,
      date: random.chance(0.5) ? Timestamp(secondsSince1970: Int64(random.int(in: 0...2_000_000_000))) : nil,
      status: random.chance(0.5) ? DeliveryStatus.allCases[random.int(in: 0...4)] : nil,
      text: random.chance(0.7) ? text() : nil,
      width: random.chance(0.3) ? Double(random.int(in: 0...5000)) : nil,
      height: random.chance(0.3) ? Double(random.int(in: 0...5000)) / 4 : nil,
      caption: random.chance(0.3) ? text() : nil)
    let events: [StreamEvent] = [
      .insert(item, position: .end), .insert(item, position: .before("x" + text())), .update(item),
      .status(id: item.id, .failed), .delete(id: item.id), .prepend([item, item]),
      .typing(sender: "s" + text(), isActive: random.chance(0.5)),
      .read(sender: "r" + text(), upTo: "u" + text()), .lastRead(id: "l" + text()),
    ]
    for event in events {
      let line = StreamEncoder().encode(event)
      #expect(StreamDecoder().decode(line) == .success(event), "seed \(seed): \(line)")
    }
  }
}
