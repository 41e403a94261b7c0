/// Reads a font's `GSUB` table into ``GlyphSubstitutions``, every read bounds-checked.
///
/// Limits keep a hostile table from making the reader slow or large: at most
/// ``maximumLookups`` lookups per kind of run, ``maximumSubtables`` subtables and
/// ``maximumEntries`` substitutions and ligatures in all; past them reading stops with an error.
/// A ligature of more than ``maximumComponents`` glyphs is left out (no shaped window is that
/// long), and substitutes past the font's glyphs are ignored. Real fonts stay far below.
enum SubstitutionTables {
  static let maximumLookups = 64
  static let maximumSubtables = 1024
  static let maximumEntries = 1 << 20
  static let maximumComponents = 32

  private static let single: UInt16 = 1
  private static let ligature: UInt16 = 4
  private static let extensionLookup: UInt16 = 7
  private static let ignoreMarks: UInt16 = 0x0008

  private static let latinScript = tag("latn")
  private static let arabicScript = tag("arab")
  private static let defaultScripts = [tag("DFLT"), tag("dflt")]
  private static let prefixFeatures = [tag("ccmp"), tag("locl")]
  /// The form features, in ``GlyphSubstitutions/JoiningForm`` order.
  private static let formFeatures = [tag("isol"), tag("fina"), tag("medi"), tag("init")]
  private static let requiredLigatures = [tag("rlig")]
  private static let arabicLaterFeatures = [tag("calt"), tag("clig"), tag("liga"), tag("rclt")]
  private static let defaultFeatures = [
    tag("ccmp"), tag("locl"), tag("rlig"), tag("calt"), tag("clig"), tag("liga"), tag("rclt"), tag("rvrn"),
  ]

  private static func tag(_ text: StaticString) -> UInt32 {
    var value: UInt32 = 0
    for index in 0..<4 { value = value << 8 | UInt32(text.utf8Start[index]) }
    return value
  }

  /// Reads the substitutions of a face; ``GlyphSubstitutions/none`` without a `GSUB` table.
  ///
  /// - Throws: ``FontError`` when the table is truncated or malformed, or goes past the limits.
  /// - Complexity: O(s + g × l) for s substitutions, g glyphs and l form lookups.
  static func read(_ gsub: FontTableReader?, glyphCount: Int) throws(FontError) -> GlyphSubstitutions {
    guard let gsub else { return .none }
    var reader = try Reader(gsub, glyphCount: glyphCount)
    let latinFeatures = try reader.features(preferring: [latinScript] + defaultScripts)
    let arabicFeatures = try reader.features(preferring: [arabicScript] + defaultScripts)
    let otherFeatures = try reader.features(preferring: defaultScripts)

    let latin = try reader.lookupSet(before: [], forms: [], after: [latinFeatures.lookups(defaultFeatures)])
    let other = try reader.lookupSet(before: [], forms: [], after: [otherFeatures.lookups(defaultFeatures)])
    let arabic = try reader.lookupSet(
      before: arabicFeatures.lookups(prefixFeatures),
      forms: formFeatures.map { arabicFeatures.lookups([$0]) },
      after: [arabicFeatures.lookups(requiredLigatures), arabicFeatures.lookups(arabicLaterFeatures)])
    return GlyphSubstitutions(latin: latin, arabic: arabic, other: other)
  }

  /// The features of one script's default language system: tag → lookup indexes.
  struct ScriptFeatures {
    var byTag: [UInt32: [Int]] = [:]

    /// The lookups of the features `tags`, merged and sorted by index.
    func lookups(_ tags: [UInt32]) -> [Int] {
      Array(Set(tags.flatMap { byTag[$0] ?? [] })).sorted()
    }
  }

  private struct Reader {
    let table: FontTableReader
    let glyphCount: Int
    let scripts: FontTableReader
    let features: FontTableReader
    let lookupList: FontTableReader
    let lookupCount: Int
    private var scriptOffsets: [UInt32: Int] = [:]
    private var lookupCache: [Int: GlyphSubstitutions.Lookup] = [:]
    private var subtableCount = 0
    private var entryCount = 0

    init(_ table: FontTableReader, glyphCount: Int) throws(FontError) {
      self.table = table
      self.glyphCount = glyphCount
      let major = try table.uint16(0)
      guard major == 1 else { throw .invalid("GSUB", "version \(major)") }
      scripts = try table.subtable(at: Int(try table.uint16(4)))
      features = try table.subtable(at: Int(try table.uint16(6)))
      lookupList = try table.subtable(at: Int(try table.uint16(8)))
      lookupCount = Int(try lookupList.uint16(0))
      try lookupList.require(2, count: lookupCount, size: 2)
      let scriptCount = Int(try scripts.uint16(0))
      try scripts.require(2, count: scriptCount, size: 6)
      for index in 0..<scriptCount {
        let tag = try scripts.uint32(2 + 6 * index)
        if scriptOffsets[tag] == nil { scriptOffsets[tag] = Int(scripts.uncheckedUInt16(2 + 6 * index + 4)) }
      }
    }

