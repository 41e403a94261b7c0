/// Fonts tried in order for each scalar, with their advances scaled to one size.
///
/// Scaling follows HarfBuzz, which Pango uses: the font's scale is the size in 1/1024 units
/// (Pango units), and each value v in font units becomes `(v × mult + 32768) >> 16` with
/// `mult = (scale << 16) / unitsPerEm`, an integer rounded half up. Widths are then sums of these
/// integers, as Pango sums glyph positions.
struct FontChain: Sendable {
  /// The units a width is counted in per pixel (or point): Pango's `PANGO_SCALE`.
  static let unitsPerPixel = 1024

  let fonts: [Font]
  /// Per font: the HarfBuzz multiplier for the size.
  let multipliers: [Int64]
  /// The first font's BMP table and glyphs, read without going through `fonts`.
  private let primaryMap: [UInt16]
  private let primaryGlyphs: [UInt32]
  private let primaryMultiplier: Int64
  private let primaryLatinKerning: PairKerning
  private let primaryOtherKerning: PairKerning

  /// - Parameters:
  ///   - fonts: at least one font, the first tried first.
  ///   - scale: the size in 1/1024 units.
  init(primary: Font, fallbacks: [Font], scale: Int64) {
    fonts = [primary] + fallbacks
    multipliers = fonts.map { (scale << 16) / Int64($0.unitsPerEm) }
    primaryMap = primary.characterMap.basic
    primaryGlyphs = primary.glyphs
    primaryMultiplier = multipliers[0]
    primaryLatinKerning = primary.kerning.latin
    primaryOtherKerning = primary.kerning.other
  }

  /// `value` font units of font `font`, scaled.
  @inline(__always)
  func scaled(_ value: Int, font: Int) -> Int {
    Int(
      truncatingIfNeeded: (Int64(value) &* (font == 0 ? primaryMultiplier : multipliers[font]) &+ 32768) >> 16
    )
  }

  /// The first font that has a glyph for `value`, and the glyph; the first font's .notdef
  /// (glyph 0) when none has.
  ///
  /// - Returns: the font's index, the glyph, and the glyph's entry (advance and mark flag).
  @inline(__always)
  func glyph(for value: UInt32) -> (font: Int, glyph: UInt16, entry: UInt32) {
    if value < 0x1_0000 {
      let glyph = primaryMap[Int(value)]
      if glyph != 0 { return (0, glyph, primaryGlyphs[Int(glyph)]) }
    } else {
      let glyph = fonts[0].characterMap.glyph(for: value)
      if glyph != 0 { return (0, glyph, primaryGlyphs[Int(glyph)]) }
    }
    return fallbackGlyph(for: value)
  }

  private func fallbackGlyph(for value: UInt32) -> (font: Int, glyph: UInt16, entry: UInt32) {
    for index in 1..<fonts.count {
      let glyph = fonts[index].characterMap.glyph(for: value)
      if glyph != 0 { return (index, glyph, fonts[index].glyphs[Int(glyph)]) }
    }
    return (0, 0, primaryGlyphs[0])
  }

  /// The kerning of two glyphs of font `font`, scaled.
  @inline(__always)
  func kerning(_ left: UInt16, _ right: UInt16, font: Int, latin: Bool) -> Int {
    let value: Int32
    if font == 0 {
      value =
        latin ? primaryLatinKerning.adjustment(left, right) : primaryOtherKerning.adjustment(left, right)
    } else {
      let sets = fonts[font].kerning
      value = (latin ? sets.latin : sets.other).adjustment(left, right)
    }
    return value == 0 ? 0 : scaled(Int(value), font: font)
  }
}
