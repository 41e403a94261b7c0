import Testing

@testable import TextLayout

/// The GSUB reader against fontTools' reading of DejaVu Sans, and built fonts.
@Suite struct GlyphSubstitutionTests {
  /// `lookup first components… > ligature` rows of a fixture, without the lookup index.
  static func ligatureRows(_ text: String) -> [String] {
    text.split(separator: "\n").map { row in
      row.split(separator: " ").dropFirst().joined(separator: " ")
    }
  }

  /// The same rows from a set's lookups, in the order they are tried.
  static func ligatureRows(_ lookups: ArraySlice<GlyphSubstitutions.Lookup>) -> [String] {
    lookups.flatMap { lookup in
      lookup.ligatures.keys.sorted().flatMap { first in
        lookup.ligatures[first, default: []].map { ligature in
          ([first] + ligature.components).map(String.init).joined(separator: " ") + " > \(ligature.glyph)"
        }
      }
    }
  }

  /// Groups rows by first glyph, keeping their order: the order ligatures are tried in.
  static func byFirstGlyph(_ rows: [String]) -> [String: [String]] {
    Dictionary(grouping: rows) { String($0.split(separator: " ")[0]) }
  }

  @Test func latinLigaturesAreFontToolsLigaturesInOrder() throws {
    let set = try TestFonts.dejaVuSans().substitutions.latin
    let expected = Self.ligatureRows(DejaVuSansSubstitutionFixture.latinLigatures)
    #expect(expected.count == 5)
    #expect(Self.byFirstGlyph(Self.ligatureRows(set.lookups[...])) == Self.byFirstGlyph(expected))
    // f opens ligatures with f, i and l, and with nothing else.
    #expect(set.ligatureOpenings.value(73, 76) != nil)
    #expect(set.ligatureOpenings.value(73, 82) == nil)
    #expect(set.mayChange(73))
    #expect(!set.mayChange(68))
  }

  @Test func arabicLigaturesAreFontToolsLigaturesInOrder() throws {
    let set = try TestFonts.dejaVuSans().substitutions.arabic
    let expected = Self.ligatureRows(DejaVuSansSubstitutionFixture.arabicLigatures)
    #expect(expected.count > 30)
    let read = Self.ligatureRows(set.lookups[set.lookupsBeforeForms...])
    #expect(read.sorted() == expected.sorted())
    #expect(Self.byFirstGlyph(read) == Self.byFirstGlyph(expected))
  }

  @Test(arguments: [
    (GlyphSubstitutions.JoiningForm.final, DejaVuSansSubstitutionFixture.finalForms),
    (.medial, DejaVuSansSubstitutionFixture.medialForms),
    (.initial, DejaVuSansSubstitutionFixture.initialForms),
  ])
  func arabicFormsAreFontToolsMappings(form: GlyphSubstitutions.JoiningForm, fixture: String) throws {
    let forms = try TestFonts.dejaVuSans().substitutions.arabic.forms
    try #require(forms.count == GlyphSubstitutions.JoiningForm.allCases.count)
    let map = forms[form.rawValue]
    let rows = fixture.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
    #expect(rows.count > 50)
    for row in rows {
      #expect(Int(map[row[0]]) == row[1], "glyph \(row[0]) in \(form)")
    }
    #expect(map.filter { $0 != 0 }.count == rows.count)
    // DejaVu Sans has no `isol`: isolated letters keep their glyphs.
    #expect(forms[GlyphSubstitutions.JoiningForm.isolated.rawValue].allSatisfy { $0 == 0 })
  }

  @Test func aBuiltFontReadsItsSubstitutionsDirectlyAndThroughExtensions() throws {
    for throughExtension in [false, true] {
      var builder = FontBuilder.monospace([0x61, 0x62, 0x63, 0x64], advance: 500)
      builder.advances += [300, 700]  // glyphs 5 and 6
      builder.gsubSingles = [(4, 5)]
      builder.gsubLigatures = [([1, 2, 3], 6), ([1, 2], 5)]
      builder.gsubThroughExtension = throughExtension
      let font = try Font(bytes: builder.data)
      let set = font.substitutions.latin
      #expect(set.lookups.count == 2)
      #expect(set.lookups[0].singles == [4: 5])
      #expect(Self.ligatureRows(set.lookups[...]) == ["1 2 3 > 6", "1 2 > 5"])
      // Every run takes DFLT's `liga`.
      #expect(font.substitutions.other.lookups.count == 2)
      #expect(font.substitutions.arabic.lookups.count == 2)
    }
  }
}

/// Where Pango inserts a hyphen at a break inside a word.
@Suite struct HyphenRuleTests {
  static func insertsHyphen(between before: String, and after: Unicode.Scalar) -> Bool {
    var rule = HyphenRule()
    for scalar in before.unicodeScalars {
      rule.advance(over: ShapingProperties(scalar.value), value: scalar.value)
    }
    return rule.insertsHyphen(before: ShapingProperties(after.value))
  }

  @Test(
    arguments: [
      ("ab", "c", true),  // Latin letters
      ("\u{3B1}", "\u{3B2}", true),  // Greek
      ("\u{628}", "\u{628}", true),  // Arabic
      ("a", "1", true),  // a letter and a number make one word
      ("e\u{301}", "x", true),  // after a mark (Inherited)
      ("1", "2", false),  // digits are Common
      ("a", "(", false),  // a word boundary
      ("a", " ", false),  // before a space
      ("a-", "b", false),  // after a hyphen
      ("a", "\u{2010}", false),  // before one
      ("\u{4E2D}", "\u{6587}", false),  // Han
      ("\u{30AB}", "\u{30BF}", false),  // Katakana
      ("a\u{AD}", "b", true),  // after a soft hyphen, which is Common
    ] as [(String, Unicode.Scalar, Bool)])
  func theRuleOfPangosBreakC(before: String, after: Unicode.Scalar, expected: Bool) {
    #expect(Self.insertsHyphen(between: before, and: after) == expected, "\(before) | \(after)")
  }
}
