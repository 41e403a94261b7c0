import Foundation

/// Writes small font files table by table, for tests that need a font with exactly one
/// feature, or a broken one.
struct FontBuilder {
  var unitsPerEm = 1000
  var ascender = 800
  var descender = -200
  var lineGap = 90
  /// OS/2 typographic metrics, used when `useTypoMetrics` is set.
  var typoMetrics = (ascender: 700, descender: -300, lineGap: 50)
  var useTypoMetrics = false
  /// The advance of each glyph; glyph 0 is .notdef.
  var advances: [Int] = [500]
  /// Scalar to glyph.
  var characters: [UInt32: Int] = [:]
  /// Glyphs GDEF classes as marks.
  var marks: Set<Int> = []
  /// Pairs for a GPOS `kern` feature (format 1, XAdvance of the first glyph).
  var gposPairs: [(left: Int, right: Int, value: Int)] = []
  /// Whether the GPOS pair lookup is reached through an extension lookup (type 9).
  var throughExtension = false
  /// Single substitutions for a GSUB `liga` feature (one format 2 subtable), applied first.
  var gsubSingles: [(glyph: Int, substitute: Int)] = []
  /// Ligatures for the same feature (one format 1 subtable): the glyphs and the ligature glyph.
  var gsubLigatures: [(glyphs: [Int], ligature: Int)] = []
  /// Whether the GSUB lookups are reached through extension lookups (type 7).
  var gsubThroughExtension = false
  /// Pairs for a legacy `kern` table (format 0).
  var legacyPairs: [(left: Int, right: Int, value: Int)] = []
  /// The sfnt version: 0x00010000 for TrueType, 'OTTO' for CFF.
  var signature: UInt32 = 0x0001_0000
  /// Tables added or replaced as they are.
  var extraTables: [String: [UInt8]] = [:]

  /// A glyph for each scalar of `text`, each `advance` wide, after .notdef.
  static func monospace(_ scalars: some Sequence<UInt32>, advance: Int, unitsPerEm: Int = 1000) -> FontBuilder
  {
    var builder = FontBuilder()
    builder.unitsPerEm = unitsPerEm
    builder.advances = [advance]
    for scalar in scalars {
      builder.characters[scalar] = builder.advances.count
      builder.advances.append(advance)
    }
    return builder
  }

  /// The tables of the font, by tag.
  var tables: [String: [UInt8]] {
    var tables: [String: [UInt8]] = [:]
    var head = Bytes()
    head.u32(0x0001_0000)
    head.u32(0x0001_0000)
    head.u32(0)
    head.u32(0x5F0F_3CF5)
    head.u16(0)
    head.u16(unitsPerEm)
    head.zeros(16 + 8 + 2 * 4 + 2 * 3)
    head.u16(0)
    head.u16(0)
    tables["head"] = head.data
    var maxp = Bytes()
    maxp.u32(0x0000_5000)
    maxp.u16(advances.count)
    tables["maxp"] = maxp.data
    var hhea = Bytes()
    hhea.u32(0x0001_0000)
    hhea.i16(ascender)
    hhea.i16(descender)
    hhea.i16(lineGap)
    hhea.zeros(24)
    hhea.u16(advances.count)
    tables["hhea"] = hhea.data
    var hmtx = Bytes()
    for advance in advances {
      hmtx.u16(advance)
      hmtx.i16(0)
    }
    tables["hmtx"] = hmtx.data
    var os2 = Bytes()
    os2.u16(4)
    os2.zeros(60)
    os2.u16(useTypoMetrics ? 0x80 : 0x40)
    os2.zeros(4)
    os2.i16(typoMetrics.ascender)
    os2.i16(typoMetrics.descender)
    os2.i16(typoMetrics.lineGap)
    os2.zeros(22)
    tables["OS/2"] = os2.data
    tables["cmap"] = characterMap
    if !marks.isEmpty { tables["GDEF"] = glyphDefinitions }
    if !gposPairs.isEmpty { tables["GPOS"] = glyphPositioning }
    if !legacyPairs.isEmpty { tables["kern"] = legacyKerning }
    if !gsubSingles.isEmpty || !gsubLigatures.isEmpty { tables["GSUB"] = glyphSubstitution }
    tables.merge(extraTables) { $1 }
    return tables
  }

  /// The font file.
  var data: [UInt8] { Self.file(tables: tables, signature: signature) }

