import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// Item fields the wire format does not define are kept as the item's extra fields: decoded as
/// written, carried by the transcript, written back byte for byte, and readable by presenters.
@Suite struct ExtraFieldsTests {
  let decoder = StreamDecoder()
  let encoder = StreamEncoder()

  /// A poll item whose known fields are in the encoder's canonical form, with unknown fields of every
  /// JSON kind: escapes and non-ASCII text, an array, nested objects, an exponent, `true`, `false`,
  /// `null`, and spaces inside values, which are part of the values.
  static let pollLine =
    #"{"op":"insert","item":{"id":"p1","type":"poll","sender":"ann","date":"2026-11-21T10:00:00Z","#
    + #""question":"Lunch \"at 12\"? caf\u00e9 or 寿司 😀\n\/","options":["pizza", "sushi"],"#
    + #""meta":{"votes": {"pizza":3,"sushi":[1,-2.5E-3]},"closes":null},"weight":1.50e3,"#
    + #""open":true,"anonymous":false,"note":null}}"#

  static let pollExtras: [(name: String, json: String)] = [
    ("question", #""Lunch \"at 12\"? caf\u00e9 or 寿司 😀\n\/""#),
    ("options", #"["pizza", "sushi"]"#),
    ("meta", #"{"votes": {"pizza":3,"sushi":[1,-2.5E-3]},"closes":null}"#),
    ("weight", "1.50e3"),
    ("open", "true"),
    ("anonymous", "false"),
    ("note", "null"),
  ]

  private func decodedItem(in line: String) throws -> StreamItem {
    switch try decoder.decode(line).get() {
    case .insert(let item, _), .update(let item): return item
    case let event: throw UnexpectedEvent(event: event)
    }
  }

  private struct UnexpectedEvent: Error {
    var event: StreamEvent
  }

  // MARK: Round trips

  @Test func pollLineRoundTripsByteForByte() throws {
    let event = try decoder.decode(Self.pollLine).get()
    guard case .insert(let item, .end) = event else {
      Issue.record("not an insert at the end: \(event)")
      return
    }
    #expect(item.extraFields.map(\.name) == Self.pollExtras.map(\.name))
    #expect(item.extraFields.map(\.rawName) == Self.pollExtras.map(\.name))
    #expect(item.extraFields.map(\.json) == Self.pollExtras.map(\.json))
    #expect(item.sender == "ann" && item.date?.iso8601 == "2026-11-21T10:00:00Z")
    let line = encoder.encode(event)
    #expect(Array(line.utf8) == Array(Self.pollLine.utf8))
    #expect(try decoder.decode(line).get() == event)
  }

  /// Known fields are written in canonical form and unknown ones after them, as they were.
  @Test func unknownFieldsFollowTheKnownOnesInTheirOrder() throws {
    let line = #"{"op":"update","item":{"z":[ 1 ],"type":"poll","a":"x","id":"p1","width":1.5e3}}"#
    let event = try decoder.decode(line).get()
    let encoded = encoder.encode(event)
    #expect(encoded == #"{"op":"update","item":{"id":"p1","type":"poll","width":1500,"z":[ 1 ],"a":"x"}}"#)
    #expect(try decoder.decode(encoded).get() == event)
  }

  /// A key keeps its spelling: escapes are written back as they came, and name lookups unescape.
  @Test func keysKeepTheirSpelling() throws {
    let line = #"{"op":"insert","item":{"id":"p1","type":"poll","\u0071uestion":"Q","a\"b":1,"\u00e9":2}}"#
    let item = try decodedItem(in: line)
    #expect(item.extraFields.map(\.name) == ["question", "a\"b", "é"])
    #expect(item.extraFields.map(\.rawName) == [#"\u0071uestion"#, #"a\"b"#, #"\u00e9"#])
    #expect(item.string(forExtraField: "question") == "Q")
    #expect(item.extraField(#"\u0071uestion"#) == nil)
    #expect(encoder.encode(.insert(item, position: .end)) == line)
  }

  // MARK: Reading

  /// What a presenter builder for polls does: read its model from whatever item it is given.
  struct PollModel: Equatable {
    var question: String
    var options: [String]
    var isOpen: Bool
    var weight: Double?

    init?(_ item: any ChatItem) {
      guard let item = item as? StreamItem, item.type == "poll",
        let question = item.string(forExtraField: "question"),
        let options = item.strings(forExtraField: "options")
      else { return nil }
      self.question = question
      self.options = options
      self.isOpen = item.bool(forExtraField: "open") ?? false
      self.weight = item.number(forExtraField: "weight")
    }
  }

  @Test func aBuilderReadsThePollFromTheTranscript() throws {
    let transcript = StreamTranscript()
    #expect(StreamTranscriptTests.feed([Self.pollLine], into: transcript) == [])
    let item = try #require(transcript.item(withID: "p1"))
    let poll = try #require(PollModel(item))
    #expect(poll.question == "Lunch \"at 12\"? café or 寿司 😀\n/")
    #expect(poll.options == ["pizza", "sushi"])
    #expect(poll.isOpen)
    #expect(poll.weight == 1500)
  }

  @Test func typedReadersGiveNilForOtherShapes() throws {
    let item = try decodedItem(in: Self.pollLine)
    #expect(item.extraField("options") == #"["pizza", "sushi"]"#)
    #expect(item.extraField("missing") == nil)
    #expect(item.string(forExtraField: "options") == nil)
    #expect(item.string(forExtraField: "note") == nil)
    #expect(item.string(forExtraField: "missing") == nil)
    #expect(item.strings(forExtraField: "question") == nil)
    #expect(item.strings(forExtraField: "meta") == nil)
    #expect(item.number(forExtraField: "question") == nil)
    #expect(item.number(forExtraField: "note") == nil)
    #expect(item.bool(forExtraField: "anonymous") == false)
    #expect(item.bool(forExtraField: "weight") == nil)
    #expect(item.text == nil, "an unknown field is not a known one")

    let mixed = try decodedItem(
      in: #"{"op":"insert","item":{"id":"a","type":"t","o":["x",1],"e":[],"n":-0.5}}"#)
    #expect(mixed.strings(forExtraField: "o") == nil)
    #expect(mixed.strings(forExtraField: "e") == [])
    #expect(mixed.number(forExtraField: "n") == -0.5)
  }

  /// Names the wire format uses for lines and ops are unknown in an item, so they are kept there.
  @Test func namesKnownOutsideItemsAreKeptInItems() throws {
    let line =
      #"{"op":"insert","item":{"id":"p1","type":"poll","op":"vote","active":true,"items":[1],"after":"x","#
      + #""text\u0000":"nul","\u0074ext":"known"}}"#
    let item = try decodedItem(in: line)
    #expect(item.extraFields.map(\.name) == ["op", "active", "items", "after", "text\u{0}"])
    #expect(item.text == "known")
    #expect(item.bool(forExtraField: "active") == true)
    let event = StreamEvent.insert(item, position: .end)
    #expect(try decoder.decode(encoder.encode(event)).get() == event)
  }

  // MARK: The transcript

  @Test func theTranscriptKeepsExtraFieldsThroughStatusChanges() throws {
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [
        Self.pollLine,
        #"{"op":"status","id":"p1","status":"delivered"}"#,
        #"{"op":"prepend","items":[{"id":"h1","type":"poll","question":"Earlier?"}]}"#,
        #"{"op":"status","id":"h1","status":"read"}"#,
      ], into: transcript)
    #expect(diagnostics == [])
    let poll = try #require(transcript.item(withID: "p1") as? StreamItem)
    #expect(poll.status == .delivered)
    #expect(poll.extraFields.map(\.json) == Self.pollExtras.map(\.json))
    #expect(
      encoder.object(for: poll)
        == #"{"id":"p1","type":"poll","sender":"ann","date":"2026-11-21T10:00:00Z","status":"delivered","#
        + #""question":"Lunch \"at 12\"? caf\u00e9 or 寿司 😀\n\/","options":["pizza", "sushi"],"#
        + #""meta":{"votes": {"pizza":3,"sushi":[1,-2.5E-3]},"closes":null},"weight":1.50e3,"#
        + #""open":true,"anonymous":false,"note":null}"#)
    let earlier = try #require(transcript.item(withID: "h1") as? StreamItem)
    #expect(earlier.status == .read && earlier.string(forExtraField: "question") == "Earlier?")
  }

  /// An update replaces the whole item: its own extra fields count, the old ones are gone.
  @Test func anUpdateReplacesTheExtraFields() throws {
    let transcript = StreamTranscript()
    _ = StreamTranscriptTests.feed(
      [Self.pollLine, #"{"op":"update","item":{"id":"p1","type":"poll","options":["tacos"]}}"#],
      into: transcript)
    let updated = try #require(transcript.item(withID: "p1") as? StreamItem)
    #expect(updated.extraFields.map(\.name) == ["options"])
    #expect(updated.strings(forExtraField: "options") == ["tacos"])
    _ = StreamTranscriptTests.feed([#"{"op":"update","item":{"id":"p1","type":"poll"}}"#], into: transcript)
    #expect((transcript.item(withID: "p1") as? StreamItem)?.extraFields == [])
  }

  // MARK: Repeated keys

  /// The last occurrence of a repeated unknown key is kept, in its own place, as for known keys.
  @Test func aRepeatedUnknownKeyKeepsItsLastOccurrence() throws {
    let item = try decodedItem(
      in: #"{"op":"insert","item":{"id":"p1","type":"poll","a":1,"b":2,"\u0061":[3],"text":"x","text":"y"}}"#)
    #expect(item.extraFields.map(\.name) == ["b", "a"])
    #expect(item.extraFields.map(\.rawName) == ["b", #"\u0061"#])
    #expect(item.extraField("a") == "[3]")
    #expect(item.text == "y")
    #expect(
      encoder.object(for: item) == #"{"id":"p1","type":"poll","text":"y","b":2,"\u0061":[3]}"#)
  }

  /// Keys are compared by their bytes, as JSON does: canonically equivalent spellings are two fields.
  @Test func canonicallyEquivalentKeysAreDistinctFields() throws {
    let item = try decodedItem(
      in: #"{"op":"insert","item":{"id":"p1","type":"poll","caf\u00e9":1,"cafe\u0301":2}}"#)
    #expect(item.extraFields.map(\.json) == ["1", "2"])
    #expect(item.extraField("caf\u{E9}") == "1")
    #expect(item.extraField("cafe\u{301}") == "2")
  }

  /// Fields made in code may repeat a name; lookups find the first, the encoder writes all.
  @Test func fieldsMadeInCodeAreWrittenAsGiven() throws {
    let first = try #require(StreamItem.ExtraField(name: "k", json: "1"))
    let second = try #require(StreamItem.ExtraField(name: "k", json: "2"))
    let item = StreamItem(id: "a", type: "t", extraFields: [first, second])
    #expect(item.extraField("k") == "1")
    #expect(encoder.object(for: item) == #"{"id":"a","type":"t","k":1,"k":2}"#)
  }

  // MARK: Hostile input

  /// An insert of a poll with `count` distinct unknown keys, then `repeats` more of the first three.
  private static func line(id: String = "p1", unknownKeys count: Int, repeats: Int = 0) -> String {
    let fields = (0..<count).map { #""k\#($0)":\#($0)"# } + (0..<repeats).map { #""k\#($0 % 3)":0"# }
    return #"{"op":"insert","item":{"id":"\#(id)","type":"poll","# + fields.joined(separator: ",") + "}}"
  }

  @Test func anItemMayHaveUpTo64UnknownFields() throws {
    #expect(StreamDecoder.maximumExtraFieldCount == 64)
    let item = try decodedItem(in: Self.line(unknownKeys: 64, repeats: 1_000))
    #expect(item.extraFields.count == 64)
    #expect(item.extraFields.suffix(3).map(\.name) == ["k1", "k2", "k0"])
  }

  @Test func moreThan64UnknownFieldsRejectTheLine() {
    #expect(decoder.decode(Self.line(unknownKeys: 65)) == .failure(.tooManyExtraFields(itemID: "p1")))
    let tooMany = Self.line(id: "h2", unknownKeys: 70).dropFirst(#"{"op":"insert","item":"#.count).dropLast()
    let transcript = StreamTranscript()
    let diagnostics = StreamTranscriptTests.feed(
      [
        Self.line(unknownKeys: 65),
        Self.line(id: #"\u001b[2J"#, unknownKeys: 1_000),
        #"{"op":"prepend","items":[{"id":"h1","type":"t"},"# + tooMany + "]}",
        Self.line(unknownKeys: 64),
      ], into: transcript)
    #expect(
      diagnostics == [
        #"chat.ndjson:1: item "p1" has more than 64 unknown fields"#,
        #"chat.ndjson:2: item "\u{1B}[2J" has more than 64 unknown fields"#,
        #"chat.ndjson:3: prepend item 2: item "h2" has more than 64 unknown fields"#,
      ])
    #expect(StreamTranscriptTests.ids(transcript) == ["p1"])
  }

  /// Problems with known fields come first, as the field order says; the count is checked last.
  @Test func knownFieldsAreCheckedBeforeTheCount() {
    let line = Self.line(unknownKeys: 65)
    #expect(decoder.decode(line) == .failure(.tooManyExtraFields(itemID: "p1")))
    let badType = line.replacing(#""type":"poll","#, with: #""type":7,"#)
    #expect(decoder.decode(badType) == .failure(.wrongType("type", expected: "a string")))
    let badID = line.replacing(#""id":"p1","#, with: "")
    #expect(decoder.decode(badID) == .failure(.missing("id")))
  }

  /// Only checked JSON is kept: a bad value rejects the whole line, and the value mended is kept.
  @Test(arguments: [
    ("[1,]", "[1]", "not JSON: unexpected character ']' at column 51"),
    (#""\uD800""#, #""\uD800\uDC00""#, #"not JSON: lone surrogate \uD800 at column 49"#),
    ("01", "0.1", "not JSON: unexpected character '1' at column 49"),
    (#"{"a":tru}"#, #"{"a":true}"#, "not JSON: unexpected character '}' at column 56"),
  ])
  func badUnknownValuesRejectTheLine(bad: String, mended: String, message: String) throws {
    func line(_ value: String) -> String { #"{"op":"insert","item":{"id":"a","type":"t","x":\#(value)}}"# }
    #expect(decoder.decode(line(bad)).failureDescription == message)
    #expect(try decodedItem(in: line(mended)).extraField("x") == mended)
  }

  /// Invalid UTF-8 never becomes kept text: the line is rejected before anything is kept.
  @Test func invalidUTF8InAnUnknownValueRejectsTheLine() throws {
    let prefix = Array(#"{"op":"insert","item":{"id":"a","type":"t","x":""#.utf8)
    let bad = prefix + [0xC3, 0x28] + Array(#""}}"#.utf8)
    #expect(bad.withUnsafeBytes { decoder.decode($0) } == .failure(.invalidUTF8(atByte: 49)))
    let mended = prefix + [0xC3, 0xA9] + Array(#""}}"#.utf8)
    let event = try mended.withUnsafeBytes { try decoder.decode($0).get() }
    #expect(event.items.first?.extraField("x") == #""é""#)
  }

  /// Line breaks between tokens become spaces, so a kept value always fits in one line.
  @Test func lineBreaksInsideValuesBecomeSpaces() throws {
    let item = try decodedItem(
      in: "{\"op\":\"insert\",\"item\":{\"id\":\"a\",\"type\":\"t\",\"x\":[1,\n2,\r\n\t3] }}")
    #expect(item.extraField("x") == "[1, 2,  \t3]")
    #expect(!encoder.object(for: item).utf8.contains(0x0A))
  }

  // MARK: Fields made in code

  @Test func aFieldMadeInCodeHoldsOneJSONValue() throws {
    #expect(StreamItem.ExtraField(name: "x", json: "") == nil)
    #expect(StreamItem.ExtraField(name: "x", json: "1 2") == nil)
    #expect(StreamItem.ExtraField(name: "x", json: "[1,]") == nil)
    #expect(StreamItem.ExtraField(name: "x", json: "'a'") == nil)
    let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(StreamItem.ExtraField(name: "x", json: deep) != nil)
    #expect(StreamItem.ExtraField(name: "x", json: "[" + deep + "]") == nil)
    for known in ["id", "type", "sender", "incoming", "date", "status", "text", "width", "height", "caption"]
    {
      #expect(StreamItem.ExtraField(name: known, json: "1") == nil, "\(known)")
    }
    let spaced = try #require(StreamItem.ExtraField(name: "op", json: " \n{ \"a\" :\r\n[true] }\t"))
    #expect(spaced.json == #"{ "a" :  [true] }"#)
    let escaped = try #require(StreamItem.ExtraField(name: "say \"hi\"\n\u{1}", json: "null"))
    #expect(escaped.name == "say \"hi\"\n\u{1}")
    #expect(escaped.rawName == #"say \"hi\"\n\u0001"#)

    let item = StreamItem(id: "a", type: "t", text: "x", extraFields: [spaced, escaped])
    let line = encoder.encode(.update(item))
    #expect(
      line
        == #"{"op":"update","item":{"id":"a","type":"t","text":"x","#
        + #""op":{ "a" :  [true] },"say \"hi\"\n\u0001":null}}"#)
    #expect(try decoder.decode(line).get() == .update(item))
  }

  // MARK: Values

  @Test func extraFieldsTakePartInEqualityAndHashing() throws {
    let base = StreamItem(id: "a", type: "t")
    let one = try #require(StreamItem.ExtraField(name: "x", json: "1"))
    let two = try #require(StreamItem.ExtraField(name: "y", json: "2"))
    var withFields = base
    withFields.extraFields = [one, two]
    #expect(withFields != base)
    #expect(base.extraFields == [])
    #expect(withFields == StreamItem(id: "a", type: "t", extraFields: [one, two]))
    #expect(withFields.hashValue == StreamItem(id: "a", type: "t", extraFields: [one, two]).hashValue)
    #expect(withFields != StreamItem(id: "a", type: "t", extraFields: [two, one]))
    #expect(Set([withFields, base, StreamItem(id: "a", type: "t", extraFields: [one, two])]).count == 2)
    // Fields compare by their text.
    #expect(StreamItem.ExtraField(name: "x", json: "1.0") != one)
  }

  /// Items stay one reference wide, and items without extra fields hold no buffer for them.
  @Test func itemsWithoutExtraFieldsHoldNoBufferForThem() throws {
    #expect(MemoryLayout<StreamItem>.size == MemoryLayout<AnyObject>.size)
    let withField = try decodedItem(
      in: #"{"op":"insert","item":{"id":"a","type":"text","text":"hi","x":{}}}"#)
    #expect(withField.extraFields.count == 1)
    let page = try decoder.decode(#"{"op":"prepend","items":[{"id":"a","type":"t"},{"id":"b","type":"t"}]}"#)
      .get()
    for item in page.items + [StreamItem(id: "c", type: "t")] {
      #expect(item.extraFields.isEmpty && item.extraFields.capacity == 0)
    }
    #expect(page.items.count == 2)
  }

  // MARK: Randomized

  /// Random unknown keys, spelled with random escapes, with random JSON values between canonical known
  /// fields: the decoder keeps what a plain reference says (the last of repeated names, in its place,
  /// the texts byte for byte), the encoder writes the line back exactly, and decoding that line again
  /// gives the same event. Set `STREAMS_SEED` to replay a printed seed.
  @Test func randomUnknownFieldsSurviveRoundTrips() throws {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_123)
    var wire = WireEncoder(random: SeededRandom(seed: seed))
    let names = ["question", "options", "op", "active", "items", "q", "é", "x-"]
    for round in 0..<2_000 {
      var item = wire.randomItem()
      item.extraFields = []
      let count =
        wire.chance(1, in: 50)
        ? Int.random(in: 60...70, using: &wire.random) : Int.random(in: 0...8, using: &wire.random)
      var members: [String] = []
      var expected: [(name: String, rawName: String, json: String)] = []
      for index in 0..<count {
        let name =
          count > 8
          ? "k\(index)"
          : (names.randomElement(using: &wire.random) ?? "q") + wire.randomText(maximumLength: 2)
        let key = wire.string(name)
        let value = wire.anyValue(depth: 3)
        members.append(key + ":" + value)
        expected.removeAll { $0.name == name }
        let json = String(
          String.UnicodeScalarView(value.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        expected.append((name, String(key.dropFirst().dropLast()), json))
      }
      let known = encoder.object(for: item)
      let line = #"{"op":"insert","item":"# + known.dropLast() + members.map { "," + $0 }.joined() + "}}"
      let place = "seed \(seed), round \(round): \(line)"
      let result = decoder.decode(line)
      if expected.count > StreamDecoder.maximumExtraFieldCount {
        #expect(result == .failure(.tooManyExtraFields(itemID: item.id)), "\(place)")
        continue
      }
      guard case .success(let event) = result, case .insert(let decoded, .end) = event else {
        Issue.record("\(result): \(place)")
        return
      }
      #expect(decoded.extraFields.map(\.name) == expected.map(\.name), "\(place)")
      #expect(decoded.extraFields.map(\.rawName) == expected.map(\.rawName), "\(place)")
      #expect(
        decoded.extraFields.map { Array($0.json.utf8) } == expected.map { Array($0.json.utf8) }, "\(place)")
      var withoutExtras = decoded
      withoutExtras.extraFields = []
      #expect(withoutExtras == item, "\(place)")
      let encoded = encoder.encode(event)
      if expected.count == count, !line.utf8.contains(0x0A), !line.utf8.contains(0x0D) {
        // Nothing repeated and no line breaks: the encoder gives the very line back.
        #expect(Array(encoded.utf8) == Array(line.utf8), "\(place)")
      }
      #expect(try decoder.decode(encoded).get() == event, "\(place)")
    }
  }
}
