import Testing

@testable import transcript

@Suite struct KeyDecoderTests {
  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
    ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[C", .other), ("\u{1B}[1;5A", .other), ("\u{1B}OP", .other), ("\u{1B}x", .other),
    ("\u{1B}", .other),
    ("q", .byte(UInt8(ascii: "q"))), ("\u{03}", .byte(3)),
  ])
  func decodesOneKey(bytes: String, key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array(bytes.utf8)) == [key])
  }

  @Test func decodesSeveralKeysInOneRead() {
    var decoder = KeyDecoder()
    #expect(
      decoder.keys(from: Array("g\u{1B}[6~\u{1B}OBq".utf8)) == [.byte(0x67), .pageDown, .down, .byte(0x71)])
  }

  @Test func keepsASequenceCutBetweenReads() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array("j\u{1B}[".utf8)) == [.byte(UInt8(ascii: "j"))])
    #expect(decoder.keys(from: Array("5".utf8)) == [])
    #expect(decoder.keys(from: Array("~k".utf8)) == [.pageUp, .byte(UInt8(ascii: "k"))])
  }

  @Test func dropsAnEndlessSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array(("\u{1B}[" + String(repeating: "1", count: 40)).utf8)) == [])
    #expect(decoder.keys(from: Array("q".utf8)) == [.byte(UInt8(ascii: "q"))])
  }
}
