import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// Broken and hostile font files: each is an error value, none traps.
@Suite struct FontHostileTests {
  /// The offsets where DejaVu Sans's tables start and end.
  static func tableBoundaries(of bytes: [UInt8]) -> [Int] {
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    var boundaries: Set<Int> = [0, 4, 6, 12]
    for index in 0..<count {
      let record = 12 + 16 * index
      let field = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
      boundaries.insert(record)
      boundaries.insert(field(record + 8))
      boundaries.insert(field(record + 8) + field(record + 12) - 1)
    }
    return boundaries.filter { $0 < bytes.count }.sorted()
  }

  @Test func aFileCutAtAnyTableBoundaryIsAnError() throws {
    let bytes = try TestFonts.dejaVuSansBytes()
    let cuts = Self.tableBoundaries(of: bytes)
    #expect(cuts.count > 40)
    for cut in cuts {
      #expect(throws: FontError.self, "cut at \(cut)") { try Font(bytes: Array(bytes[..<cut])) }
    }
  }

  @Test func aTableCutShortIsAnError() throws {
    let whole = FontBuilder.monospace([0x41, 0x56, 0x301], advance: 600)
    // The bytes the reader reads of each table: unitsPerEm ends at 20, numGlyphs at 6,
    // numberOfHMetrics at 36; all of hmtx and of this cmap.
    for (tag, needed) in [("head", 20), ("maxp", 6), ("hhea", 36), ("hmtx", 16), ("cmap", 60)] {
      let table = try #require(whole.tables[tag])
      #expect(table.count >= needed)
      for length in 0..<needed {
        var builder = whole
        builder.extraTables[tag] = Array(table[..<length])
        #expect(throws: FontError.self, "\(tag) cut to \(length) bytes") { try Font(bytes: builder.data) }
      }
    }
  }

  @Test func aKerningTableCutShortIsAnError() throws {
    var whole = FontBuilder.monospace([0x41, 0x56], advance: 600)
    whole.gposPairs = [(1, 2, -70)]
    whole.throughExtension = true
    let table = try #require(whole.tables["GPOS"])
    for length in 0..<table.count {
      var builder = whole
      builder.extraTables["GPOS"] = Array(table[..<length])
      #expect(throws: FontError.self, "GPOS cut to \(length) bytes") { try Font(bytes: builder.data) }
    }
  }

  @Test func aTablePastTheEndOfTheFileIsAnError() throws {
    var bytes = FontBuilder.monospace([0x41], advance: 600).data
    // The first table record's offset.
    for (index, byte) in [0x7F, 0xFF, 0xFF, 0xF0].enumerated() { bytes[12 + 8 + index] = UInt8(byte) }
    let error = #expect(throws: FontError.self) { try Font(bytes: bytes) }
    #expect(error?.description.contains("leaves the file") == true)
  }

  @Test func hugeCountsAreErrors() throws {
    var builder = FontBuilder.monospace([0x41], advance: 600)
    // 65,535 tables in a directory of six.
    var bytes = builder.data
    bytes[4] = 0xFF
    bytes[5] = 0xFF
    #expect(throws: FontError.self) { try Font(bytes: bytes) }
    // A cmap with 65,535 subtables.
    builder.extraTables["cmap"] = [0, 0, 0xFF, 0xFF, 0, 3, 0, 1, 0, 0, 0, 12]
    #expect(throws: FontError.self) { try Font(bytes: builder.data) }
    // A format 12 subtable with 2³² − 1 groups.
    builder.extraTables["cmap"] =
      [0, 0, 0, 1, 0, 3, 0, 10, 0, 0, 0, 12] + [0, 12, 0, 0, 0, 0, 0, 28, 0, 0, 0, 0]
      + [0xFF, 0xFF, 0xFF, 0xFF]
    #expect(throws: FontError.self) { try Font(bytes: builder.data) }
    // 65,535 horizontal metrics for one glyph: clamped to the glyph count, so it reads.
    builder = FontBuilder.monospace([0x41], advance: 600)
    var hhea = try #require(builder.tables["hhea"])
    hhea[34] = 0xFF
    hhea[35] = 0xFF
    builder.extraTables["hhea"] = hhea
    #expect(try Font(bytes: builder.data).advance(of: 1) == 600)
  }

  @Test func hugeKerningCountsAreErrors() throws {
    var builder = FontBuilder.monospace([0x41, 0x56], advance: 600)
    builder.gposPairs = [(1, 2, -70)]
    let gpos = try #require(builder.tables["GPOS"])
    // The pair subtable starts at 56: its pair set count (at +8) and the first set's count (+18).
    for field in [56 + 8, 56 + 18] {
      var hostile = gpos
      hostile[field] = 0xFF
      hostile[field + 1] = 0xFF
      builder.extraTables["GPOS"] = hostile
      #expect(throws: FontError.self, "count at \(field)") { try Font(bytes: builder.data) }
    }
    // The lookup count in the feature, pointing at lookups that do not exist.
    var hostile = gpos
    hostile[40] = 0xFF
    hostile[41] = 0xFF
    builder.extraTables["GPOS"] = hostile
    #expect(throws: FontError.self) { try Font(bytes: builder.data) }
  }

