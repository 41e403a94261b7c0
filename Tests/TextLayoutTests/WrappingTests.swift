import Testing
import TextLayout
import TranscriptGenerator

/// The greedy wrapping of Documentation/TextMetrics.md, rule by rule.
@Suite struct WrappingTests {
  let measurer = TerminalTextMeasurer()

  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var width: Int
    var lines: [String]
    var widest: Int
    var testDescription: String { "\(text.debugDescription) at \(width)" }
  }

  static let cases: [Case] = [
    // The worked examples of Documentation/TextMetrics.md.
    Case(text: "aaaa    b", width: 5, lines: ["aaaa", "b"], widest: 4),
    Case(text: "   abc", width: 10, lines: ["   abc"], widest: 6),
    Case(text: "abc\n", width: 10, lines: ["abc"], widest: 3),
    Case(text: "abc\n\n", width: 10, lines: ["abc", ""], widest: 3),
    Case(text: "", width: 10, lines: [""], widest: 0),
    // Hanging spaces take no width when deciding fit but count toward the next segment.
    Case(text: "aaaaa     ", width: 5, lines: ["aaaaa"], widest: 5),
    Case(text: "ab cd", width: 5, lines: ["ab cd"], widest: 5),
    Case(text: "ab cd", width: 4, lines: ["ab", "cd"], widest: 2),
    Case(text: "ab  cd", width: 5, lines: ["ab", "cd"], widest: 2),
    Case(text: "ab   \ncd", width: 10, lines: ["ab", "cd"], widest: 2),
    Case(text: "hello world foo bar", width: 7, lines: ["hello", "world", "foo bar"], widest: 7),
    // Segments wider than the line are placed cluster by cluster.
    Case(text: "abcdefghij", width: 4, lines: ["abcd", "efgh", "ij"], widest: 4),
    Case(text: "ab abcdefg", width: 4, lines: ["ab", "abcd", "efg"], widest: 4),
    Case(
      text: "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", width: 4,
      lines: ["e\u{301}e\u{301}e\u{301}e\u{301}", "e\u{301}e\u{301}"], widest: 4),
    Case(text: "👍🏽👍🏽👍🏽", width: 5, lines: ["👍🏽👍🏽", "👍🏽"], widest: 4),
    // W = 1: a wide cluster takes a line of its own.
    Case(text: "中文字", width: 1, lines: ["中", "文", "字"], widest: 2),
    Case(text: "a中b", width: 1, lines: ["a", "中", "b"], widest: 2),
    Case(text: "ab", width: 1, lines: ["a", "b"], widest: 1),
    Case(text: "👨‍👩‍👧‍👦🇯🇵", width: 1, lines: ["👨‍👩‍👧‍👦", "🇯🇵"], widest: 2),
    // Mandatory breaks.
    Case(text: "a\r\nb", width: 10, lines: ["a", "b"], widest: 1),
    Case(text: "a\rb", width: 10, lines: ["a", "b"], widest: 1),
    Case(text: "a\u{85}b", width: 10, lines: ["a", "b"], widest: 1),
    Case(text: "a\u{2028}b", width: 10, lines: ["a", "b"], widest: 1),
    Case(text: "a\u{2029}b", width: 10, lines: ["a", "b"], widest: 1),
    Case(text: "a\u{0B}b\u{0C}c", width: 10, lines: ["a", "b", "c"], widest: 1),
    Case(text: "a\r\n", width: 10, lines: ["a"], widest: 1),
    Case(text: "\n", width: 10, lines: [""], widest: 0),
    Case(text: "\n\n", width: 10, lines: ["", ""], widest: 0),
    Case(text: "a\n   b", width: 10, lines: ["a", "   b"], widest: 4),
    // No break opportunity: glue, numbers, punctuation.
    Case(text: "a\u{00A0}b c", width: 3, lines: ["a\u{00A0}b", "c"], widest: 3),
    Case(text: "($12.50)", width: 4, lines: ["($12", ".50)"], widest: 4),
    Case(text: "well, ok!", width: 6, lines: ["well,", "ok!"], widest: 5),
    // No break inside a grapheme cluster, where UAX #14 alone has one: after a Prepend (GB9b),
    // before an emoji modifier on a base without Emoji_Modifier_Base, after a space before a
    // mark (LB18). The cluster keeps its width: 4 after U+0604, 2 with emoji presentation.
    Case(
      text: "x\u{0604}\u{1F468}\u{200D}\u{1F469}y", width: 3,
      lines: ["x", "\u{0604}\u{1F468}\u{200D}\u{1F469}", "y"], widest: 4),
    Case(text: "\u{1F600}\u{1F3FD}", width: 2, lines: ["\u{1F600}\u{1F3FD}"], widest: 2),
    Case(text: "x \u{FE0F}", width: 10, lines: ["x \u{FE0F}"], widest: 3),
    Case(text: "ab \u{0301}cd", width: 3, lines: ["ab \u{0301}", "cd"], widest: 3),
  ]

  @Test(arguments: cases)
  func wraps(_ testCase: Case) {
    let metrics = measurer.measure(testCase.text, maxWidth: testCase.width)
    #expect(metrics == TextMetrics(lineCount: testCase.lines.count, widestLine: testCase.widest))
    let lines = measurer.lines(of: testCase.text, maxWidth: testCase.width)
    #expect(lines.map { String(testCase.text[$0.range]) } == testCase.lines)
    #expect(lines.map(\.width) == testCase.lines.map { displayWidth(of: $0) })
  }

  @Test(arguments: [0, -1, Int.min])
  func widthBelowOneIsOne(width: Int) {
    #expect(measurer.measure("ab c", maxWidth: width) == measurer.measure("ab c", maxWidth: 1))
    #expect(measurer.lines(of: "ab c", maxWidth: width) == measurer.lines(of: "ab c", maxWidth: 1))
  }

  @Test func hugeWidthIsOneLine() {
    #expect(measurer.measure("a b c", maxWidth: Int.max) == TextMetrics(lineCount: 1, widestLine: 5))
  }

  @Test func measurerIsUsableThroughTheProtocol() {
    let any: any TextMeasurer = measurer
    #expect(any.measure("ab cd", maxWidth: 4).lineCount == any.lines(of: "ab cd", maxWidth: 4).count)
  }
}

