import Testing
import TextLayout
import TranscriptGenerator

/// The lines a measurement packs for a renderer (``RememberedLines``) are the lines drawing
/// wraps, at the width measured and at every narrower width that still holds the widest line,
/// which is the width a shrink-wrapped bubble's label has.
@Suite struct RememberedLinesTests {
  /// Grapheme test sequences, controls, bidi marks, wide clusters, long words and breaks,
  /// seeded, most of them short enough to be kept.
  static func corpus() throws -> [String] {
    let sequences = try ConformanceVectors.cases(in: "GraphemeBreakTest.txt").map {
      String(String.UnicodeScalarView($0.scalars))
    }
    let pieces = [
      "hello ", "world ", "a ", "日本語", "👍🏽", "🖐🏼", String(repeating: "\u{1100}", count: 5), "\u{1B}[2J",
      "\u{202E}", "\u{85}", "\t", "\u{0C}", "\n", "\r\n", "  ", "e\u{301}\u{301}", "\u{200B}",
      "a-long-hyphenated-word ", String(repeating: "x", count: 30), "ठीक है ", "مرحبا ",
    ]
    var random = SeededRandom(seed: 61)
    return (0..<1_500).map { _ in
      (0..<random.int(in: 1...10)).map { _ in
        random.below(3) == 0 ? sequences[random.below(sequences.count)] : pieces[random.below(pieces.count)]
      }.joined()
    }
  }

  @Test func packedLinesAreTheDrawnLinesAtEveryWidthThatHoldsThem() throws {
    let measurer = TerminalTextMeasurer()
    var random = SeededRandom(seed: 62)
    var kept = 0
    var narrower = 0
    for text in try Self.corpus() {
      let visible = VisibleText.of(text)
      let wrapWidth = random.int(in: 1...60)
      let (metrics, lines) = measurer.measureVisible(text, maxWidth: wrapWidth)
      #expect(metrics == measurer.measure(visible, maxWidth: wrapWidth), "\(text.debugDescription)")
      let keepable =
        visible.utf8.count <= RememberedLines.longestText && metrics.lineCount <= RememberedLines.capacity
      #expect((lines != nil) == keepable, "\(text.debugDescription) at \(wrapWidth)")
      guard let lines else { continue }
      kept += 1
      #expect(lines.isVisibleAsIs == text.utf8.elementsEqual(visible.utf8))
      #expect(lines.lineCount == metrics.lineCount)
      // A cluster wider than the wrap width has a line wider still: no label that narrow
      // draws these lines, the renderer wraps it and draws the cluster as one symbol.
      guard metrics.widestLine <= wrapWidth else {
        #expect(!lines.hold(width: wrapWidth, widestLine: metrics.widestLine))
        continue
      }
      for width in max(metrics.widestLine, 1)...wrapWidth {
        #expect(lines.hold(width: width, widestLine: metrics.widestLine))
        let drawn = measurer.drawnLines(of: visible, maxWidth: width)
        let utf8 = visible.utf8
        let expected = drawn.lines.map { line in
          (
            utf8.distance(
              from: utf8.startIndex, to: line.range.lowerBound)..<utf8.distance(
                from: utf8.startIndex, to: line.range.upperBound), line.width
          )
        }
        let packed = (0..<lines.lineCount).map { lines[$0] }
        #expect(
          packed.map(\.content) == expected.map(\.0), "\(text.debugDescription) at \(width) of \(wrapWidth)")
        #expect(
          packed.map(\.width) == expected.map(\.1), "\(text.debugDescription) at \(width) of \(wrapWidth)")
        #expect(lines.drawsEveryCluster == drawn.drawsEveryCluster, "\(text.debugDescription)")
        if width < wrapWidth { narrower += 1 }
      }
      #expect(!lines.hold(width: wrapWidth + 1, widestLine: metrics.widestLine))
      if metrics.widestLine > 1 {
        #expect(!lines.hold(width: metrics.widestLine - 1, widestLine: metrics.widestLine))
      }
    }
    // The corpus reaches both kinds, kept and not, and many narrower widths.
    #expect(kept > 500 && kept < 1_500)
    #expect(narrower > 1_000)
  }

  /// A word tagged with another width is not read as a line: a store that two measurements
  /// at different widths wrote at once hands out nothing rather than a mix.
  @Test func wordsOfAnotherWidthAreNotRead() throws {
    let (_, packed) = TerminalTextMeasurer().measureVisible("one two three four five six", maxWidth: 9)
    let lines = try #require(packed)
    #expect(lines.lineCount == 4)
    let words = lines.words
    let retagged = (words.1 & ~0xFFFF) | 11
    #expect(
      RememberedLines(
        wrapWidth: 9, lineCount: 4, drawsEveryCluster: true, isVisibleAsIs: true,
        words: (words.0, retagged, words.2))
        == nil)
    // The third word is not needed for four lines.
    #expect(
      RememberedLines(
        wrapWidth: 9, lineCount: 4, drawsEveryCluster: true, isVisibleAsIs: true, words: (words.0, words.1, 0)
      )
        != nil)
    #expect(
      RememberedLines(wrapWidth: 9, lineCount: 7, drawsEveryCluster: true, isVisibleAsIs: true, words: words)
        == nil)
    #expect(
      RememberedLines(wrapWidth: 9, lineCount: 0, drawsEveryCluster: true, isVisibleAsIs: true, words: words)
        == nil)
  }

  @Test func longOrManyLinedTextsAreMeasuredButNotKept() {
    let measurer = TerminalTextMeasurer()
    let long = String(repeating: "word ", count: 52)
    #expect(measurer.measureVisible(long, maxWidth: 300).lines == nil)
    #expect(measurer.measureVisible(long, maxWidth: 300).metrics == measurer.measure(long, maxWidth: 300))
    let sevenLines = "a b c d e f g"
    #expect(measurer.measureVisible(sevenLines, maxWidth: 1).lines == nil)
    #expect(measurer.measureVisible(sevenLines, maxWidth: 3).lines?.lineCount == 4)
  }
}
