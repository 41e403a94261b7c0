import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// The point measurer: widths from fontTools' advances and kerning, the wrapping rules of the
/// terminal measurer, fallback fonts and line height.
@Suite struct PointTextMeasurerTests {
  /// HarfBuzz's scaling at 15 px for a 2048-unit em: `(v × mult + 32768) >> 16`.
  static func units(_ value: Int, size: Double = 15, unitsPerEm: Int = 2048) -> Int {
    let multiplier = (Int(size * 1024) << 16) / unitsPerEm
    return (value * multiplier + 32768) >> 16
  }

  static let facts = Dictionary(uniqueKeysWithValues: DejaVuSansFacts.glyphs.map { ($0.scalar, $0) })

  @Test func eachScalarIsItsAdvanceFromFontTools() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    // Not the space (it hangs) nor the soft hyphen (shapers hide it).
    for fact in DejaVuSansFacts.glyphs
    where fact.glyph != 0 && !fact.isMark && fact.scalar != 0x20 && fact.scalar != 0xAD {
      let text = String(Character(Unicode.Scalar(fact.scalar)!))
      let metrics = measurer.measure(text, maxWidth: 10_000.0)
      #expect(
        metrics.widestLine == Double(Self.units(fact.advance)) / 1024, "U+\(String(fact.scalar, radix: 16))")
    }
  }

  /// Greek, Cyrillic and Hebrew kern with nothing in DejaVu Sans's default `kern` lookups and
  /// take no default substitution, so a run of them is the sum of its advances. (Arabic letters
  /// take their joining forms: `PointShapingTests`.)
  @Test func aLineIsTheSumOfItsAdvancesFromFontTools() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let plain = DejaVuSansFacts.glyphs.filter {
      !$0.isMark && $0.glyph != 0 && (0x370..<0x600).contains($0.scalar)
    }
    var checked = 0
    for start in stride(from: 0, to: plain.count - 6, by: 6) {
      let run = plain[start..<start + 6]
      let text = String(String.UnicodeScalarView(run.compactMap { Unicode.Scalar($0.scalar) }))
      let expected = run.reduce(0) { $0 + Self.units($1.advance) }
      let metrics = measurer.measure(text, maxWidth: 10_000.0)
      #expect(metrics.lineCount == 1)
      #expect(metrics.widestLine == Double(expected) / 1024, "\(text.debugDescription)")
      checked += 1
    }
    #expect(checked > 20)
  }

  @Test func kernedPairsAddTheirKerning() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    for pair in DejaVuSansFacts.pairs where pair.latin != 0 {
      let text = String(String.UnicodeScalarView([Unicode.Scalar(pair.left)!, Unicode.Scalar(pair.right)!]))
      let left = try #require(Self.facts[pair.left])
      let right = try #require(Self.facts[pair.right])
      let expected = Self.units(left.advance) + Self.units(right.advance) + Self.units(pair.latin)
      #expect(measurer.measure(text, maxWidth: 1_000.0).widestLine == Double(expected) / 1024, "\(text)")
    }
  }

  @Test func avIsNarrowerThanItsGlyphs() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    // A 1401, V 1401, kerning −131 (fontTools): 10508 + 10508 − 982 units.
    #expect(measurer.measure("AV", maxWidth: 100.0).widestLine == Double(10508 + 10508 - 982) / 1024)
    // No kerning across a run of another script: Cyrillic А is not Latin A.
    let cyrillic = measurer.measure("\u{410}V", maxWidth: 100.0).widestLine
    #expect(cyrillic == Double(10508 + 10508) / 1024)
  }

  @Test func marksAndIgnorablesAdvanceByNothing() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let e = measurer.measure("e", maxWidth: 100.0).widestLine
    #expect(e > 0)
    for text in ["e\u{301}", "e\u{301}\u{308}", "e\u{200D}", "e\u{FE0F}", "\u{AD}e", "e\u{200B}"] {
      #expect(measurer.measure(text, maxWidth: 100.0).widestLine == e, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func theLineHeightIsAscenderMinusDescender() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    // 1901 → 14258 and −483 → −3622 units: HarfBuzz rounds each.
    #expect(measurer.lineHeight == Double(14258 + 3622) / 1024)
    let metrics = measurer.measure("one\ntwo\nthree", maxWidth: 100.0)
    #expect(metrics.lineCount == 3)
    #expect(metrics.height == 3 * measurer.lineHeight)
  }

  @Test func scalarsTheFontLacksComeFromTheFallbacks() throws {
    let first = try Font(bytes: FontBuilder.monospace([0x41], advance: 500).data)
    let dejaVu = try TestFonts.dejaVuSans()
    let measurer = PointTextMeasurer(font: first, fallbacks: [dejaVu], size: 15)
    // A from the first font (500 of 1000 units: 7.5 px), B from DejaVu Sans (1405 units).
    let b = try #require(Self.facts[0x42])
    #expect(measurer.measure("AB", maxWidth: 100.0).widestLine == Double(7680 + Self.units(b.advance)) / 1024)
    // A scalar no font has takes the first font's .notdef.
    #expect(measurer.measure("\u{4E2D}", maxWidth: 100.0).widestLine == 7.5)
  }

  @Test func spacesThatEndALineAreNotCounted() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let word = measurer.measure("word", maxWidth: 1_000.0).widestLine
    #expect(measurer.measure("word    ", maxWidth: 1_000.0).widestLine == word)
    #expect(measurer.measure("word    ", maxWidth: 1_000.0).lineCount == 1)
  }

  @Test func aWordWiderThanTheLineBreaksBetweenClusters() throws {
    // Every glyph 1 em at size 10: 10 px each.
    let font = try Font(bytes: FontBuilder.monospace(Array(0x61...0x7A) + [0x301], advance: 1000).data)
    let measurer = PointTextMeasurer(font: font, size: 10)
    let metrics = measurer.measure("abcdefghij", maxWidth: 35.0)
    #expect(metrics.lineCount == 4)
    #expect(metrics.widestLine == 30)
  }

  /// With a font whose every glyph is 1 em at size 1, no kerning and no hyphen (so the hyphen
  /// Pango inserts where a word breaks takes no width; `-` is drawn as .notdef, also 1 em),
  /// points are columns: the point measurer must agree with the terminal measurer on ASCII text.
  @Test func aMonospaceFontAgreesWithTheTerminalMeasurer() throws {
    let font = try Font(
      bytes: FontBuilder.monospace(Array(0x20...0x7E).filter { $0 != 0x2D }, advance: 1000).data)
    let points = PointTextMeasurer(font: font, size: 1)
    let columns = TerminalTextMeasurer()
    let seed = SeededRandom.seed(fromEnvironment: "TEXTLAYOUT_SEED", default: 0x907_1275)
    var generator = SeededRandom(seed: seed)
    let alphabet = Array("abcdefghij klmnop  QRS 0123 ,.;:!?()-/'\"$%\n")
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...80, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      for width in [1, 3, 7, 20, 60] {
        let expected = columns.measure(text, maxWidth: width)
        #expect(
          points.measure(text, maxWidth: width) == expected,
          "seed \(seed), \(text.debugDescription) at \(width)")
        let lines = points.lines(of: text, maxWidth: width)
        #expect(lines.count == expected.lineCount)
        #expect(lines.map(\.width) == columns.lines(of: text, maxWidth: width).map(\.width))
      }
    }
  }

  /// A line never starts inside a grapheme cluster, even where UAX #14 alone has a break
  /// (after a Prepend, between a space and a mark): the terminal measurer's rule.
  @Test func linesStartOnlyAtClusterStarts() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let seed = DifferentialTests.seed ^ 0x2
    var generator = SeededRandom(seed: seed)
    for _ in 0..<1_000 {
      let text = DifferentialTests.randomText(&generator)
      let clusterStarts = Set(GraphemeClusters(text).map(\.range.lowerBound) + [text.endIndex])
      for width in [10, 40, 120] {
        let starts = measurer.lines(of: text, maxWidth: width).map(\.range.lowerBound)
        let inside = starts.filter { !clusterStarts.contains($0) }
        #expect(inside.isEmpty, "seed \(seed), \(text.debugDescription) at \(width)")
      }
    }
  }

  @Test func wholePointsRoundUp() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let exact = measurer.measure("AV", maxWidth: 100.0).widestLine
    #expect(measurer.measure("AV", maxWidth: 100).widestLine == Int(exact.rounded(.up)))
  }

  @Test func absurdSizesAndWidthsAreClamped() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: .infinity)
    #expect(measurer.size == PointTextMeasurer.largestSize)
    for width in [Double.nan, -1, 0, .infinity, 1e300] {
      #expect(measurer.measure("a b c", maxWidth: width).lineCount >= 1)
    }
    #expect(
      PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: .nan).measure("abc", maxWidth: 10.0)
        .widestLine == 0)
  }

  @Test func measurersAreSharedAcrossTasks() async throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let expected = measurer.measure("Typography takes time", maxWidth: 60.0)
    let results = await withTaskGroup(of: PointTextMetrics.self) { group in
      for _ in 0..<8 { group.addTask { measurer.measure("Typography takes time", maxWidth: 60.0) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0 == expected })
    #expect(expected.lineCount > 1)
  }
}