  /// A cmap with one (3,1) format 4 subtable: one segment per scalar, by delta.
  private var characterMap: [UInt8] {
    let scalars = characters.keys.filter { $0 < 0xFFFF }.sorted()
    var subtable = Bytes()
    let segments = scalars.count + 1
    subtable.u16(4)
    subtable.u16(16 + 8 * segments)
    subtable.u16(0)
    subtable.u16(2 * segments)
    subtable.zeros(6)
    for scalar in scalars { subtable.u16(Int(scalar)) }
    subtable.u16(0xFFFF)
    subtable.u16(0)
    for scalar in scalars { subtable.u16(Int(scalar)) }
    subtable.u16(0xFFFF)
    for scalar in scalars { subtable.u16((characters[scalar, default: 0] - Int(scalar)) & 0xFFFF) }
    subtable.u16(1)
    subtable.zeros(2 * segments)
    var table = Bytes()
    table.u16(0)
    table.u16(1)
    table.u16(3)
    table.u16(1)
    table.u32(12)
    return table.data + subtable.data
  }

  /// GDEF 1.0 with a glyph class definition (format 2, one range per mark).
  private var glyphDefinitions: [UInt8] {
    var table = Bytes()
    table.u32(0x0001_0000)
    table.u16(12)
    table.zeros(6)
    table.u16(2)
    table.u16(marks.count)
    for mark in marks.sorted() {
      table.u16(mark)
      table.u16(mark)
      table.u16(3)
    }
    return table.data
  }

  /// GPOS 1.0: script DFLT, feature `kern`, one pair lookup (format 1, XAdvance), maybe
  /// through an extension.
  private var glyphPositioning: [UInt8] {
    let firsts = Array(Set(gposPairs.map(\.left))).sorted()
    var pairSubtable = Bytes()
    pairSubtable.u16(1)
    let coverageOffset = 10 + 2 * firsts.count
    pairSubtable.u16(coverageOffset)
    pairSubtable.u16(0x0004)
    pairSubtable.u16(0)
    pairSubtable.u16(firsts.count)
    var sets = Bytes()
    let setsStart = coverageOffset + 4 + 2 * firsts.count
    for first in firsts {
      pairSubtable.u16(setsStart + sets.data.count)
      let seconds = gposPairs.filter { $0.left == first }.sorted { $0.right < $1.right }
      sets.u16(seconds.count)
      for pair in seconds {
        sets.u16(pair.right)
        sets.i16(pair.value)
      }
    }
    pairSubtable.u16(1)
    pairSubtable.u16(firsts.count)
    for first in firsts { pairSubtable.u16(first) }
    pairSubtable.append(sets.data)

    var lookup = Bytes()
    lookup.u16(throughExtension ? 9 : 2)
    lookup.u16(0)
    lookup.u16(1)
    lookup.u16(8)
    if throughExtension {
      lookup.u16(1)
      lookup.u16(2)
      lookup.u32(8)
    }
    lookup.append(pairSubtable.data)

    var table = Bytes()
    table.u32(0x0001_0000)
    table.u16(10)  // script list
    table.u16(30)  // feature list
    table.u16(44)  // lookup list
    // Script list at 10: one script, DFLT, at 8 from the list.
    table.u16(1)
    table.tag("DFLT")
    table.u16(8)
    // Script at 18: default language system at 4.
    table.u16(4)
    table.u16(0)
    // Language system at 22: no order, no required feature, feature 0.
    table.u16(0)
    table.u16(0xFFFF)
    table.u16(1)
    table.u16(0)
    // Feature list at 30: `kern` at 8 from the list.
    table.u16(1)
    table.tag("kern")
    table.u16(8)
    // Feature at 38: lookup 0.
    table.u16(0)
    table.u16(1)
    table.u16(0)
    // Lookup list at 44: one lookup at 4.
    table.u16(1)
    table.u16(4)
    table.append(lookup.data)
    return table.data
  }

