/// Turns scalars into advances and kerning, one at a time, as a shaper would.
///
/// Each scalar takes the glyph of the first font that has it (``FontChain``). Where the font's
/// GSUB substitutions may change the glyphs (an Arabic word, a Latin glyph that opens a
/// ligature), the rest of the word is shaped ahead in a ``SubstitutionWindow`` and its glyphs
/// are handed out scalar by scalar: a ligature's advance goes to its first scalar. A glyph GDEF
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
  /// The text, for shaping ahead.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var previousFont = -1
  private var previousGlyph: UInt16 = 0
  /// The previous glyph's printable ASCII scalar when it came from ``FontChain/printableASCII(_:)``,
  /// else 0: its kerning with the next one is then in ``FontChain/printableASCIIKerning(_:_:latin:)``.
  private var previousASCII: UInt32 = 0
  private var run = ScriptRun.undetermined
  private var window: SubstitutionWindow
  /// The end of the furthest scalar shaping has looked at, ahead of the scalars stepped over:
  /// a text cut before it would be shaped differently (``PointCutWidths``).
  private(set) var lookaheadEnd = 0

  /// - Parameters:
  ///   - chain: the fonts.
  ///   - bytes: the text.
  ///   - windowStorage: scratch memory for ``SubstitutionWindow/capacity`` shaped glyphs.
  init(chain: FontChain, bytes: UnsafeBufferPointer<UInt8>, windowStorage: UnsafeMutableBufferPointer<UInt32>)
  {
    self.chain = chain
    self.bytes = bytes
    window = SubstitutionWindow(storage: windowStorage)
  }

  /// Forgets the previous glyph: nothing kerns across what comes next.
  @inline(__always)
  mutating func endPair() {
    previousFont = -1
  }

  /// The advance of the scalar `value` at `offset` (`length` bytes) and its kerning with the
  /// glyph before it. Scalars must come in order.
  @inline(__always)
  mutating func step(_ value: UInt32, _ properties: ScalarProperties, at offset: Int, length: Int) -> Step {
    if value &- 0x20 < 0x5F {
      // Printable ASCII: a glyph, and a letter decides the run.
      if (value | 0x20) &- 0x61 < 26 { enterRun(.latin) }
      if window.isActive { return windowStep() }
      let ascii = chain.printableASCII(value)
      if run != .other ? ascii.isPlainInLatinRun : ascii.isPlainInOtherRun {
        return printableASCIIStep(value, ascii)
      }
      return glyphStep(value, properties, at: offset, length: length)
    }
    let script = ScriptRun.of(value)
    if script != .undetermined { enterRun(script) }
    if window.isActive { return windowStep() }
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
    if Self.isHidden(value, properties) {
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    return glyphStep(value, properties, at: offset, length: length)
  }

  @inline(__always)
  private mutating func enterRun(_ script: ScriptRun) {
    if run != script {
      if run != .undetermined { previousFont = -1 }
      run = script
    }
  }

  @inline(__always)
  private mutating func glyphStep(
    _ value: UInt32, _ properties: ScalarProperties, at offset: Int, length: Int
  )
    -> Step
  {
    let (font, glyph, entry) = chain.glyph(for: value)
    if chain.substitutes(font) && mayStartWindow(value, glyph, font: font),
      let step = shapedStep(value, glyph, font: font, at: offset, length: length)
    {
      return step
    }
    if Self.isMark(entry, properties, chain: chain, font: font) {
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    return kerned(glyph, font: font, advance: Int(entry & 0xFFFF))
  }

  /// The glyph `glyph` of `font`, `advance` font units wide, kerned with the previous glyph.
  @inline(__always)
  private mutating func kerned(_ glyph: UInt16, font: Int, advance: Int) -> Step {
    kerned(glyph, font: font, scaledAdvance: chain.scaled(advance, font: font))
  }

  /// The glyph `glyph` of `font`, `scaledAdvance` 1/1024 units wide, kerned with the previous
  /// glyph.
  @inline(__always)
  private mutating func kerned(_ glyph: UInt16, font: Int, scaledAdvance: Int) -> Step {
    let kerning =
      previousFont == font ? chain.kerning(previousGlyph, glyph, font: font, latin: run != .other) : 0
    previousFont = font
    previousGlyph = glyph
    previousASCII = 0
    return Step(advance: scaledAdvance, kerning: kerning, isGlyph: true)
  }

  /// ``kerned(_:font:scaledAdvance:)`` for a printable ASCII glyph of the first font: after
  /// another, the kerning is one table read.
  @inline(__always)
  private mutating func printableASCIIStep(_ value: UInt32, _ ascii: PrintableASCIIGlyph) -> Step {
    let latin = run != .other
    let kerning =
      previousFont != 0
      ? 0
      : previousASCII != 0
        ? chain.printableASCIIKerning(previousASCII, value, latin: latin)
        : chain.kerning(previousGlyph, ascii.glyph, font: 0, latin: latin)
    previousFont = 0
    previousGlyph = ascii.glyph
    previousASCII = value
    return Step(advance: ascii.advance, kerning: kerning, isGlyph: true)
  }

  /// The next scalar of the shaped window.
  private mutating func windowStep() -> Step {
    let entry = window.take()
    if entry & (SubstitutionWindow.hidden | SubstitutionWindow.removed | SubstitutionWindow.mark) != 0 {
      return Step(advance: 0, kerning: 0, isGlyph: false)
    }
    let font = window.font
    let glyph = UInt16(truncatingIfNeeded: entry)
    return kerned(glyph, font: font, advance: chain.advance(of: glyph, font: font))
  }

  /// A quick test that lets most glyphs by: a scalar of the Arabic blocks, or a glyph some
  /// lookup of the current run starts with.
  @inline(__always)
  private func mayStartWindow(_ value: UInt32, _ glyph: UInt16, font: Int) -> Bool {
    Self.isInArabicBlocks(value) || chain.substitutionStarts(glyph, font: font, latin: run != .other) != 0
  }

  @inline(__always)
  private static func isInArabicBlocks(_ value: UInt32) -> Bool {
    value &- 0x600 < 0x300 || value &- 0xFB50 < 0x3B0 || value &- 0x10EC0 < 0x40
  }

  /// Shapes the window that starts with `value` when a substitution may start there, and hands
  /// out its first scalar; `nil` when none may.
  @inline(never)
  private mutating func shapedStep(_ value: UInt32, _ glyph: UInt16, font: Int, at offset: Int, length: Int)
    -> Step?
  {
    let script: ShapingProperties.ScriptClass
    if Self.isInArabicBlocks(value) && ShapingProperties(value).scriptClass == .arabic {
      script = .arabic
      guard chain.substitutesArabic(font) else { return nil }
    } else {
      script = run == .other ? .other : .latin
      let starts = chain.substitutionStarts(glyph, font: font, latin: script == .latin)
      guard
        starts & 1 != 0
          || (starts & 2 != 0 && opensLigature(glyph, font: font, script: script, next: offset &+ length))
      else { return nil }
    }
    window.shape(bytes, from: offset, font: font, script: script, chain: chain)
    lookaheadEnd = max(lookaheadEnd, window.readEnd)
    return window.isActive ? windowStep() : nil
  }

  /// Whether `glyph` and the glyph at `next` open a ligature of the run's lookups (or a mark
  /// follows, which a ligature may skip).
  private mutating func opensLigature(
    _ glyph: UInt16, font: Int, script: ShapingProperties.ScriptClass, next: Int
  ) -> Bool {
    guard next < bytes.count else {
      // What follows the text would have been looked at.
      lookaheadEnd = max(lookaheadEnd, next &+ 1)
      return false
    }
    let decoded = UTF8Decoding.decode(bytes, at: next)
    lookaheadEnd = max(lookaheadEnd, next &+ decoded.length)
    let following = decoded.value
    let (nextFont, nextGlyph, nextEntry) = chain.glyph(for: following)
    guard nextFont == font else { return false }
    return chain.substitutions(font, script: script).ligatureOpenings.value(glyph, nextGlyph) != nil
      || nextEntry & Font.markFlag != 0
  }

  /// A scalar that can be appended after any scalar with the same effect but its kerning: a
  /// glyph of no script (it does not end a kerning run), not a mark, a control, a line break or
  /// a hidden scalar, that starts no substitution (so nothing after it is read).
  struct AppendedGlyph {
    let font: Int
    let glyph: UInt16
    /// The glyph's advance, in 1/1024 units.
    let advance: Int
  }

  /// `value` as an ``AppendedGlyph``; `nil` when appending it does more than add a kerned glyph.
  func appendedGlyph(_ value: UInt32) -> AppendedGlyph? {
    let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: value))
    guard value > 0x7F ? ScriptRun.of(value) == .undetermined : (value | 0x20) &- 0x61 >= 26,
      value &- 0x20 < 0x5F || !(value < 0x20 || value &- 0x7F < 0x21), !Self.isHidden(value, properties)
    else { return nil }
    switch properties.lineBreakClass {
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: return nil
    default: break
    }
    let (font, glyph, entry) = chain.glyph(for: value)
    let mayShape =
      chain.substitutes(font)
      && (Self.isInArabicBlocks(value) || chain.substitutionStarts(glyph, font: font, latin: true) != 0
        || chain.substitutionStarts(glyph, font: font, latin: false) != 0)
    guard !mayShape, !Self.isMark(entry, properties, chain: chain, font: font) else { return nil }
    return AppendedGlyph(font: font, glyph: glyph, advance: chain.scaled(Int(entry & 0xFFFF), font: font))
  }

  /// The kerning `appended` would have with the glyph before it, if it came now. Only while no
  /// shaped window is being handed out: ``lookaheadEnd`` is then at most the next offset.
  @inline(__always)
  func kerning(before appended: AppendedGlyph) -> Int {
    previousFont == appended.font
      ? chain.kerning(previousGlyph, appended.glyph, font: appended.font, latin: run != .other) : 0
  }

  /// The width of the hyphen Pango inserts after the previous glyph when it breaks a word
  /// there: the hyphen's advance in that glyph's font, and its kerning with the glyph (Pango
  /// shapes the hyphen with the text before it). The first font's hyphen when there is no
  /// previous glyph; 0 when the font has no hyphen.
  func insertedHyphenWidth() -> Int {
    let font = max(previousFont, 0)
    let hyphen = chain.hyphenGlyphs[font]
    guard hyphen != 0 else { return 0 }
    let advance = chain.scaled(chain.advance(of: hyphen, font: font), font: font)
    guard previousFont >= 0 else { return advance }
    return advance &+ chain.kerning(previousGlyph, hyphen, font: font, latin: run != .other)
  }

  /// Whether a glyph advances by nothing as a mark: GDEF says so, or, in a font without GDEF
  /// classes, the scalar is a zero-width extending scalar (a nonspacing mark).
  @inline(__always)
  static func isMark(_ entry: UInt32, _ properties: ScalarProperties, chain: FontChain, font: Int) -> Bool {
    entry & Font.markFlag != 0
      || (properties.columnWidth == 0 && properties.graphemeBreak == .extend && !chain.hasGlyphClasses(font))
  }

  /// Whether shaping hides the scalar: the soft hyphen and zero-width default-ignorables.
  @inline(__always)
  static func isHidden(_ value: UInt32, _ properties: ScalarProperties) -> Bool {
    value == 0xAD || (properties.columnWidth == 0 && isIgnorable(value, properties))
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
