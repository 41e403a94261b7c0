/// A TrueType or OpenType font face, read for measuring text: which glyph each scalar maps
/// to, how far each glyph advances, which glyphs are marks, how pairs kern, and which glyphs
/// shaping substitutes (GSUB single and ligature substitutions of the default features).
///
/// Reads `.ttf`, `.otf` (CFF outlines are not needed and not read) and collections (`.ttc`,
/// one face chosen by index). A font is immutable once read and shared freely across threads.
/// Values are in font units; ``unitsPerEm`` converts them to a size.
public struct Font: Sendable {
  /// Font units per em: a glyph's advance at size s is `advance × s / unitsPerEm`.
  public let unitsPerEm: Int
  /// The distance from the baseline to the top of a line, in font units.
  public let ascender: Int
  /// The distance from the baseline to the bottom of a line, in font units (negative below).
  public let descender: Int
  /// The gap the font asks for between lines, in font units.
  public let lineGap: Int
  /// How many glyphs the face has.
  public let glyphCount: Int

  let characterMap: CharacterMap
  /// Each glyph's advance in the low 16 bits, and ``markFlag`` for marks.
  let glyphs: [UInt32]
  let kerning: KerningTables.Sets
  /// The GSUB substitutions shaping applies by default.
  let substitutions: GlyphSubstitutions
  /// Whether GDEF classes the glyphs; without it, shapers take marks from Unicode categories.
  let hasGlyphClasses: Bool

  /// Set in a ``glyphs`` entry when GDEF classes the glyph as a mark (class 3).
  static let markFlag: UInt32 = 1 << 16

  /// Reads face `faceIndex` of a font file.
  ///
  /// Line metrics are those HarfBuzz reports, and so Pango uses: the OS/2 typographic ascender,
  /// descender and line gap when OS/2 sets USE_TYPO_METRICS (fsSelection bit 7), else those of
  /// `hhea`.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - faceIndex: the face of a collection; 0 for a single font.
  /// - Throws: ``FontError`` naming what is wrong when the file is not a font this reader
  ///   reads, a table it needs is missing, or any table it reads is truncated or malformed.
  /// - Complexity: O(n + g) for a file of n bytes and g glyphs, with a 128 KB table for the
  ///   Basic Multilingual Plane.
  public init(bytes: [UInt8], faceIndex: Int = 0) throws(FontError) {
    let directory = try FontDirectory(bytes: bytes, faceIndex: faceIndex)

    let head = try directory.requiredTable("head")
    let unitsPerEm = Int(try head.uint16(18))
    guard (16...16384).contains(unitsPerEm) else { throw .invalid("head", "unitsPerEm \(unitsPerEm)") }
    self.unitsPerEm = unitsPerEm

    let glyphCount = Int(try directory.requiredTable("maxp").uint16(4))
    guard glyphCount > 0 else { throw .invalid("maxp", "no glyphs") }
    self.glyphCount = glyphCount

    let hhea = try directory.requiredTable("hhea")
    var ascender = Int(try hhea.int16(4))
    var descender = Int(try hhea.int16(6))
    var lineGap = Int(try hhea.int16(8))
    // An OS/2 table too short to hold the typographic metrics (version 0 of 68 bytes) is ignored.
    if let os2 = try directory.table("OS/2"), os2.length >= 78, try os2.uint16(62) & 0x80 != 0 {
      ascender = Int(try os2.int16(68))
      descender = Int(try os2.int16(70))
      lineGap = Int(try os2.int16(72))
    }
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap

    let metricCount = min(Int(try hhea.uint16(34)), glyphCount)
    guard metricCount > 0 else { throw .invalid("hhea", "numberOfHMetrics is 0") }
    let hmtx = try directory.requiredTable("hmtx")
    try hmtx.require(0, count: metricCount, size: 4)
    var glyphs = [UInt32](repeating: 0, count: glyphCount)
    for glyph in 0..<glyphCount {
      // Glyphs past the last long metric take its advance.
      glyphs[glyph] = UInt32(hmtx.uncheckedUInt16(4 * min(glyph, metricCount - 1)))
    }
    var hasGlyphClasses = false
    if let gdef = try directory.table("GDEF") {
      let offset = Int(try gdef.uint16(4))
      if offset != 0 {
        hasGlyphClasses = true
        let classes = try LayoutCoverage.classes(try gdef.subtable(at: offset), glyphCount: glyphCount)
        for glyph in 0..<glyphCount where classes[glyph] == 3 { glyphs[glyph] |= Self.markFlag }
      }
    }
    self.glyphs = glyphs
    self.hasGlyphClasses = hasGlyphClasses

    characterMap = try CharacterMap(try directory.requiredTable("cmap"), glyphCount: glyphCount)
    kerning = try KerningTables.read(
      gpos: try directory.table("GPOS"), kern: try directory.table("kern"), glyphCount: glyphCount)
    substitutions = try SubstitutionTables.read(try directory.table("GSUB"), glyphCount: glyphCount)
  }

  /// The number of faces in a font file: 1 for a single font, more for a collection.
  ///
  /// - Throws: ``FontError`` when the file is neither.
  public static func faceCount(in bytes: [UInt8]) throws(FontError) -> Int {
    try FontDirectory.faceCount(in: bytes)
  }

  /// The glyph `scalar` maps to, or `nil` when the font has none for it.
  ///
  /// - Complexity: O(1) in the Basic Multilingual Plane, O(log r) above it.
  public func glyph(for scalar: Unicode.Scalar) -> UInt16? {
    let glyph = characterMap.glyph(for: scalar.value)
    return glyph == 0 ? nil : glyph
  }

  /// How far `glyph` advances, in font units; 0 for a glyph the font does not have.
  public func advance(of glyph: UInt16) -> Int {
    Int(glyph) < glyphCount ? Int(glyphs[Int(glyph)] & 0xFFFF) : 0
  }

  /// Whether GDEF classes `glyph` as a mark, which shaping gives no advance.
  public func isMark(_ glyph: UInt16) -> Bool {
    Int(glyph) < glyphCount && glyphs[Int(glyph)] & Self.markFlag != 0
  }

  /// The change that kerning makes to the advances of `left` followed by `right`, in font units.
  ///
  /// - Parameters:
  ///   - left: the first glyph.
  ///   - right: the glyph after it.
  ///   - latin: whether the pair is in a Latin run; other runs take the font's default kerning.
  /// - Complexity: O(1) for a font whose `kern` feature has a fixed number of lookups.
  public func kerning(between left: UInt16, and right: UInt16, latin: Bool = true) -> Int {
    Int((latin ? kerning.latin : kerning.other).adjustment(left, right))
  }
}

extension Font: CustomStringConvertible {
  /// A short summary: the tables behind it are too large to print.
  public var description: String {
    "Font(unitsPerEm: \(unitsPerEm), glyphCount: \(glyphCount), ascender: \(ascender), descender: \(descender))"
  }
}