  @Test func anExtensionThatLeadsToAnExtensionIsAnError() throws {
    var builder = FontBuilder.monospace([0x41, 0x56], advance: 600)
    builder.gposPairs = [(1, 2, -70)]
    builder.throughExtension = true
    var gpos = try #require(builder.tables["GPOS"])
    // The extension at 56 names type 9: a cycle, if it were followed (its offset points back).
    gpos[58] = 0
    gpos[59] = 9
    for (index, byte) in [0, 0, 0, 0].enumerated() { gpos[60 + index] = UInt8(byte) }
    builder.extraTables["GPOS"] = gpos
    let error = #expect(throws: FontError.self) { try Font(bytes: builder.data) }
    #expect(error?.description.contains("another extension") == true)
  }

  @Test func aSubstitutionTableCutShortIsAnError() throws {
    var whole = FontBuilder.monospace([0x41, 0x42, 0x43], advance: 600)
    whole.advances.append(900)
    whole.gsubSingles = [(3, 1)]
    whole.gsubLigatures = [([1, 2], 4)]
    whole.gsubThroughExtension = true
    let table = try #require(whole.tables["GSUB"])
    for length in 0..<table.count {
      var builder = whole
      builder.extraTables["GSUB"] = Array(table[..<length])
      #expect(throws: FontError.self, "GSUB cut to \(length) bytes") { try Font(bytes: builder.data) }
    }
  }

  @Test func hugeSubstitutionCountsAreErrors() throws {
    var builder = FontBuilder.monospace([0x41, 0x42], advance: 600)
    builder.advances.append(900)
    builder.gsubLigatures = [([1, 2], 3)]
    let gsub = try #require(builder.tables["GSUB"])
    // The lookup list is at 44: the lookup at 48, its ligature subtable at 56, the subtable's
    // coverage at 64, ligature set at 70 and ligature at 74. The lookup count (44), the lookup's
    // subtable count (52), the set count (60), the set's ligature count (70) and the ligature's
    // component count (76).
    for field in [44, 52, 60, 70, 76] {
      var hostile = gsub
      hostile[field] = 0xFF
      hostile[field + 1] = 0xFF
      builder.extraTables["GSUB"] = hostile
      #expect(throws: FontError.self, "count at \(field)") { try Font(bytes: builder.data) }
    }
    // The feature's lookup count, pointing at lookups that do not exist.
    var hostile = gsub
    hostile[40] = 0xFF
    hostile[41] = 0xFF
    builder.extraTables["GSUB"] = hostile
    #expect(throws: FontError.self) { try Font(bytes: builder.data) }
  }

  @Test func aSubstitutionExtensionThatLeadsToAnExtensionIsAnError() throws {
    var builder = FontBuilder.monospace([0x41, 0x42], advance: 600)
    builder.advances.append(900)
    builder.gsubLigatures = [([1, 2], 3)]
    builder.gsubThroughExtension = true
    var gsub = try #require(builder.tables["GSUB"])
    // The extension at 56 names type 7, its offset pointing back at itself: a cycle if followed.
    gsub[58] = 0
    gsub[59] = 7
    for (index, byte) in [0, 0, 0, 0].enumerated() { gsub[60 + index] = UInt8(byte) }
    builder.extraTables["GSUB"] = gsub
    let error = #expect(throws: FontError.self) { try Font(bytes: builder.data) }
    #expect(error?.description.contains("another extension") == true)
  }

  @Test func randomDamageNeverTraps() throws {
    var builder = FontBuilder.monospace(Array(0x41...0x5A) + [0x301], advance: 600)
    builder.marks = [27]
    builder.gposPairs = [(1, 22, -80), (20, 15, -60), (1, 25, -50)]
    builder.throughExtension = true
    builder.legacyPairs = [(1, 2, -10)]
    builder.gsubSingles = [(3, 4)]
    builder.gsubLigatures = [([1, 22], 2), ([23, 1, 20], 5)]
    builder.gsubThroughExtension = true
    let original = builder.data
    let seed = SeededRandom.seed(fromEnvironment: "TEXTLAYOUT_SEED", default: 0xF0_7A11)
    var generator = SeededRandom(seed: seed)
    var errors = 0
    var fonts = 0
    for _ in 0..<2_000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      do {
        let font = try Font(bytes: bytes)
        let measurer = PointTextMeasurer(font: font, size: 15)
        _ = measurer.measure("AVATAR WAVE\u{301} Ünïcödé", maxWidth: 40.0)
        fonts += 1
      } catch {
        errors += 1
      }
    }
    // Both outcomes happen: the damage reaches the tables the reader checks (seed \(seed)).
    #expect(errors > 100, "seed \(seed)")
    #expect(fonts > 100, "seed \(seed)")
  }
}
