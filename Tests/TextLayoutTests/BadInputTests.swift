import Testing
import TextLayout

/// Input that must neither trap nor take more than linear time.
@Suite struct BadInputTests {
  let measurer = TerminalTextMeasurer()

  @Test(
    arguments: [
      [0xFF],  // never valid
      [0x61, 0xC0, 0x80, 0x62],  // overlong NUL
      [0xE2, 0x82],  // truncated at the end
      [0xE2, 0x82, 0x61],  // truncated before ASCII
      [0xED, 0xA0, 0x80],  // a surrogate
      [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
      [0xE0, 0x80, 0x80],  // overlong
      [0x80, 0x80, 0x80],  // lone continuation bytes
      [0xF0, 0x9F, 0x98],  // an emoji cut short
      [0x61, 0x20, 0xFE, 0x20, 0x62, 0xF0, 0x9F, 0x91, 0x8D],  // mixed with valid text
    ] as [[UInt8]])
  func invalidUTF8IsReplacedAndReported(bytes: [UInt8]) {
    let decoded = String(decoding: bytes, as: UTF8.self)
    let replacements = decoded.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
    for width in [1, 3, 80] {
      let result = bytes.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: width) }
      #expect(!result.isValidUTF8)
      #expect(result.replacementCount == replacements)
      #expect(result.metrics == measurer.measure(decoded, maxWidth: width))
    }
  }

  @Test func replacementCharacterIsOneColumnAlphabetic() {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]
    let result = bytes.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: 80) }
    #expect(result == UTF8Measurement(metrics: TextMetrics(lineCount: 1, widestLine: 3), replacementCount: 1))
    #expect(ScalarProperties("\u{FFFD}").columnWidth == 1)
  }

  @Test func validBytesAreReportedValid() {
    let bytes = Array("héllo 👍🏽 中文".utf8)
    let result = bytes.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: 5) }
    #expect(result.isValidUTF8)
    #expect(result.metrics == measurer.measure("héllo 👍🏽 中文", maxWidth: 5))
  }

  @Test func emptyInput() {
    let empty: [UInt8] = []
    let result = empty.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: 0) }
    #expect(result == UTF8Measurement(metrics: TextMetrics(lineCount: 1, widestLine: 0), replacementCount: 0))
    #expect(measurer.lines(of: "", maxWidth: -3).count == 1)
    #expect(displayWidth(of: "") == 0)
  }

  /// 10 MB of words: 16 five-column words fit in 80 columns (79 plus a hanging space).
  @Test func tenMegabytesOfWords() {
    let text = String(repeating: "word ", count: 2_000_000)
    #expect(measurer.measure(text, maxWidth: 80) == TextMetrics(lineCount: 125_000, widestLine: 79))
  }

  /// 10 MB of spaces between two letters hang after the first; 10 MB of hyphens has no
  /// break (LB21: × HY) and is split. Both are printable ASCII, the fastest path.
  @Test func tenMegabytesOfSpacesAndOfHyphens() {
    let spaces = "a" + String(repeating: " ", count: 10_000_000) + "b"
    #expect(measurer.measure(spaces, maxWidth: 5) == TextMetrics(lineCount: 2, widestLine: 1))
    let hyphens = String(repeating: "-", count: 10_000_000)
    #expect(measurer.measure(hyphens, maxWidth: 80) == TextMetrics(lineCount: 125_000, widestLine: 80))
  }

  /// 10 MB without a single break opportunity: split cluster by cluster.
  @Test func tenMegabytesWithoutBreaks() {
    let text = String(repeating: "a", count: 10_000_000)
    #expect(measurer.measure(text, maxWidth: 80) == TextMetrics(lineCount: 125_000, widestLine: 80))
    let wide = String(repeating: "中", count: 1_000_000)
    #expect(measurer.measure(wide, maxWidth: 1) == TextMetrics(lineCount: 1_000_000, widestLine: 2))
  }

  /// 10 MB of line breaks and of combining marks on one base.
  @Test func tenMegabytesOfBreaksAndMarks() {
    #expect(measurer.measure(String(repeating: "\n", count: 10_000_000), maxWidth: 5).lineCount == 10_000_000)
    let marks = "a" + String(repeating: "\u{0301}", count: 5_000_000)
    #expect(measurer.measure(marks, maxWidth: 5) == TextMetrics(lineCount: 1, widestLine: 1))
  }
}