    /// The features of the first script of `tags` that the table has.
    func features(preferring tags: [UInt32]) throws(FontError) -> ScriptFeatures {
      var result = ScriptFeatures()
      guard let offset = tags.lazy.compactMap({ scriptOffsets[$0] }).first else { return result }
      let script = try scripts.subtable(at: offset)
      let languageOffset = Int(try script.uint16(0))
      guard languageOffset != 0 else { return result }
      let language = try script.subtable(at: languageOffset)
      let featureCount = Int(try features.uint16(0))
      let required = Int(try language.uint16(2))
      let count = Int(try language.uint16(4))
      try language.require(6, count: count, size: 2)
      var indexes = (0..<count).map { Int(language.uncheckedUInt16(6 + 2 * $0)) }
      if required != 0xFFFF { indexes.append(required) }
      for feature in indexes {
        guard feature < featureCount else {
          throw .invalid("GSUB", "language system names feature \(feature) of \(featureCount)")
        }
        let tag = try features.uint32(2 + 6 * feature)
        let list = try features.subtable(at: Int(try features.uint16(2 + 6 * feature + 4)))
        let lookupCount = Int(try list.uint16(2))
        try list.require(4, count: lookupCount, size: 2)
        for index in 0..<lookupCount {
          let lookup = Int(list.uncheckedUInt16(4 + 2 * index))
          guard lookup < self.lookupCount else {
            throw .invalid("GSUB", "feature names lookup \(lookup) of \(self.lookupCount)")
          }
          result.byTag[tag, default: []].append(lookup)
        }
      }
      return result
    }

    /// The set for the lookups `before` the joining forms, the `forms` (one lookup list per
    /// ``GlyphSubstitutions/JoiningForm``, or none) and the stages `after` them.
    mutating func lookupSet(before: [Int], forms formLookups: [[Int]], after stages: [[Int]])
      throws(FontError)
      -> GlyphSubstitutions.LookupSet
    {
      let total = before.count + stages.reduce(0) { $0 + $1.count } + formLookups.reduce(0) { $0 + $1.count }
      guard total <= SubstitutionTables.maximumLookups else {
        throw .invalid("GSUB", "more than \(SubstitutionTables.maximumLookups) lookups for one script")
      }
      var forms: [[UInt16]] = []
      if formLookups.contains(where: { !$0.isEmpty }) {
        for lookups in formLookups {
          var map = [UInt16](repeating: 0, count: glyphCount)
          for index in lookups {
            let lookup = try self.lookup(index)
            guard !lookup.singles.isEmpty else { continue }
            for glyph in 0..<glyphCount {
              let current = map[glyph] != 0 ? map[glyph] : UInt16(glyph)
              if let substitute = lookup.singles[current] { map[glyph] = substitute }
            }
          }
          forms.append(map)
        }
      }
      var lookups: [GlyphSubstitutions.Lookup] = []
      var lookupsBeforeForms = 0
      var starts = [UInt8](repeating: 0, count: glyphCount)
      var openings = GlyphPairTable(capacity: 0)
      for (stage, indexes) in ([before] + stages).enumerated() {
        for index in indexes {
          let lookup = try self.lookup(index)
          guard !lookup.singles.isEmpty || !lookup.ligatures.isEmpty else { continue }
          for glyph in lookup.singles.keys { starts[Int(glyph)] |= 1 }
          for (glyph, ligatures) in lookup.ligatures {
            for ligature in ligatures {
              if let second = ligature.components.first {
                starts[Int(glyph)] |= 2
                openings.insertIfAbsent(glyph, second, 1)
              } else {
                starts[Int(glyph)] |= 1  // a ligature of one glyph substitutes it alone
              }
            }
          }
          lookups.append(lookup)
        }
        if stage == 0 { lookupsBeforeForms = lookups.count }
      }
      guard !forms.isEmpty || !lookups.isEmpty else { return .none }
      return GlyphSubstitutions.LookupSet(
        forms: forms, lookups: lookups, lookupsBeforeForms: lookupsBeforeForms,
        starts: lookups.isEmpty ? [] : starts, ligatureOpenings: openings)
    }

