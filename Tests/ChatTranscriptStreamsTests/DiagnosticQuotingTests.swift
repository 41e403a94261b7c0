import ChatTranscriptStreams
import Testing

/// Untrusted text in diagnostics: every character that could drive a terminal, split a line or a
/// field for a program reading the output, or reorder what is shown is escaped, and nothing else.
@Suite struct DiagnosticQuotingTests {
  /// The characters a common consumer takes for a line or field separator, or for a bidi control,
  /// beyond the C0 and C1 controls.
  static let separatorsAndBidiControls: [Unicode.Scalar] = [
    "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{1F}", "\u{85}", "\u{2028}", "\u{2029}",
    "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
  ]

  @Test func unsafeCharactersAreTheControlsSeparatorsAndBidiControls() {
    let unsafe = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(isUnsafeToPrint).map(\.value)
    var expected: [UInt32] = Array(0...0x1F) + Array(0x7F...0x9F)
    expected += [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
    expected += Array(0x202A...0x202E) + Array(0x2066...0x2069)
    #expect(unsafe == expected)
    for scalar in Self.separatorsAndBidiControls { #expect(isUnsafeToPrint(scalar)) }
  }

  @Test(arguments: separatorsAndBidiControls)
  func quotingEscapesEachSeparatorAndBidiControl(scalar: Unicode.Scalar) {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    #expect(quotedForDiagnostics("a\(scalar)b") == "\"a\\u{\(hex)}b\"")
    #expect(escapedForDiagnostics("a\(scalar)b") == "a\\u{\(hex)}b")
  }

  @Test func fileNamesReadAsGivenUnlessTheyHoldSomethingToEscape() {
    #expect(escapedForDiagnostics("logs/chat 2026-11-21 é😀.ndjson") == "logs/chat 2026-11-21 é😀.ndjson")
    #expect(
      escapedForDiagnostics("a\u{1B}]0;owned\u{07}\u{202E}\n\\b.ndjson")
        == #"a\u{1B}]0;owned\u{7}\u{202E}\u{A}\\b.ndjson"#)
  }

  @Test func quotingEscapesQuotesAndBackslashesAndCutsLongText() {
    #expect(quotedForDiagnostics(#"say "hi" \ now"#) == #""say \"hi\" \\ now""#)
    #expect(
      quotedForDiagnostics(String(repeating: "x", count: 50)) == "\"\(String(repeating: "x", count: 40))…\"")
  }
}
