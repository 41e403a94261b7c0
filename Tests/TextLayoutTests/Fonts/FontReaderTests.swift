import Testing
import TextLayout

/// The font reader against fontTools' reading of DejaVu Sans, and on small fonts built for one
/// feature each.
@Suite struct FontReaderTests {
  @Test func readsTheLineMetricsOfDejaVuSans() throws {
    let font = try TestFonts.dejaVuSans()
    // From fontTools: head.unitsPerEm, hhea ascent/descent/lineGap (OS/2 does not set
    // USE_TYPO_METRICS), maxp.numGlyphs.
    #expect(font.unitsPerEm == 2048)
    #expect(font.ascender == 1901)
    #expect(font.descender == -483)
    #expect(font.lineGap == 0)
    #expect(font.glyphCount == 6253)
  }

  @Test func glyphsAdvancesAndMarksAgreeWithFontTools() throws {
    let font = try TestFonts.dejaVuSans()
    #expect(DejaVuSansFacts.glyphs.count == 632)  // every row of the fixture parsed
    for fact in DejaVuSansFacts.glyphs {
      let scalar = try #require(Unicode.Scalar(fact.scalar))
      let glyph = font.glyph(for: scalar)
      #expect(Int(glyph ?? 0) == fact.glyph, "glyph of U+\(String(fact.scalar, radix: 16))")
      #expect(font.advance(of: glyph ?? 0) == fact.advance, "advance of U+\(String(fact.scalar, radix: 16))")
      #expect(font.isMark(glyph ?? 0) == fact.isMark, "mark class of U+\(String(fact.scalar, radix: 16))")
    }
  }

  @Test func kerningAgreesWithFontTools() throws {
    let font = try TestFonts.dejaVuSans()
    #expect(DejaVuSansFacts.pairs.count == 676)
    var kerned = 0
    for pair in DejaVuSansFacts.pairs {
      let left = try #require(Unicode.Scalar(pair.left).flatMap(font.glyph(for:)))
      let right = try #require(Unicode.Scalar(pair.right).flatMap(font.glyph(for:)))
      let name = "\(Character(Unicode.Scalar(pair.left)!))\(Character(Unicode.Scalar(pair.right)!))"
      #expect(font.kerning(between: left, and: right, latin: true) == pair.latin, "\(name) in a Latin run")
      #expect(font.kerning(between: left, and: right, latin: false) == pair.other, "\(name) in another run")
      if pair.latin != 0 { kerned += 1 }
    }
    #expect(kerned > 100)
  }

  @Test(arguments: [("AV", -131), ("To", -348), ("Ty", -319), ("LT", -282)])
  func knownKerningPairs(text: String, value: Int) throws {
    let font = try TestFonts.dejaVuSans()
    let glyphs = try text.unicodeScalars.map { try #require(font.glyph(for: $0)) }
    #expect(font.kerning(between: glyphs[0], and: glyphs[1]) == value)
  }

  @Test func aBuiltFontReadsBack() throws {
    var builder = FontBuilder.monospace([0x41, 0x56, 0x301], advance: 600)
    builder.marks = [3]
    builder.gposPairs = [(1, 2, -80)]
    let font = try Font(bytes: builder.data)
    #expect(font.unitsPerEm == 1000)
    #expect(font.glyph(for: "A") == 1)
    #expect(font.glyph(for: "B") == nil)
    #expect(font.advance(of: 2) == 600)
    #expect(font.isMark(3) && !font.isMark(1))
    #expect(font.kerning(between: 1, and: 2) == -80)
    #expect(font.kerning(between: 2, and: 1) == 0)
    #expect((font.ascender, font.descender, font.lineGap) == (800, -200, 90))
  }

  @Test func typographicMetricsWhenOS2AsksForThem() throws {
    var builder = FontBuilder.monospace([0x41], advance: 600)
    builder.useTypoMetrics = true
    let font = try Font(bytes: builder.data)
    #expect((font.ascender, font.descender, font.lineGap) == (700, -300, 50))
  }

  @Test func kerningThroughAnExtensionLookup() throws {
    var builder = FontBuilder.monospace([0x41, 0x56], advance: 600)
    builder.gposPairs = [(1, 2, -70)]
    builder.throughExtension = true
    #expect(try Font(bytes: builder.data).kerning(between: 1, and: 2) == -70)
  }

  @Test func legacyKernTableWhenGPOSHasNoKerning() throws {
    var builder = FontBuilder.monospace([0x41, 0x56], advance: 600)
    builder.legacyPairs = [(1, 2, -40)]
    #expect(try Font(bytes: builder.data).kerning(between: 1, and: 2) == -40)
    builder.gposPairs = [(1, 2, -70)]
    #expect(try Font(bytes: builder.data).kerning(between: 1, and: 2) == -70)
  }

  @Test func aCollectionFaceIsChosenByIndex() throws {
    let narrow = FontBuilder.monospace([0x41], advance: 300).data
    let wide = FontBuilder.monospace([0x41], advance: 900).data
    let collection = FontBuilder.collection([narrow, wide])
    #expect(try Font.faceCount(in: collection) == 2)
    #expect(try Font(bytes: collection, faceIndex: 0).advance(of: 1) == 300)
    #expect(try Font(bytes: collection, faceIndex: 1).advance(of: 1) == 900)
    #expect(throws: FontError.self) { try Font(bytes: collection, faceIndex: 2) }
    #expect(throws: FontError.self) { try Font(bytes: narrow, faceIndex: 1) }
  }

  @Test func aCFFFontNeedsNoOutlines() throws {
    var builder = FontBuilder.monospace([0x41], advance: 600)
    builder.signature = 0x4F54_544F
    builder.extraTables["CFF "] = [1, 0, 4, 1]
    #expect(try Font(bytes: builder.data).advance(of: 1) == 600)
  }

  @Test func fontErrorsSayWhatIsWrong() {
    let error = #expect(throws: FontError.self) { try Font(bytes: Array("hello, world".utf8)) }
    #expect(error?.description == "not a font this reader reads: unknown signature 0x68656c6c")
    var builder = FontBuilder.monospace([0x41], advance: 600)
    builder.extraTables["hmtx"] = [0, 1]
    let truncated = #expect(throws: FontError.self) { try Font(bytes: builder.data) }
    #expect(truncated?.description == "font table 'hmtx' is truncated: 8 bytes at offset 0 run past its end")
  }
}