    /// Lookup `index`, read once.
    private mutating func lookup(_ index: Int) throws(FontError) -> GlyphSubstitutions.Lookup {
      if let known = lookupCache[index] { return known }
      let table = try lookupList.subtable(at: Int(lookupList.uncheckedUInt16(2 + 2 * index)))
      let type = try table.uint16(0)
      let flag = try table.uint16(2)
      let count = Int(try table.uint16(4))
      try table.require(6, count: count, size: 2)
      var lookup = GlyphSubstitutions.Lookup(
        ignoresMarks: flag & ignoreMarks != 0, singles: [:], ligatures: [:])
      for subtableIndex in 0..<count {
        subtableCount += 1
        guard subtableCount <= SubstitutionTables.maximumSubtables else {
          throw .invalid("GSUB", "more than \(SubstitutionTables.maximumSubtables) substitution subtables")
        }
        var subtable = try table.subtable(at: Int(table.uncheckedUInt16(6 + 2 * subtableIndex)))
        var subtableType = type
        if type == extensionLookup {
          // An extension holds one subtable of another type; it may not hold an extension.
          subtableType = try subtable.uint16(2)
          guard subtableType != extensionLookup else {
            throw .invalid("GSUB", "extension lookup \(index) points to another extension")
          }
          subtable = try subtable.subtable(at: Int(try subtable.uint32(4)))
        }
        switch subtableType {
        case single: try readSingle(subtable, into: &lookup)
        case ligature: try readLigatures(subtable, into: &lookup)
        default: continue
        }
      }
      lookupCache[index] = lookup
      return lookup
    }

    private mutating func count(_ entries: Int) throws(FontError) {
      entryCount += entries
      guard entryCount <= SubstitutionTables.maximumEntries else {
        throw .invalid("GSUB", "more than \(SubstitutionTables.maximumEntries) substitutions")
      }
    }

    /// Single substitution, format 1 (a delta) or 2 (a list of substitutes).
    private mutating func readSingle(
      _ subtable: FontTableReader, into lookup: inout GlyphSubstitutions.Lookup
    )
      throws(FontError)
    {
      let format = try subtable.uint16(0)
      let coverage = try LayoutCoverage.glyphs(
        try subtable.subtable(at: Int(try subtable.uint16(2))), glyphCount: glyphCount)
      try count(coverage.count)
      switch format {
      case 1:
        let delta = Int(try subtable.int16(4))
        for (glyph, _) in coverage {
          let substitute = (glyph + delta) & 0xFFFF
          if substitute < glyphCount && lookup.singles[UInt16(glyph)] == nil {
            lookup.singles[UInt16(glyph)] = UInt16(substitute)
          }
        }
      case 2:
        let substituteCount = Int(try subtable.uint16(4))
        try subtable.require(6, count: substituteCount, size: 2)
        for (glyph, index) in coverage where index < substituteCount {
          let substitute = subtable.uncheckedUInt16(6 + 2 * index)
          if Int(substitute) < glyphCount && lookup.singles[UInt16(glyph)] == nil {
            lookup.singles[UInt16(glyph)] = substitute
          }
        }
      default:
        throw .invalid("GSUB", "single substitution format \(format)")
      }
    }

    /// Ligature substitution, format 1.
    private mutating func readLigatures(
      _ subtable: FontTableReader, into lookup: inout GlyphSubstitutions.Lookup
    ) throws(FontError) {
      let format = try subtable.uint16(0)
      guard format == 1 else { throw .invalid("GSUB", "ligature substitution format \(format)") }
      let coverage = try LayoutCoverage.glyphs(
        try subtable.subtable(at: Int(try subtable.uint16(2))), glyphCount: glyphCount)
      let setCount = Int(try subtable.uint16(4))
      try subtable.require(6, count: setCount, size: 2)
      for (glyph, index) in coverage where index < setCount {
        let set = try subtable.subtable(at: Int(subtable.uncheckedUInt16(6 + 2 * index)))
        let ligatureCount = Int(try set.uint16(0))
        try set.require(2, count: ligatureCount, size: 2)
        try count(ligatureCount)
        for ligatureIndex in 0..<ligatureCount {
          let ligature = try set.subtable(at: Int(set.uncheckedUInt16(2 + 2 * ligatureIndex)))
          let substitute = try ligature.uint16(0)
          let componentCount = Int(try ligature.uint16(2))
          guard componentCount >= 1 else { throw .invalid("GSUB", "a ligature of no glyphs") }
          try ligature.require(4, count: componentCount - 1, size: 2)
          guard componentCount <= SubstitutionTables.maximumComponents, Int(substitute) < glyphCount else {
            continue
          }
          let components = (0..<(componentCount - 1)).map { ligature.uncheckedUInt16(4 + 2 * $0) }
          lookup.ligatures[UInt16(glyph), default: []].append(
            GlyphSubstitutions.Ligature(components: components, glyph: substitute))
        }
      }
    }
  }
}
