import ChatTranscriptStreams
import CommandLineSupport
import Testing

@testable import transcript

/// One field of a `layout` or `measure` record: nothing in it can end the record or the field for
/// a program reading the output, or reorder the line on a terminal; the same characters as in
/// diagnostics are escaped.
@Suite struct FieldEscapingTests {
  @Test(arguments: [
    ("plain id é😀", "plain id é😀"), ("a\tb\nc\rd\\e", #"a\tb\nc\rd\\e"#),
    ("a\u{2028}b\u{2029}c", #"a\u{2028}b\u{2029}c"#), ("\u{85}\u{0B}\u{0C}", #"\u{85}\u{B}\u{C}"#),
    ("\u{1C}\u{1D}\u{1E}\u{1F}", #"\u{1C}\u{1D}\u{1E}\u{1F}"#),
    ("\u{061C}\u{200E}\u{200F}", #"\u{61C}\u{200E}\u{200F}"#),
    ("\u{202A}\u{202E}\u{2066}\u{2069}", #"\u{202A}\u{202E}\u{2066}\u{2069}"#),
    ("\u{1B}[2J\u{7F}", #"\u{1B}[2J\u{7F}"#),
  ])
  func escapesSeparatorsControlsAndBidiControls(id: String, field: String) {
    #expect(escapedField(id) == field)
  }

  /// Every character diagnostics escape is escaped in a field, and no other but the backslash.
  @Test func escapesWhatDiagnosticsEscape() {
    for value in 0...0x3000 {
      guard let scalar = Unicode.Scalar(value), scalar != "\\" else { continue }
      #expect((escapedField(String(scalar)) != String(scalar)) == isUnsafeToPrint(scalar), "U+\(value)")
    }
  }
}
