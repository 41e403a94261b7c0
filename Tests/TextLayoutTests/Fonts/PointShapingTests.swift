import Testing
import TextLayout

/// Shaping as Pango 1.50 and HarfBuzz do it with DejaVu Sans at 15 px: joining forms,
/// ligatures, the hyphen inserted where a word breaks, kerning dropped at a break. The widths
/// are Pango's, from `pango-measure --probe` (Benchmarks/pango-reference/README.md), in Pango
/// units (1/1024 px).
@Suite struct PointShapingTests {
  static func measurer() throws -> PointTextMeasurer {
    PointTextMeasurer(font: try TestFonts.dejaVuSans(), size: 15)
  }

  static func units(_ points: Double) -> Int {
    Int((points * 1024).rounded())
  }

  @Test(arguments: [
    // Three glyphs: seen initial, lam-alef final ligature (rlig), meem final.
    ("\u{633}\u{644}\u{627}\u{645}", 31545),
    // Lam-alef: one glyph; with hamza (liga) as well.
    ("\u{644}\u{627}", 8760),
    ("\u{644}\u{623}", 8760),
    ("\u{645}\u{631}\u{62D}\u{628}\u{627} \u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645}", 81024),
    // Persian with a zero width non-joiner: it ends the joining and takes no width.
    ("\u{646}\u{6CC}\u{645}\u{200C}\u{641}\u{627}\u{635}\u{644}\u{647}", 57519),
  ])
  func arabicWordsTakeTheirJoiningFormsAndLigatures(text: String, width: Int) throws {
    let metrics = try Self.measurer().measure(text, maxWidth: 1_000.0)
    #expect(metrics.lineCount == 1)
    #expect(Self.units(metrics.widestLine) == width, "\(text.unicodeScalars.map(\.value))")
  }

  @Test(arguments: [
    // ffi and ffl are single glyphs, 31 font units narrower than their letters.
    ("office affluent", 106232),
    // fi: A does not kern with the ligature as it would with f.
    ("Afirka", 44536),
  ])
  func latinLigaturesReplaceTheirLetters(text: String, width: Int) throws {
    #expect(Self.units(try Self.measurer().measure(text, maxWidth: 1_000.0).widestLine) == width)
  }

  @Test func aWordBrokenInsideTakesAHyphen() throws {
    let measurer = try Self.measurer()
    let metrics = measurer.measure("Supercalifragilistic", maxWidth: 60.0)
    #expect(metrics.lineCount == 3)
    // Superc‐ (with U+2010 and its kerning with c), alifragi‐ 58646, listic.
    #expect(Self.units(metrics.widestLine) == 58651)
    let lines = measurer.lines(of: "Supercalifragilistic", maxWidth: 60)
    let text = "Supercalifragilistic"
    #expect(lines.map { String(text[$0.range]) } == ["Superc", "alifragi", "listic"])
    // A word after other words moves to the next line whole first.
    #expect(measurer.measure("ab Supercalifragilistic", maxWidth: 60.0).lineCount == 4)
  }

  @Test(arguments: [
    // Digits are Common: no hyphen, so six fit on a line.
    ("1234567890123", 60.0, 3, 58638),
    ("\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}-\u{43C}\u{438}\u{440}", 60.0, 2, 58734),
    // The break after the hyphen-minus drops its kerning with G: 109.54 px, not 110.09.
    ("Kappadokisch-Griechisch", 120.0, 2, 112166),
    ("Kappadokisch-Griechisch", 60.0, 5, 59927),
  ])
  func breaksMatchPango(text: String, width: Double, lines: Int, widest: Int) throws {
    let metrics = try Self.measurer().measure(text, maxWidth: width)
    #expect(metrics.lineCount == lines, "\(text)")
    #expect(Self.units(metrics.widestLine) == widest, "\(text)")
  }
}