  /// GSUB 1.0: script DFLT, feature `liga`, a single substitution lookup and a ligature lookup
  /// (each maybe through an extension), in that order.
  var glyphSubstitution: [UInt8] {
    var subtables: [(type: Int, data: [UInt8])] = []
    if !gsubSingles.isEmpty {
      let singles = gsubSingles.sorted { $0.glyph < $1.glyph }
      var subtable = Bytes()
      subtable.u16(2)
      subtable.u16(6 + 2 * singles.count)
      subtable.u16(singles.count)
      for single in singles { subtable.u16(single.substitute) }
      subtable.u16(1)
      subtable.u16(singles.count)
      for single in singles { subtable.u16(single.glyph) }
      subtables.append((1, subtable.data))
    }
    if !gsubLigatures.isEmpty {
      let firsts = Array(Set(gsubLigatures.map { $0.glyphs[0] })).sorted()
      var subtable = Bytes()
      subtable.u16(1)
      let coverageOffset = 6 + 2 * firsts.count
      subtable.u16(coverageOffset)
      subtable.u16(firsts.count)
      var sets = Bytes()
      let setsStart = coverageOffset + 4 + 2 * firsts.count
      for first in firsts {
        subtable.u16(setsStart + sets.data.count)
        let ligatures = gsubLigatures.filter { $0.glyphs[0] == first }
        var set = Bytes()
        set.u16(ligatures.count)
        var bodies = Bytes()
        for ligature in ligatures {
          set.u16(2 + 2 * ligatures.count + bodies.data.count)
          bodies.u16(ligature.ligature)
          bodies.u16(ligature.glyphs.count)
          for glyph in ligature.glyphs.dropFirst() { bodies.u16(glyph) }
        }
        sets.append(set.data + bodies.data)
      }
      subtable.u16(1)
      subtable.u16(firsts.count)
      for first in firsts { subtable.u16(first) }
      subtable.append(sets.data)
      subtables.append((4, subtable.data))
    }
    var lookups: [[UInt8]] = []
    for (type, data) in subtables {
      var lookup = Bytes()
      lookup.u16(gsubThroughExtension ? 7 : type)
      lookup.u16(0)
      lookup.u16(1)
      lookup.u16(8)
      if gsubThroughExtension {
        lookup.u16(1)
        lookup.u16(type)
        lookup.u32(8)
      }
      lookup.append(data)
      lookups.append(lookup.data)
    }
    var table = Bytes()
    let featureList = 30
    let lookupList = featureList + 12 + 2 * lookups.count
    table.u32(0x0001_0000)
    table.u16(10)
    table.u16(featureList)
    table.u16(lookupList)
    table.u16(1)
    table.tag("DFLT")
    table.u16(8)
    table.u16(4)
    table.u16(0)
    table.u16(0)
    table.u16(0xFFFF)
    table.u16(1)
    table.u16(0)
    table.u16(1)
    table.tag("liga")
    table.u16(8)
    table.u16(0)
    table.u16(lookups.count)
    for index in lookups.indices { table.u16(index) }
    table.u16(lookups.count)
    var offset = 2 + 2 * lookups.count
    for lookup in lookups {
      table.u16(offset)
      offset += lookup.count
    }
    for lookup in lookups { table.append(lookup) }
    return table.data
  }

  /// A legacy Microsoft `kern` table with one format 0 subtable.
  private var legacyKerning: [UInt8] {
    var table = Bytes()
    table.u16(0)
    table.u16(1)
    table.u16(0)
    table.u16(14 + 6 * legacyPairs.count)
    table.u16(0x0001)
    table.u16(legacyPairs.count)
    table.zeros(6)
    for pair in legacyPairs.sorted(by: { ($0.left, $0.right) < ($1.left, $1.right) }) {
      table.u16(pair.left)
      table.u16(pair.right)
      table.i16(pair.value)
    }
    return table.data
  }

  /// An sfnt file of `tables`, in tag order, each at a 4-byte boundary.
  static func file(tables: [String: [UInt8]], signature: UInt32 = 0x0001_0000) -> [UInt8] {
    var header = Bytes()
    header.u32(signature)
    header.u16(tables.count)
    header.zeros(6)
    var body: [UInt8] = []
    let start = 12 + 16 * tables.count
    for (tag, table) in tables.sorted(by: { $0.key < $1.key }) {
      header.tag(tag)
      header.u32(0)
      header.u32(start + body.count)
      header.u32(table.count)
      body += table
      while body.count % 4 != 0 { body.append(0) }
    }
    return header.data + body
  }

  /// A collection (`ttcf`) of whole font files, their table offsets moved to where they land.
  static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
    var header = Bytes()
    header.tag("ttcf")
    header.u32(0x0001_0000)
    header.u32(fonts.count)
    var body: [UInt8] = []
    let start = 12 + 4 * fonts.count
    for font in fonts {
      let base = start + body.count
      header.u32(base)
      var moved = font
      let count = Int(font[4]) << 8 | Int(font[5])
      for index in 0..<count {
        let field = 12 + 16 * index + 8
        let offset = font[field..<field + 4].reduce(0) { $0 << 8 | Int($1) } + base
        for byte in 0..<4 { moved[field + byte] = UInt8(truncatingIfNeeded: offset >> (24 - 8 * byte)) }
      }
      body += moved
      while body.count % 4 != 0 { body.append(0) }
    }
    return header.data + body
  }
}

/// Big-endian bytes.
struct Bytes {
  private(set) var data: [UInt8] = []

  mutating func u16(_ value: Int) {
    data += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  mutating func i16(_ value: Int) { u16(value & 0xFFFF) }

  mutating func u32(_ value: Int) {
    u16(value >> 16)
    u16(value & 0xFFFF)
  }

  mutating func u32(_ value: UInt32) { u32(Int(value)) }

  mutating func tag(_ tag: String) { data += Array(tag.utf8) }

  mutating func zeros(_ count: Int) { data += Array(repeating: 0, count: count) }

  mutating func append(_ bytes: [UInt8]) { data += bytes }
}
