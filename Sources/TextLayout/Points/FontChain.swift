/// Fonts tried in order for each scalar, with their advances scaled to one size.
///
/// Scaling follows HarfBuzz, which Pango uses: the font's scale is the size in 1/1024 units
/// (Pango units), and each value v in font units becomes `(v × mult + 32768) >> 16` with
/// `mult = (scale << 16) / unitsPerEm`, an integer rounded half up. Widths are then sums of these
/// integers, as Pango sums glyph positions.
struct FontChain: Sendable {
  /// The units a width is counted in per pixel (or point): Pango's `PANGO_SCALE`.
  static let unitsPerPixel = 1024

  /// The tables, behind one reference: a measurer is copied for every text it measures, and one
  /// retain is cheaper than one per array.
  private final class Tables: Sendable {
    let fonts: [Font]
    let multipliers: [Int64]
    let hyphenGlyphs: [UInt16]
    let substitutingFonts: [Bool]
    let latinSets: [GlyphSubstitutions.LookupSet]
    let arabicSets: [GlyphSubstitutions.LookupSet]
    let otherSets: [GlyphSubstitutions.LookupSet]
    let primaryLatinStarts: [UInt8]
    let primaryOtherStarts: [UInt8]
    let primaryMap: [UInt16]
    let primaryGlyphs: [UInt32]
    let primaryLatinKerning: PairKerning
    let primaryOtherKerning: PairKerning
    let printableASCII: [PrintableASCIIGlyph]
    /// The scaled kerning of each pair of printable ASCII glyphs of the first font: in Latin
    /// runs, then in other runs (``printableASCIIKerning(_:_:latin:)``).
    let printableASCIIKerning: [Int32]

    init(fonts: [Font], scale: Int64) {
      self.fonts = fonts
      multipliers = fonts.map { (scale << 16) / Int64($0.unitsPerEm) }
      hyphenGlyphs = fonts.map { font in
        let hyphen = font.characterMap.glyph(for: 0x2010)
        return hyphen != 0 ? hyphen : font.characterMap.glyph(for: 0x2D)
      }
      substitutingFonts = fonts.map {
        !$0.substitutions.latin.isEmpty || !$0.substitutions.arabic.isEmpty || !$0.substitutions.other.isEmpty
      }
      latinSets = fonts.map(\.substitutions.latin)
      arabicSets = fonts.map(\.substitutions.arabic)
      otherSets = fonts.map(\.substitutions.other)
      let primary = fonts[0]
      primaryLatinStarts = primary.substitutions.latin.starts
      primaryOtherStarts = primary.substitutions.other.starts
      primaryMap = primary.characterMap.basic
      primaryGlyphs = primary.glyphs
      primaryLatinKerning = primary.kerning.latin
      primaryOtherKerning = primary.kerning.other
      let multiplier = multipliers[0]
      let printableASCII = (0x20..<0x7F).map { value in
        PrintableASCIIGlyph(primary: primary, value: UInt32(value), multiplier: multiplier)
      }
      var kerning: [Int32] = []
      kerning.reserveCapacity(2 * 95 * 95)
      for table in [primary.kerning.latin, primary.kerning.other] {
        for left in printableASCII {
          for right in printableASCII {
            let value = Int64(table.adjustment(left.glyph, right.glyph))
            // As FontChain.scaled scales for the first font.
            kerning.append(Int32(clamping: (value &* multiplier &+ 32768) >> 16))
          }
        }
      }
      // A font whose kerning outgrows the table (a tiny em at a huge size) is read glyph by
      // glyph instead.
      let fits = kerning.allSatisfy { $0 != .min && $0 != .max }
      self.printableASCII = fits ? printableASCII : printableASCII.map(\.withoutShortcut)
      printableASCIIKerning = kerning
    }
  }

  private let tables: Tables
  private let primaryMultiplier: Int64
  private let primarySubstitutes: Bool

  /// The fonts, the first tried first.
  var fonts: [Font] { tables.fonts }
  /// Per font: the glyph of the hyphen Pango inserts (U+2010, else `-`; 0 when neither).
  var hyphenGlyphs: [UInt16] { tables.hyphenGlyphs }

  /// - Parameters:
  ///   - fonts: at least one font, the first tried first.
  ///   - scale: the size in 1/1024 units.
  init(primary: Font, fallbacks: [Font], scale: Int64) {
    tables = Tables(fonts: [primary] + fallbacks, scale: scale)
    primaryMultiplier = tables.multipliers[0]
    primarySubstitutes = tables.substitutingFonts[0]
  }

  /// What the first font does with printable ASCII `value` (U+0020 to U+007E).
  @inline(__always)
  func printableASCII(_ value: UInt32) -> PrintableASCIIGlyph {
    tables.printableASCII[Int(value &- 0x20)]
  }

