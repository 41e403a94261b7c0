import Testing
import TextLayout

/// The width rules of Documentation/TextMetrics.md, cluster by cluster.
@Suite struct ColumnWidthTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var width: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "empty", text: "", width: 0),
    Case(name: "ASCII letter", text: "a", width: 1),
    Case(name: "ASCII words", text: "hello, world", width: 12),
    Case(name: "CJK ideograph (W)", text: "中", width: 2),
    Case(name: "CJK extension B (W by default)", text: "\u{20000}", width: 2),
    Case(name: "fullwidth letter (F)", text: "Ａ", width: 2),
    Case(name: "halfwidth katakana (H)", text: "ｱ", width: 1),
    Case(name: "ambiguous Greek is 1", text: "α", width: 1),
    Case(name: "Hangul syllables", text: "한국어", width: 6),
    Case(name: "Hangul jamo L V T", text: "\u{1100}\u{1161}\u{11A8}", width: 2),
    Case(name: "Hangul jamo L V", text: "\u{1100}\u{1161}", width: 2),
    Case(name: "Hangul LV syllable + T", text: "\u{AC00}\u{11A8}", width: 2),
    Case(name: "jamo extended-B vowel alone", text: "\u{D7B0}", width: 0),
    Case(name: "combining acute", text: "e\u{0301}", width: 1),
    Case(name: "lone combining mark", text: "\u{0301}", width: 0),
    Case(name: "enclosing keycap without VS16", text: "#\u{20E3}", width: 1),
    Case(name: "keycap with VS16", text: "#\u{FE0F}\u{20E3}", width: 2),
    Case(name: "digit keycap", text: "1\u{FE0F}\u{20E3}", width: 2),
    Case(name: "family ZWJ sequence", text: "👨‍👩‍👧‍👦", width: 2),
    Case(name: "technologist with skin tone", text: "👩🏾‍💻", width: 2),
    Case(name: "thumbs up with skin tone", text: "👍🏽", width: 2),
    Case(name: "lone skin tone modifier", text: "🏽", width: 2),
    Case(name: "flag", text: "🇯🇵", width: 2),
    Case(name: "two flags", text: "🇯🇵🇫🇷", width: 4),
    Case(name: "lone regional indicator", text: "🇯", width: 2),
    Case(name: "heart text presentation", text: "❤", width: 1),
    Case(name: "heart with VS16", text: "❤️", width: 2),
    Case(name: "heart with VS15", text: "❤︎", width: 1),
    Case(name: "watch (Emoji_Presentation)", text: "⌚", width: 2),
    Case(name: "watch with VS15 keeps rule 1", text: "⌚︎", width: 2),
    Case(name: "smiley with VS16", text: "☺️", width: 2),
    Case(name: "lone VS16 cluster", text: "\u{FE0F}", width: 2),
    Case(name: "soft hyphen", text: "\u{00AD}", width: 1),
    Case(name: "word with soft hyphen", text: "co\u{00AD}op", width: 5),
    Case(name: "tab", text: "\t", width: 1),
    Case(name: "C0 control", text: "\u{01}", width: 0),
    Case(name: "DEL", text: "\u{7F}", width: 0),
    Case(name: "C1 control", text: "\u{9B}", width: 0),
    Case(name: "zero width space (Cf)", text: "\u{200B}", width: 0),
    Case(name: "word joiner", text: "\u{2060}", width: 0),
    Case(name: "lone ZWJ", text: "\u{200D}", width: 0),
    Case(name: "tag character (Cf)", text: "\u{E0041}", width: 0),
    Case(name: "unassigned default ignorable", text: "\u{E0080}", width: 0),
    Case(name: "Arabic", text: "مرحبا", width: 5),
    Case(name: "Devanagari with virama and vowel signs", text: "नमस्ते", width: 4),
    Case(name: "Thai with above vowel", text: "กิน", width: 2),
    Case(name: "mixed", text: "ab中👍🏽", width: 6),
  ]

  @Test(arguments: cases)
  func displayWidthOfText(_ testCase: Case) {
    #expect(displayWidth(of: testCase.text) == testCase.width)
    #expect(displayWidth(of: testCase.text[...]) == testCase.width)
    #expect(GraphemeClusters(testCase.text).reduce(0) { $0 + $1.width } == testCase.width)
  }

  @Test func clustersSplitWhereUnicode15Says() {
    let text = "e\u{0301}👍🏽🇯🇵\r\nx"
    let clusters = GraphemeClusters(text).map { (String(text[$0.range]), $0.width) }
    #expect(clusters.map(\.0) == ["e\u{0301}", "👍🏽", "🇯🇵", "\r\n", "x"])
    #expect(clusters.map(\.1) == [1, 2, 2, 0, 1])
  }

  @Test func clustersOfASubstringIndexTheBaseString() {
    let text = "ab中文"
    let tail = text.dropFirst(2)
    let clusters = Array(GraphemeClusters(tail))
    #expect(clusters.map { String(text[$0.range]) } == ["中", "文"])
  }

  @Test func scalarProperties() {
    let ideograph = ScalarProperties("中")
    #expect(ideograph.lineBreakClass == .ideographic)
    #expect(ideograph.columnWidth == 2)
    #expect(ScalarProperties("(").lineBreakClass == .openPunctuation)
    #expect(ScalarProperties("（").lineBreakClass == .eastAsianOpenPunctuation)
    #expect(ScalarProperties("\u{1F8FF}").lineBreakClass == .unassignedPictographic)
    #expect(ScalarProperties("\u{0E01}").lineBreakClass == .alphabetic)  // SA, not a mark
    #expect(ScalarProperties("\u{0E34}").lineBreakClass == .combiningMark)  // SA, Mn
    #expect(ScalarProperties("\u{3041}").lineBreakClass == .nonstarter)  // CJ
    #expect(ScalarProperties("\u{00A7}").lineBreakClass == .alphabetic)  // AI
    #expect(ScalarProperties("\u{FFFD}").lineBreakClass == .alphabetic)
    #expect(ScalarProperties("\u{0600}").graphemeBreak == .prepend)
    #expect(ScalarProperties("\u{0903}").graphemeBreak == .spacingMark)
    #expect(ScalarProperties("\u{1F600}").graphemeBreak == .extendedPictographic)
    #expect(ScalarProperties("\u{1F600}").hasEmojiPresentation)
    #expect(!ScalarProperties("#").hasEmojiPresentation)
  }
}
