/// The GSUB substitutions a shaper applies by default, read into tables for three kinds of
/// run: Latin, Arabic and every other script.
///
/// Only the lookups that change which glyphs a text has without context are read: single
/// substitution (lookup type 1) and ligature substitution (type 4), directly or through an
/// extension (type 7). Contextual lookups (types 5, 6, 8), multiple and alternate substitution
/// are left out; in the fonts chat text meets, the default features use them for mark
/// placement variants that do not change a line's width.
///
/// Which features, as HarfBuzz chooses them for a run of the script, in the default language
/// system of the script's `GSUB` entry (`latn` or `arab`, else `DFLT`):
/// - for Arabic, the joining forms `isol`, `fina`, `medi` and `init`, each applied only to the
///   glyphs that take that form (``JoiningForm``), then `rlig`, then `calt`, `clig`, `liga`,
///   `rclt`; `ccmp` and `locl` before the forms;
/// - for other runs, `ccmp`, `locl`, `rlig`, `calt`, `clig`, `liga`, `rclt` and `rvrn`.
/// Within one stage the lookups apply in the order of their indexes, as HarfBuzz applies them.
struct GlyphSubstitutions: Sendable {
  /// The joining form a letter takes, by whether it joins the letters around it.
  enum JoiningForm: Int, CaseIterable {
    case isolated, final, medial, initial
  }

  /// One lookup, its subtables merged.
  struct Lookup: Sendable {
    /// Whether the lookup skips glyphs GDEF classes as marks (LookupFlag IgnoreMarks).
    var ignoresMarks: Bool
    /// Single substitutions: the first subtable that covers a glyph gives its substitute.
    var singles: [UInt16: UInt16]
    /// Ligatures by their first glyph, in the order they are tried: subtable by subtable, each
    /// subtable's ligature set in order.
    var ligatures: [UInt16: [Ligature]]
  }

  /// A ligature: the glyphs after the first that it takes, and the glyph it becomes.
  struct Ligature: Sendable {
    var components: [UInt16]
    var glyph: UInt16
  }

  /// The substitutions of one kind of run; a class, so that shaping a window shares it
  /// instead of copying its tables.
  final class LookupSet: Sendable {
    /// Per ``JoiningForm``: each glyph's substitute under the form's feature, 0 for none.
    /// Empty where the font has no such feature (and always outside Arabic).
    let forms: [[UInt16]]
    /// The lookups in the order they apply: the first ``lookupsBeforeForms`` before the forms
    /// (Arabic's `ccmp` and `locl`), the rest after them.
    let lookups: [Lookup]
    let lookupsBeforeForms: Int
    /// Per glyph: bit 0 when a lookup substitutes it alone, bit 1 when a ligature starts with
    /// it. Most glyphs are 0, and a run of them needs no lookup at all.
    let starts: [UInt8]
    /// Every pair of a ligature's first glyph and its first component: a ligature cannot start
    /// where the next glyph does not complete one of these.
    let ligatureOpenings: GlyphPairTable

    init(
      forms: [[UInt16]], lookups: [Lookup], lookupsBeforeForms: Int, starts: [UInt8],
      ligatureOpenings: GlyphPairTable
    ) {
      self.forms = forms
      self.lookups = lookups
      self.lookupsBeforeForms = lookupsBeforeForms
      self.starts = starts
      self.ligatureOpenings = ligatureOpenings
    }

    static let none = LookupSet(
      forms: [], lookups: [], lookupsBeforeForms: 0, starts: [], ligatureOpenings: GlyphPairTable(capacity: 0)
    )

    /// Whether the set substitutes nothing.
    var isEmpty: Bool { forms.isEmpty && lookups.isEmpty }

    /// Whether a lookup of the set may substitute `glyph` alone or start a ligature with it.
    @inline(__always)
    func mayChange(_ glyph: UInt16) -> Bool {
      Int(glyph) < starts.count && starts[Int(glyph)] != 0
    }
  }

  var latin: LookupSet
  var arabic: LookupSet
  var other: LookupSet

  /// No substitutions: a font without GSUB.
  static let none = GlyphSubstitutions(latin: .none, arabic: .none, other: .none)
}
