import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// The one-pass widths of cut texts against measuring each cut text with its ellipsis.
@Suite struct PointCutWidthsTests {
  static let seed = SeededRandom.seed(fromEnvironment: "TEXTLAYOUT_SEED", default: 0xC07_3117)

  /// The random pieces, with words DejaVu Sans shapes: Latin ligatures and Arabic joining.
  static let pieces =
    DifferentialTests.pieces + [
      "office", "affluent", "fi", "ffl", "Afirka", "AV", "To", "Wa", "f", "ff", "\u{644}\u{627}",
      "\u{633}\u{644}\u{627}\u{645}", "AVAVAV", "yo", "P.",
    ]

  static func randomText(_ generator: inout SeededRandom) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...24, using: &generator) {
      if let piece = pieces.randomElement(using: &generator) { text += piece }
    }
    return text
  }

  /// Every width the pass knows is what the cut text with the suffix measures; the cuts are
  /// the ends of the grapheme clusters.
  static func check(_ text: String, suffix: Unicode.Scalar, maxWidth: Int, measurer: PointTextMeasurer)
    -> String?
  {
    let cuts = measurer.cutWidths(of: text, appending: suffix, maxWidth: maxWidth)
    let ends = GraphemeClusters(text).map {
      text.utf8.distance(from: text.startIndex, to: $0.range.upperBound)
    }
    guard cuts.clusterEnds == ends else { return "cluster ends \(cuts.clusterEnds), expected \(ends)" }
    for end in ends {
      guard let known = cuts.width(cutAt: end) else { continue }
      let cut = String(text[..<text.utf8.index(text.startIndex, offsetBy: end)]) + String(suffix)
      let measured = measurer.measure(cut, maxWidth: maxWidth).widestLine
      if known != measured { return "cut at \(end): \(known), measured \(measured)" }
    }
    return nil
  }

  @Test(arguments: [100_000, 120, 40])
  func knownWidthsAreMeasuredWidths(maxWidth: Int) throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    var generator = SeededRandom(seed: Self.seed ^ UInt64(maxWidth))
    for iteration in 0..<1500 {
      let text = Self.randomText(&generator)
      let suffix: Unicode.Scalar = iteration % 3 == 0 ? "." : "…"
      if let failure = Self.check(text, suffix: suffix, maxWidth: maxWidth, measurer: measurer) {
        Issue.record(
          "seed \(Self.seed) iteration \(iteration) \(text.unicodeScalars.map(\.value)): \(failure)")
        return
      }
    }
  }

  @Test func plainTextIsKnownAtEveryCut() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let text = "> ann: Lunch at noon? AV To"
    let cuts = measurer.cutWidths(of: text, appending: "…", maxWidth: 100_000)
    #expect(cuts.clusterEnds.count == text.count)
    #expect(cuts.clusterEnds.allSatisfy { cuts.width(cutAt: $0) != nil })
    #expect(Self.check(text, suffix: "…", maxWidth: 100_000, measurer: measurer) == nil)
  }

  /// A cut inside or just before a shaped word, or after a line break, is left to measuring.
  @Test func shapedWordsAndLineBreaksAreLeftToMeasuring() throws {
    let measurer = PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
    let text = "an office\nx"
    let cuts = measurer.cutWidths(of: text, appending: "…", maxWidth: 100_000)
    // "an o|ffice": the ligature looks past the cut; "an office|": the word's end was read.
    #expect(cuts.width(cutAt: 5) == nil)
    #expect(cuts.width(cutAt: 9) == nil)
    #expect(cuts.width(cutAt: 11) == nil)
    #expect(cuts.width(cutAt: 3) != nil)
  }
}