  /// ``kerning(_:_:font:latin:)`` of the first font's glyphs for printable ASCII `left` and
  /// `right`.
  @inline(__always)
  func printableASCIIKerning(_ left: UInt32, _ right: UInt32, latin: Bool) -> Int {
    let index = (latin ? 0 : 95 * 95) &+ Int(left &- 0x20) &* 95 &+ Int(right &- 0x20)
    return Int(tables.printableASCIIKerning[index])
  }

  /// `value` font units of font `font`, scaled.
  @inline(__always)
  func scaled(_ value: Int, font: Int) -> Int {
    Int(
      truncatingIfNeeded: (Int64(value) &* (font == 0 ? primaryMultiplier : tables.multipliers[font]) &+ 32768)
        >> 16
    )
  }

  /// The first font that has a glyph for `value`, and the glyph; the first font's .notdef
  /// (glyph 0) when none has.
  ///
  /// - Returns: the font's index, the glyph, and the glyph's entry (advance and mark flag).
  @inline(__always)
  func glyph(for value: UInt32) -> (font: Int, glyph: UInt16, entry: UInt32) {
    if value < 0x1_0000 {
      let glyph = tables.primaryMap[Int(value)]
      if glyph != 0 { return (0, glyph, tables.primaryGlyphs[Int(glyph)]) }
    } else {
      let glyph = tables.fonts[0].characterMap.glyph(for: value)
      if glyph != 0 { return (0, glyph, tables.primaryGlyphs[Int(glyph)]) }
    }
    return fallbackGlyph(for: value)
  }

  private func fallbackGlyph(for value: UInt32) -> (font: Int, glyph: UInt16, entry: UInt32) {
    for index in 1..<fonts.count {
      let glyph = fonts[index].characterMap.glyph(for: value)
      if glyph != 0 { return (index, glyph, fonts[index].glyphs[Int(glyph)]) }
    }
    return (0, 0, tables.primaryGlyphs[0])
  }

  /// How far `glyph` of font `font` advances, in font units.
  @inline(__always)
  func advance(of glyph: UInt16, font: Int) -> Int {
    if font == 0 {
      let glyphs = tables.primaryGlyphs
      return Int(glyph) < glyphs.count ? Int(glyphs[Int(glyph)] & 0xFFFF) : 0
    }
    return fonts[font].advance(of: glyph)
  }

  /// Whether font `font` substitutes glyphs by default (GSUB).
  @inline(__always)
  func substitutes(_ font: Int) -> Bool {
    font == 0 ? primarySubstitutes : tables.substitutingFonts[font]
  }

  /// Whether font `font` has Arabic substitutions (joining forms, ligatures).
  func substitutesArabic(_ font: Int) -> Bool {
    !tables.arabicSets[font].isEmpty
  }

  /// The substitutions of font `font` for a run of `script`: Arabic, Latin (or common and
  /// inherited), or other.
  func substitutions(_ font: Int, script: ShapingProperties.ScriptClass) -> GlyphSubstitutions.LookupSet {
    switch script {
    case .arabic: tables.arabicSets[font]
    case .latin, .common, .inherited: tables.latinSets[font]
    default: tables.otherSets[font]
    }
  }

  /// Whether GDEF classes `glyph` of font `font` as a mark.
  func isMark(_ glyph: UInt16, font: Int) -> Bool {
    if font == 0 {
      let glyphs = tables.primaryGlyphs
      return Int(glyph) < glyphs.count && glyphs[Int(glyph)] & Font.markFlag != 0
    }
    return tables.fonts[font].isMark(glyph)
  }

  /// Whether font `font` has GDEF glyph classes.
  func hasGlyphClasses(_ font: Int) -> Bool {
    fonts[font].hasGlyphClasses
  }

  /// What the Latin (`latin`) or other lookups of font `font` may do with `glyph`: see
  /// ``GlyphSubstitutions/LookupSet/starts``.
  @inline(__always)
  func substitutionStarts(_ glyph: UInt16, font: Int, latin: Bool) -> UInt8 {
    if font == 0 {
      let starts = latin ? tables.primaryLatinStarts : tables.primaryOtherStarts
      return Int(glyph) < starts.count ? starts[Int(glyph)] : 0
    }
    let set = latin ? fonts[font].substitutions.latin : fonts[font].substitutions.other
    return set.starts.count > Int(glyph) ? set.starts[Int(glyph)] : 0
  }

  /// The kerning of two glyphs of font `font`, scaled.
  @inline(__always)
  func kerning(_ left: UInt16, _ right: UInt16, font: Int, latin: Bool) -> Int {
    let value: Int32
    if font == 0 {
      value =
        latin
        ? tables.primaryLatinKerning.adjustment(left, right)
        : tables.primaryOtherKerning.adjustment(left, right)
    } else {
      let sets = fonts[font].kerning
      value = (latin ? sets.latin : sets.other).adjustment(left, right)
    }
    return value == 0 ? 0 : scaled(Int(value), font: font)
  }
}