/// ``TerminalTextMeasurer/drawnLines(of:maxWidth:)``: when it says every cluster is drawn,
/// each line's clusters all have a width and add up to the line's width, so a renderer may
/// write the line as its bytes; and it says so of most chat text.
@Suite struct DrawnLinesTests {
  /// Every sequence of the grapheme test file, alone and between words and spaces, with
  /// zero-width scalars, prepends, line breaks and emoji, wrapped at widths 1 to 40.
  @Test func everyClusterIsDrawnOnlyWhenNoneHasNoWidth() throws {
    let sequences = try ConformanceVectors.cases(in: "GraphemeBreakTest.txt").map {
      String(String.UnicodeScalarView($0.scalars))
    }
    let extras = [
      "\u{200B}", "\u{0600} ", "\u{0600}", "\u{0301}", "\u{FE0F}", "\u{200D}", "\n", "\r\n", "  ", "👍🏽",
      "日本", "word",
    ]
    var random = SeededRandom(seed: 41)
    var texts = sequences + sequences.map { "a \($0) b" } + sequences.map { "\($0) " }
    for _ in 0..<2_000 {
      texts.append(
        (0..<random.int(in: 1...8)).map { _ in
          random.below(2) == 0 ? sequences[random.below(sequences.count)] : extras[random.below(extras.count)]
        }.joined(separator: random.below(2) == 0 ? " " : ""))
    }
    var drawnWhole = 0
    for (index, text) in texts.enumerated() {
      let width = index % 40 + 1
      let (lines, drawsEveryCluster) = TerminalTextMeasurer().drawnLines(of: text, maxWidth: width)
      #expect(lines == TerminalTextMeasurer().lines(of: text, maxWidth: width))
      let clusters = lines.map { GraphemeClusters(String(text[$0.range])).map(\.width) }
      guard drawsEveryCluster else { continue }
      drawnWhole += 1
      for (line, widths) in zip(lines, clusters) {
        #expect(!widths.contains(0), "\(text.debugDescription) at \(width)")
        #expect(widths.reduce(0, +) == line.width, "\(text.debugDescription) at \(width)")
      }
    }
    #expect(drawnWhole > texts.count / 4)
    let chat = ["hello there 👋", "日本語のテキスト", "ठीक है, मैं देख लूँगा।", "مرحبا بك", "👨‍👩‍👧‍👦 🇯🇵 ❤️"]
    for text in chat {
      #expect(TerminalTextMeasurer().drawnLines(of: text, maxWidth: 7).drawsEveryCluster, "\(text)")
    }
  }
}
