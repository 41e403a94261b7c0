/// A printable ASCII scalar in the first font of a ``FontChain``, looked up once per chain: most
/// chat text is ASCII, and its glyph, scaled advance and whether it may start a substitution
/// are the same every time.
struct PrintableASCIIGlyph: Sendable {
  let glyph: UInt16
  /// The advance in 1/1024 units.
  let advance: Int
  /// Whether the glyph steps as a plain kerned glyph in a Latin (or undetermined) run, and in
  /// any other run: the first font has it, it is no mark and no substitution starts with it.
  let isPlainInLatinRun: Bool
  let isPlainInOtherRun: Bool

  /// The same glyph, stepped the general way in any run.
  var withoutShortcut: PrintableASCIIGlyph {
    PrintableASCIIGlyph(glyph: glyph, advance: advance, isPlainInLatinRun: false, isPlainInOtherRun: false)
  }

  private init(glyph: UInt16, advance: Int, isPlainInLatinRun: Bool, isPlainInOtherRun: Bool) {
    self.glyph = glyph
    self.advance = advance
    self.isPlainInLatinRun = isPlainInLatinRun
    self.isPlainInOtherRun = isPlainInOtherRun
  }

  init(primary font: Font, value: UInt32, multiplier: Int64) {
    glyph = font.characterMap.basic[Int(value)]
    let entry = Int(glyph) < font.glyphs.count ? font.glyphs[Int(glyph)] : 0
    // As FontChain.scaled scales for the first font.
    advance = Int(truncatingIfNeeded: (Int64(entry & 0xFFFF) &* multiplier &+ 32768) >> 16)
    let glyph = glyph
    let isPlain = glyph != 0 && entry & Font.markFlag == 0
    let substitutes =
      !font.substitutions.latin.isEmpty || !font.substitutions.arabic.isEmpty
      || !font.substitutions.other.isEmpty
    func starts(_ set: GlyphSubstitutions.LookupSet) -> Bool {
      substitutes && Int(glyph) < set.starts.count && set.starts[Int(glyph)] != 0
    }
    isPlainInLatinRun = isPlain && !starts(font.substitutions.latin)
    isPlainInOtherRun = isPlain && !starts(font.substitutions.other)
  }
}
