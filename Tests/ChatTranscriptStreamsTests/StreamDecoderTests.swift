import ChatTranscriptMessages
import Testing

@testable import ChatTranscriptStreams

@Suite struct StreamDecoderTests {
  let decoder = StreamDecoder()

  // MARK: Ops

  static let opCases: [(line: String, event: StreamEvent)] = [
    (
      #"{"op":"insert","item":{"id":"m1","type":"text"}}"#,
      .insert(StreamItem(id: "m1", type: "text"), position: .end)
    ),
    (
      #"{"op":"insert","item":{"id":"m2","type":"text"},"after":"m1"}"#,
      .insert(StreamItem(id: "m2", type: "text"), position: .after("m1"))
    ),
    (
      #"{"op":"insert","item":{"id":"m0","type":"text"},"before":"m1"}"#,
      .insert(StreamItem(id: "m0", type: "text"), position: .before("m1"))
    ),
    (
      #"{"op":"update","item":{"id":"m1","type":"text","text":"Edited"}}"#,
      .update(StreamItem(id: "m1", type: "text", text: "Edited"))
    ),
    (#"{"op":"status","id":"m1","status":"read"}"#, .status(id: "m1", .read)),
    (#"{"op":"delete","id":"m1"}"#, .delete(id: "m1")),
    (
      #"{"op":"prepend","items":[{"id":"h1","type":"text"},{"id":"h2","type":"system"}]}"#,
      .prepend([StreamItem(id: "h1", type: "text"), StreamItem(id: "h2", type: "system")])
    ),
    (#"{"op":"prepend","items":[]}"#, .prepend([])),
    (#"{"op":"typing","sender":"bob","active":true}"#, .typing(sender: "bob", isActive: true)),
    (#"{"op":"typing","sender":"bob","active":false}"#, .typing(sender: "bob", isActive: false)),
    // "op" may come last, unknown fields of the line and fields the op does not use are ignored;
    // unknown fields of an item are kept.
    (
      #"{"item":{"id":"m1","type":"text","extra":{"a":[1,2,{"b":null}]}},"id":7,"op":"insert"}"#,
      .insert(
        StreamItem(
          id: "m1", type: "text",
          extraFields: [.init(name: "extra", rawName: "extra", json: #"{"a":[1,2,{"b":null}]}"#)]),
        position: .end)
    ),
    (#"{"op":"delete","id":"m1","status":42,"item":"nope","items":false}"#, .delete(id: "m1")),
    // Unknown item types are kept for the fallback presenter.
    (
      #"{"op":"insert","item":{"id":"x1","type":"poll"}}"#,
      .insert(StreamItem(id: "x1", type: "poll"), position: .end)
    ),
    // The last of repeated keys wins.
    (#"{"op":"status","op":"delete","id":"a","id":"b"}"#, .delete(id: "b")),
    (
      #"{"op":"insert","item":{"id":"p1","type":"photo","width":-1,"width":5,"height":5,"height":null}}"#,
      .insert(StreamItem(id: "p1", type: "photo", width: 5), position: .end)
    ),
    (
      #"{"op":"update","item":7,"item":{"id":"m1","type":"text"}}"#,
      .update(StreamItem(id: "m1", type: "text"))
    ),
    (
      #"{"op":"update","item":{"id":"m1"},"item":{"id":"m1","type":"text"}}"#,
      .update(StreamItem(id: "m1", type: "text"))
    ),
    (#"{"op":"frobnicate","op":"delete","id":"m1"}"#, .delete(id: "m1")),
    // Whitespace anywhere JSON allows it.
    (
      " \t{ \"op\" :\r\"delete\" ,\n\"id\" : \"m1\" } \t\r",
      .delete(id: "m1")
    ),
    // null is absent for optional fields.
    (
      #"{"op":"insert","item":{"id":"m1","type":"text","sender":null,"date":null,"width":null},"after":null}"#,
      .insert(StreamItem(id: "m1", type: "text"), position: .end)
    ),
  ]

  @Test(arguments: opCases)
  func decodesEveryOp(line: String, event: StreamEvent) throws {
    #expect(try decoder.decode(line).get() == event)
  }

  @Test func decodesEveryItemField() throws {
    let line = """
      {"op":"insert","item":{"id":"m1","type":"text","sender":"alice","incoming":false,\
      "date":"2026-11-21T10:00:00Z","status":"sent","text":"Hello"}}
      """
    let expected = StreamItem(
      id: "m1", type: "text", sender: "alice", isIncoming: false,
      date: Timestamp(year: 2026, month: 11, day: 21, hour: 10), status: .sent, text: "Hello")
    #expect(try decoder.decode(line).get() == .insert(expected, position: .end))

    let photo = """
      {"op":"update","item":{"id":"p1","type":"photo","incoming":true,"width":1200,"height":800.5,\
      "caption":"Sunset"}}
      """
    let expectedPhoto = StreamItem(
      id: "p1", type: "photo", isIncoming: true, width: 1200, height: 800.5, caption: "Sunset")
    #expect(try decoder.decode(photo).get() == .update(expectedPhoto))
  }

  @Test(arguments: DeliveryStatus.allCases)
  func decodesEveryStatus(status: DeliveryStatus) throws {
    let line = #"{"op":"status","id":"m1","status":"\#(status.rawValue)"}"#
    #expect(try decoder.decode(line).get() == .status(id: "m1", status))
    let item = #"{"op":"update","item":{"id":"m1","type":"text","status":"\#(status.rawValue)"}}"#
    #expect(try decoder.decode(item).get() == .update(StreamItem(id: "m1", type: "text", status: status)))
  }

  // MARK: Dates

  static let dateCases: [(text: String, utc: String)] = [
    ("2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z"),
    ("2026-11-21T12:00:00+02:00", "2026-11-21T10:00:00Z"),
    ("2026-11-21T05:30:00-04:30", "2026-11-21T10:00:00Z"),
    ("2026-11-21T11:00:00+0100", "2026-11-21T10:00:00Z"),
    ("2026-11-21T11:00:00+01", "2026-11-21T10:00:00Z"),
    ("2026-11-21T10:00:00-00:00", "2026-11-21T10:00:00Z"),
    ("2026-11-21T00:30:00+01:00", "2026-11-20T23:30:00Z"),
    ("2026-12-31T23:30:00-01:00", "2027-01-01T00:30:00Z"),
    ("2026-11-21T10:00:00.999Z", "2026-11-21T10:00:00Z"),
    ("2026-11-21T10:00:00,5+00:00", "2026-11-21T10:00:00Z"),
    ("2026-11-21T10:00:59.123456789012345678901234567890Z", "2026-11-21T10:00:59Z"),
    ("2026-11-21t10:00:00z", "2026-11-21T10:00:00Z"),
    ("2026-11-21 10:00:00Z", "2026-11-21T10:00:00Z"),
    ("2026-11-21T10:00Z", "2026-11-21T10:00:00Z"),
    ("2024-02-29T12:00:00Z", "2024-02-29T12:00:00Z"),
    ("2000-02-29T12:00:00Z", "2000-02-29T12:00:00Z"),
    ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"),
    ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
    ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
    ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
    ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
  ]

  @Test(arguments: dateCases)
  func decodesDates(text: String, utc: String) throws {
    let line = #"{"op":"insert","item":{"id":"m1","type":"text","date":"\#(text)"}}"#
    guard case .insert(let item, _) = try decoder.decode(line).get() else {
      Issue.record("not an insert")
      return
    }
    #expect(item.date?.iso8601 == utc)
    #expect(item.date == Timestamp(iso8601: text))
  }

  static let badDates = [
    "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
    "2026-11-31T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-21", "2026-11-21T10:00:00",
    "2026-11-21T24:00:00Z", "2026-11-21T10:60:00Z", "2026-11-21T10:00:61Z", "2026-11-21T10:00:00+24:00",
    "2026-11-21T10:00:00+01:60", "2026-11-21T10:00:00+01:0", "2026-11-21T10:00:00.Z",
    "2026-11-21T10:00:00Zjunk", "", "2026-1-21T10:00:00Z", "20261-11-21T10:00:00Z",
    "00000000000000000002026-11-21T10:00:00Z", "99999999999999999999-11-21T10:00:00Z",
    "+2026-11-21T10:00:00Z", "\u{0662}\u{0660}\u{0662}\u{0666}-11-21T10:00:00Z", "2026-11-21X10:00:00Z",
    "2026-11-21T10:00:00 Z", "yesterday",
  ]

  @Test(arguments: badDates)
  func rejectsBadDates(text: String) {
    let line = #"{"op":"insert","item":{"id":"m1","type":"text","date":"\#(text)"}}"#
    #expect(decoder.decode(line) == .failure(.invalidDate))
    #expect(Timestamp(iso8601: text) == nil)
  }

  // MARK: Bad lines

  static let badLines: [(line: String, message: String)] = [
    ("", "not JSON: unexpected end of line at column 1"),
    ("   ", "not JSON: unexpected end of line at column 4"),
    ("hello", "not JSON: unexpected character 'h' at column 1"),
    ("nope", "not JSON: unexpected character 'o' at column 2"),
    (#"{"op":"delete","id":"m1"} x"#, "not JSON: unexpected character 'x' at column 27"),
    (#"{"op":"delete","id":"m1"}{}"#, "not JSON: unexpected character '{' at column 26"),
    (#"{"op":"delete","id":"m1""#, "not JSON: unexpected end of line at column 25"),
    (#"{"op":"delete","id":"m1",}"#, "not JSON: unexpected character '}' at column 26"),
    (#"{"op":"delete","id":"m1"]"#, "not JSON: unexpected character ']' at column 25"),
    (#"{"op":'delete'}"#, "not JSON: unexpected character ''' at column 7"),
    (#"{op:"delete"}"#, "not JSON: unexpected character 'o' at column 2"),
    (#"{"op" "delete"}"#, "not JSON: unexpected character '\"' at column 7"),
    (#"{"op":"delete","id":"m1"#, "not JSON: unexpected end of line at column 24"),
    (#"{"text":"héllo" x}"#, "not JSON: unexpected character 'x' at column 17"),
    (
      "{\"op\":\"delete\",\"id\":\"m1\u{00A0}\"}\u{00A0}",
      "not JSON: unexpected character U+00A0 at column 27"
    ),
    ("{\"id\":\"a\tb\"}", "not JSON: unescaped control character U+0009 in string at column 9"),
    (#"{"id":"a\qb"}"#, #"not JSON: invalid escape '\q' at column 9"#),
    (#"{"id":"a\u12"}"#, #"not JSON: \u must be followed by four hex digits at column 9"#),
    (#"{"id":"a\u12G4"}"#, #"not JSON: \u must be followed by four hex digits at column 9"#),
    (#"{"id":"\uD800"}"#, #"not JSON: lone surrogate \uD800 at column 8"#),
    (#"{"id":"\uDC00\uD800"}"#, #"not JSON: lone surrogate \uDC00 at column 8"#),
    (#"{"id":"\uD83Dx"}"#, #"not JSON: lone surrogate \uD83D at column 8"#),
    (#"{"id":"\uD83D\u0041"}"#, #"not JSON: lone surrogate \uD83D at column 8"#),
    (#"{"n":01}"#, "not JSON: unexpected character '1' at column 7"),
    (#"{"n":-}"#, "not JSON: unexpected character '}' at column 7"),
    (#"{"n":1.}"#, "not JSON: unexpected character '}' at column 8"),
    (#"{"n":.5}"#, "not JSON: unexpected character '.' at column 6"),
    (#"{"n":1e}"#, "not JSON: unexpected character '}' at column 8"),
    (#"{"n":1e+}"#, "not JSON: unexpected character '}' at column 9"),
    (#"{"n":+1}"#, "not JSON: unexpected character '+' at column 6"),
    (#"{"n":0x10}"#, "not JSON: unexpected character 'x' at column 7"),
    (#"{"n":NaN}"#, "not JSON: unexpected character 'N' at column 6"),
    (#"{"n":Infinity}"#, "not JSON: unexpected character 'I' at column 6"),
    (#"{"n":tru}"#, "not JSON: unexpected character '}' at column 9"),
    (#"{"n":[1,]}"#, "not JSON: unexpected character ']' at column 9"),
    (#"{"n":[1 2]}"#, "not JSON: unexpected character '2' at column 9"),
    (#"[1,2]"#, "expected a JSON object, found an array"),
    (#""x""#, "expected a JSON object, found a string"),
    ("42", "expected a JSON object, found a number"),
    ("true", "expected a JSON object, found a boolean"),
    ("null", "expected a JSON object, found null"),
    ("[1,2", "not JSON: unexpected end of line at column 5"),
    (#"{}"#, #"missing "op""#),
    (#"{"op":1}"#, #""op" must be a string"#),
    (#"{"op":null}"#, #""op" must be a string"#),
    (#"{"op":"frobnicate"}"#, #"unknown op "frobnicate""#),
    (#"{"op":"Insert"}"#, #"unknown op "Insert""#),
    (#"{"op":"a\"b\\c\u0001"}"#, #"unknown op "a\"b\\c\u{1}""#),
    (
      #"{"op":"\#(String(repeating: "x", count: 50))"}"#,
      #"unknown op "\#(String(repeating: "x", count: 40))…""#
    ),
    (#"{"op":"delete"}"#, #"missing "id""#),
    (#"{"op":"delete","id":5}"#, #""id" must be a string"#),
    (#"{"op":"delete","id":null}"#, #""id" must be a string"#),
    (#"{"op":"delete","id":""}"#, #"empty "id""#),
    (#"{"op":"status","id":"m1"}"#, #"missing "status""#),
    (#"{"op":"status","status":"read"}"#, #"missing "id""#),
    (
      #"{"op":"status","id":"m1","status":"lost"}"#,
      #""status" must be one of sending, sent, delivered, read, failed"#
    ),
    (
      #"{"op":"status","id":"m1","status":"READ"}"#,
      #""status" must be one of sending, sent, delivered, read, failed"#
    ),
    (
      #"{"op":"status","id":"m1","status":3}"#,
      #""status" must be one of sending, sent, delivered, read, failed"#
    ),
    (
      #"{"op":"status","id":"m1","status":null}"#,
      #""status" must be one of sending, sent, delivered, read, failed"#
    ),
    (#"{"op":"insert"}"#, #"missing "item""#),
    (#"{"op":"insert","item":[]}"#, #""item" must be an object"#),
    (#"{"op":"update","item":null}"#, #""item" must be an object"#),
    (#"{"op":"insert","item":{"type":"text"}}"#, #"missing "id""#),
    (#"{"op":"insert","item":{"id":"m1"}}"#, #"missing "type""#),
    (#"{"op":"insert","item":{"id":"m1","type":""}}"#, #"empty "type""#),
    (#"{"op":"insert","item":{"id":"m1","type":7}}"#, #""type" must be a string"#),
    (#"{"op":"insert","item":{"id":"m1","type":"text","text":7}}"#, #""text" must be a string"#),
    (#"{"op":"insert","item":{"id":"m1","type":"text","sender":[]}}"#, #""sender" must be a string"#),
    (#"{"op":"insert","item":{"id":"m1","type":"text","caption":{}}}"#, #""caption" must be a string"#),
    (
      #"{"op":"insert","item":{"id":"m1","type":"text","incoming":"yes"}}"#,
      #""incoming" must be true or false"#
    ),
    (#"{"op":"insert","item":{"id":"m1","type":"text","incoming":1}}"#, #""incoming" must be true or false"#),
    (
      #"{"op":"insert","item":{"id":"m1","type":"text","date":"yesterday"}}"#,
      #""date" is not an ISO 8601 date"#
    ),
    (#"{"op":"insert","item":{"id":"m1","type":"text","date":1700000000}}"#, #""date" must be a string"#),
    (
      #"{"op":"insert","item":{"id":"m1","type":"text","status":"lost"}}"#,
      #""status" must be one of sending, sent, delivered, read, failed"#
    ),
    (
      #"{"op":"insert","item":{"id":"p1","type":"photo","width":-1}}"#,
      #""width" must be a non-negative finite number"#
    ),
    (
      #"{"op":"insert","item":{"id":"p1","type":"photo","width":"12"}}"#,
      #""width" must be a non-negative finite number"#
    ),
    (
      #"{"op":"insert","item":{"id":"p1","type":"photo","height":1e400}}"#,
      #""height" must be a non-negative finite number"#
    ),
    (
      #"{"op":"insert","item":{"id":"p1","type":"photo","height":-1e400}}"#,
      #""height" must be a non-negative finite number"#
    ),
    (
      #"{"op":"insert","item":{"id":"m1","type":"text"},"after":"a","before":"b"}"#,
      #"insert has both "after" and "before""#
    ),
    (#"{"op":"insert","item":{"id":"m1","type":"text"},"after":5}"#, #""after" must be a string"#),
    (#"{"op":"insert","item":{"id":"m1","type":"text"},"before":""}"#, #"empty "before""#),
    (#"{"op":"prepend"}"#, #"missing "items""#),
    (#"{"op":"prepend","items":{}}"#, #""items" must be an array"#),
    (
      #"{"op":"prepend","items":[{"id":"a","type":"t"},{"id":"b","type":"t"},{"id":"c"}]}"#,
      #"prepend item 3: missing "type""#
    ),
    (#"{"op":"prepend","items":[{"id":"a","type":"t"},1,{"id":"c"}]}"#, "prepend item 2: not an object"),
    (
      #"{"op":"prepend","items":[{"id":"a","type":"t","width":-3}]}"#,
      #"prepend item 1: "width" must be a non-negative finite number"#
    ),
    (#"{"op":"typing","active":true}"#, #"missing "sender""#),
    (#"{"op":"typing","sender":"","active":true}"#, #"empty "sender""#),
    (#"{"op":"typing","sender":"bob"}"#, #"missing "active""#),
    (#"{"op":"typing","sender":"bob","active":"yes"}"#, #""active" must be true or false"#),
    (#"{"op":"typing","sender":"bob","active":null}"#, #""active" must be true or false"#),
    // Syntax errors win over field errors, wherever they are.
    (#"{"op":"frobnicate","x":[}"#, "not JSON: unexpected character '}' at column 25"),
    // A bad field the op does not use is not reported, but its syntax is checked.
    (#"{"op":"delete","id":"m1","item":{"id":"x",}}"#, "not JSON: unexpected character '}' at column 43"),
  ]

  @Test(arguments: badLines)
  func rejectsBadLines(line: String, message: String) {
    let result = decoder.decode(line)
    guard case .failure(let error) = result else {
      Issue.record("accepted \(line) as \(result)")
      return
    }
    #expect(error.description == message)
  }

  static let invalidUTF8: [(bytes: [UInt8], byte: Int)] = [
    (Array(#"{"id":""#.utf8) + [0xFF] + Array(#""}"#.utf8), 8),
    (Array(#"{"id":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 8),  // overlong "/"
    (Array(#"{"id":"é"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), 10),  // encoded surrogate
    (Array(#"{"id":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8), 8),  // above U+10FFFF
    (Array(#"{"id":""#.utf8) + [0xE2, 0x82], 8),  // truncated at the end of the line
    (Array(#"{"id":""#.utf8) + [0xE2, 0x82, 0x41], 8),
    ([0x80] + Array(#"{"op":"delete","id":"m1"}"#.utf8), 1),  // stray continuation byte, outside a string
    (Array(#"{"op":"delete","id":"0123456789abcdef"#.utf8) + [0xF8, 0x22, 0x7D], 38),
  ]

  @Test(arguments: invalidUTF8)
  func rejectsInvalidUTF8(bytes: [UInt8], byte: Int) {
    let result = bytes.withUnsafeBytes { decoder.decode($0) }
    #expect(result == .failure(.invalidUTF8(atByte: byte)))
    #expect(StreamDecodingError.invalidUTF8(atByte: byte).description == "invalid UTF-8 at byte \(byte)")
  }

  @Test func errorsCompareByWhatTheySay() {
    #expect(decoder.decode(#"{"op":"delete"}"#) == .failure(.missing("id")))
    #expect(decoder.decode(#"{"op":"zap"}"#) == .failure(.unknownOp("zap")))
    #expect(
      decoder.decode(#"{"op":"prepend","items":[{"id":"a"}]}"#)
        == .failure(.prependItem(1, .missing("type"))))
    #expect(StreamDecodingError.missing("id").column == nil)
    let syntax = decoder.decode("{x}")
    #expect((try? syntax.get()) == nil)
    if case .failure(let error) = syntax {
      #expect(error.column == 2)
    }
  }

  // MARK: JSON edge cases

  static let stringCases: [(json: String, text: String)] = [
    (#""a\"b\\c\/d""#, "a\"b\\c/d"),
    (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
    (#""caf\u00e9 \u20AC \u20ac""#, "café € €"),
    (#""\uD83D\uDE00 \ud83d\ude00""#, "😀 😀"),
    (#""\u0000""#, "\u{0}"),
    (#""\uFFFF\uFEFF""#, "\u{FFFF}\u{FEFF}"),
    (#""héllo wörld 😀 漢字""#, "héllo wörld 😀 漢字"),
    (#""""#, ""),
    (
      #""\u00e9xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n""#,
      "éxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
    ),
    ("\"\u{7F}\"", "\u{7F}"),
  ]

  @Test(arguments: stringCases)
  func decodesStringEscapes(json: String, text: String) throws {
    let line = #"{"op":"insert","item":{"id":"m1","type":"text","text":\#(json)}}"#
    #expect(
      try decoder.decode(line).get()
        == .insert(StreamItem(id: "m1", type: "text", text: text), position: .end))
  }

  @Test func recognisesEscapedKeys() throws {
    #expect(try decoder.decode(#"{"\u006fp":"d\u0065lete","i\u0064":"x"}"#).get() == .delete(id: "x"))
    // "op" followed by NUL is another key, not "op".
    #expect(decoder.decode(#"{"op\u0000":"delete","id":"x"}"#) == .failure(.missing("op")))
  }

  static let numberCases: [(json: String, value: Double)] = [
    ("0", 0), ("-0", 0), ("-0.0", 0), ("1200", 1200), ("800.5", 800.5), ("1.5e3", 1500), ("1.5E+3", 1500),
    ("25e-1", 2.5), ("0.1", 0.1), ("1e-400", 0), ("123456789012345", 123_456_789_012_345),
    ("12345678901234567890", 12_345_678_901_234_567_168),
    ("1.7976931348623157e308", .greatestFiniteMagnitude),
    ("4.9e-324", .leastNonzeroMagnitude),
  ]

  @Test(arguments: numberCases)
  func decodesNumbers(json: String, value: Double) throws {
    let line = #"{"op":"insert","item":{"id":"p1","type":"photo","width":\#(json)}}"#
    guard case .insert(let item, _) = try decoder.decode(line).get() else {
      Issue.record("not an insert")
      return
    }
    #expect(item.width == value)
    #expect(item.width?.sign == .plus)
  }

  @Test func skipsEveryKindOfUnknownValue() throws {
    let line = """
      {"op":"delete","a":1e400,"b":-0,"c":[true,false,null,"\\u0041",{"d":[[]],"e":{}}],"f":-1.5E-7,\
      "g":"\\uD83D\\uDE00","h":[[[[1]]]],"id":"m1"}
      """
    #expect(try decoder.decode(line).get() == .delete(id: "m1"))
  }

  @Test func limitsNesting() throws {
    // The line's object is level 1, so 63 arrays inside it are fine and the 64th is one too many.
    let deepest =
      #"{"op":"delete","id":"m1","x":"# + String(repeating: "[", count: 63)
      + String(repeating: "]", count: 63) + "}"
    #expect(try decoder.decode(deepest).get() == .delete(id: "m1"))
    let tooDeep =
      #"{"op":"delete","id":"m1","x":"# + String(repeating: "[", count: 64)
      + String(repeating: "]", count: 64) + "}"
    #expect(decoder.decode(tooDeep).failureDescription == "not JSON: nesting deeper than 64 at column 93")
    // Hostile depth fails fast instead of overflowing the stack.
    let hostile = String(repeating: #"{"a":["#, count: 100_000)
    #expect(decoder.decode(hostile).failureDescription == "not JSON: nesting deeper than 64 at column 193")
  }

  @Test func decodesVeryLongStrings() throws {
    let text = String(repeating: "abcdéfgh😀", count: 200_000) + "\"\\"
    let json = text.replacingEscapes()
    let line = #"{"op":"insert","item":{"id":"m1","type":"text","text":"\#(json)"}}"#
    #expect(
      try decoder.decode(line).get()
        == .insert(StreamItem(id: "m1", type: "text", text: text), position: .end))
  }

  @Test func wireKeysAreRecognisedByTheirNamesOnly() {
    func key(_ name: String) -> WireKey? {
      var name = name
      return name.withUTF8 { WireKey(UnsafeRawBufferPointer($0)) }
    }
    for wireKey in WireKey.allCases {
      #expect(key(wireKey.name) == wireKey, "\(wireKey.name)")
      #expect(key(wireKey.name + "\u{0}") == nil, "\(wireKey.name)")
      #expect(key(String(wireKey.name.dropLast())) != wireKey, "\(wireKey.name)")
    }
    #expect(key("reactionz") == nil)
    #expect(key("reactionss") == nil)
    #expect(key("Reactions") == nil)
  }
}

extension Result<StreamEvent, StreamDecodingError> {
  /// The error's message, or `nil` when decoding succeeded.
  var failureDescription: String? {
    if case .failure(let error) = self { return error.description }
    return nil
  }
}

extension String {
  /// The string with `"` and `\` escaped, as it goes between JSON quotes.
  fileprivate func replacingEscapes() -> String {
    var result = ""
    for character in unicodeScalars {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
