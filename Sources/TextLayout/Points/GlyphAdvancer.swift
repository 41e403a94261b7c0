/// Turns scalars into advances and kerning, one at a time, as a shaper would for simple text.
///
/// Each scalar takes the glyph of the first font that has it (``FontChain``). A glyph GDEF
/// classes as a mark advances by 0, as HarfBuzz zeroes marks by GDEF class (by Unicode category,
/// nonspacing marks, when the font has no GDEF classes). Controls, default-ignorable scalars
/// (joiners, variation selectors, the soft hyphen) and line breaks advance by 0, as HarfBuzz hides
/// them and Pango does not shape paragraph separators. Kerning applies between consecutive glyphs
/// of one font in one script run (``ScriptRun``); marks and ignorable scalars between them are
/// skipped over, controls and line breaks end the pair.
struct GlyphAdvancer {
  /// What one scalar adds.
  struct Step {
    /// The scalar's advance, in 1/1024 units.
    var advance: Int
    /// The kerning between the previous glyph and this one, which belongs to the previous glyph.
    var kerning: Int
    /// Whether this scalar is a glyph that the next glyph may kern against.
    var isGlyph: Bool
  }

  let chain: FontChain
  private var previousFont = -1
  private var previousGlyph: UInt16 = 0
  private var run = ScriptRun.undetermined

  init(chain: FontChain) {
    self.chain = chain
  }

  /// Forgets the previous glyph: nothing kerns across what comes next.
  @inline(__always)
  mutating func endPair() {
    previousFont = -1
  }

  /// The advance of `value` and its kerning with the glyph before it.
  @inline(__always)
  mutating func step(_ value: UInt32, _ properties: ScalarProperties) -> Step {
    if value &- 0x20 < 0x5F {
      // Printable ASCII: a glyph, and a letter decides the run.
      if (value | 0x20) &- 0x61 < 26 { enterRun(.latin) }
      return glyphStep(value, properties)
    }
    let script = ScriptRun.of(value)
    if script != .undetermined { enterRun(script) }
    if value < 0x20 || value &- 0x7F < 0x21 {
      previousFont = -1
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    switch properties.lineBreakClass {
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine:
      previousFont = -1
      return Step(advance: 0, kerning: 0, isGlyph: false)
    default:
      break
    }
    if value == 0xAD || (properties.columnWidth == 0 && Self.isIgnorable(value, properties)) {
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    return glyphStep(value, properties)
  }

  @inline(__always)
  private mutating func enterRun(_ script: ScriptRun) {
    if run != script {
      if run != .undetermined { previousFont = -1 }
      run = script
    }
  }

  @inline(__always)
  private mutating func glyphStep(_ value: UInt32, _ properties: ScalarProperties) -> Step {
    let (font, glyph, entry) = chain.glyph(for: value)
    if entry & Font.markFlag != 0
      || (properties.columnWidth == 0 && properties.graphemeBreak == .extend
        && !chain.fonts[font].hasGlyphClasses)
    {
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    let kerning =
      previousFont == font ? chain.kerning(previousGlyph, glyph, font: font, latin: run != .other) : 0
    previousFont = font
    previousGlyph = glyph
    return Step(advance: chain.scaled(Int(entry & 0xFFFF), font: font), kerning: kerning, isGlyph: true)
  }

  /// Zero-width scalars a shaper hides: format characters and the default-ignorable extenders
  /// (combining grapheme joiner, Mongolian selectors, ZWNJ, variation selectors, tags).
  @inline(__always)
  private static func isIgnorable(_ value: UInt32, _ properties: ScalarProperties) -> Bool {
    switch properties.graphemeBreak {
    case .control, .zeroWidthJoiner:
      return true
    case .extend:
      switch value {
      case 0x34F, 0x180B...0x180F, 0x200C, 0xFE00...0xFE0F, 0xE0000...0xE0FFF: return true
      default: return false
      }
    default:
      return false
    }
  }
}
