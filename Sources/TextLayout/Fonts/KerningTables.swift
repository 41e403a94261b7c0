/// Reads the kerning a shaper applies for the `kern` feature: GPOS pair adjustment, or the
/// legacy `kern` table when GPOS has no `kern` feature at all (HarfBuzz's rule).
///
/// HarfBuzz takes the lookups of the `kern` feature under the script of each run. This reader
/// keeps two lists, which covers what chat text needs: one for Latin runs (script `latn`, else
/// `DFLT`) and one for every other run (`DFLT`, else `latn`), always of the script's default
/// language system. Only pair adjustment (lookup type 2, directly or through extension lookups,
/// type 9) is read: it is what `kern` holds in practice, and the other types move glyphs
/// without changing advances or need context this measurer does not keep.
enum KerningTables {
  /// The kerning of Latin runs and of other runs.
  struct Sets: Sendable {
    var latin: PairKerning
    var other: PairKerning
  }

  private static let kernTag: UInt32 = 0x6B65_726E  // 'kern'
  private static let latinTag: UInt32 = 0x6C61_746E  // 'latn'
  private static let defaultTags: [UInt32] = [0x4446_4C54, 0x6466_6C74]  // 'DFLT', 'dflt'
  private static let pairAdjustment: UInt16 = 2
  private static let extensionLookup: UInt16 = 9

  /// Reads the kerning of a face from its GPOS table, or else its `kern` table.
  ///
  /// - Throws: ``FontError`` when a table it reads is malformed.
  static func read(gpos: FontTableReader?, kern: FontTableReader?, glyphCount: Int) throws(FontError) -> Sets
  {
    if let gpos, let lists = try kernLookupLists(gpos) {
      let latin = try build(gpos, lookups: lists.latin, glyphCount: glyphCount)
      let other =
        lists.other == lists.latin ? latin : try build(gpos, lookups: lists.other, glyphCount: glyphCount)
      return Sets(latin: latin, other: other)
    }
    let legacy =
      try kern.map { table throws(FontError) in try legacyKerning(table, glyphCount: glyphCount) } ?? .none
    return Sets(latin: legacy, other: legacy)
  }

  /// The lookup indexes of `kern` for Latin and other runs, sorted; `nil` when the table has no
  /// `kern` feature.
  private static func kernLookupLists(_ gpos: FontTableReader) throws(FontError) -> (
    latin: [Int], other: [Int]
  )? {
    let major = try gpos.uint16(0)
    guard major == 1 else { throw .invalid("GPOS", "version \(major)") }
    let scripts = try gpos.subtable(at: Int(try gpos.uint16(4)))
    let features = try gpos.subtable(at: Int(try gpos.uint16(6)))
    let featureCount = Int(try features.uint16(0))
    try features.require(2, count: featureCount, size: 6)
    var kernFeatures: Set<Int> = []
    for index in 0..<featureCount where try features.uint32(2 + 6 * index) == kernTag {
      kernFeatures.insert(index)
    }
    guard !kernFeatures.isEmpty else { return nil }

    let scriptCount = Int(try scripts.uint16(0))
    try scripts.require(2, count: scriptCount, size: 6)
    var scriptOffsets: [UInt32: Int] = [:]
    for index in 0..<scriptCount {
      let tag = try scripts.uint32(2 + 6 * index)
      if scriptOffsets[tag] == nil { scriptOffsets[tag] = Int(try scripts.uint16(2 + 6 * index + 4)) }
    }
    func lookups(preferring tags: [UInt32]) throws(FontError) -> [Int] {
      guard let offset = tags.lazy.compactMap({ scriptOffsets[$0] }).first else { return [] }
      let script = try scripts.subtable(at: offset)
      let languageOffset = Int(try script.uint16(0))
      guard languageOffset != 0 else { return [] }
      let language = try script.subtable(at: languageOffset)
      let count = Int(try language.uint16(4))
      try language.require(6, count: count, size: 2)
      var result: Set<Int> = []
      for index in 0..<count {
        let feature = Int(language.uncheckedUInt16(6 + 2 * index))
        guard kernFeatures.contains(feature) else { continue }
        let table = try features.subtable(at: Int(try features.uint16(2 + 6 * feature + 4)))
        let lookupCount = Int(try table.uint16(2))
        try table.require(4, count: lookupCount, size: 2)
        for lookup in 0..<lookupCount { result.insert(Int(table.uncheckedUInt16(4 + 2 * lookup))) }
      }
      return result.sorted()
    }
    return (
      try lookups(preferring: [latinTag] + defaultTags), try lookups(preferring: defaultTags + [latinTag])
    )
  }

  /// Reads the pair adjustment lookups `indexes` of the lookup list.
  private static func build(_ gpos: FontTableReader, lookups indexes: [Int], glyphCount: Int)
    throws(FontError)
    -> PairKerning
  {
    guard !indexes.isEmpty else { return .none }
    let list = try gpos.subtable(at: Int(try gpos.uint16(8)))
    let lookupCount = Int(try list.uint16(0))
    var builder = PairKerningBuilder(glyphCount: glyphCount)
    for index in indexes {
      guard index < lookupCount else {
        throw .invalid("GPOS", "feature names lookup \(index) of \(lookupCount)")
      }
      let lookup = try list.subtable(at: Int(try list.uint16(2 + 2 * index)))
      let type = try lookup.uint16(0)
      let subtableCount = Int(try lookup.uint16(4))
      try lookup.require(6, count: subtableCount, size: 2)
      builder.beginLookup()
      for subtable in 0..<subtableCount {
        var table = try lookup.subtable(at: Int(lookup.uncheckedUInt16(6 + 2 * subtable)))
        var tableType = type
        if type == extensionLookup {
          // An extension holds one subtable of another type; it may not hold an extension.
          tableType = try table.uint16(2)
          guard tableType != extensionLookup else {
            throw .invalid("GPOS", "extension lookup \(index) points to another extension")
          }
          table = try table.subtable(at: Int(try table.uint32(4)))
        }
        if tableType == pairAdjustment { try builder.addPairAdjustment(table) }
      }
      builder.endLookup()
    }
    return builder.build()
  }

  /// The legacy `kern` table: the horizontal format 0 subtables, whose values add up. Both the
  /// Microsoft header (version 0) and Apple's (version 1.0) are read.
  private static func legacyKerning(_ kern: FontTableReader, glyphCount: Int) throws(FontError) -> PairKerning
  {
    var builder = PairKerningBuilder(glyphCount: glyphCount)
    let isApple = try kern.uint16(0) == 1
    let count = isApple ? Int(try kern.uint32(4)) : Int(try kern.uint16(2))
    var offset = isApple ? 8 : 4
    for _ in 0..<count {
      let length: Int
      let format: UInt16
      let isHorizontalKerning: Bool
      let headerSize: Int
      if isApple {
        length = Int(try kern.uint32(offset))
        let coverage = try kern.uint16(offset + 4)
        format = coverage & 0xFF
        isHorizontalKerning = coverage & 0xE000 == 0  // not vertical, cross-stream or variation
        headerSize = 8
      } else {
        length = Int(try kern.uint16(offset + 2))
        let coverage = try kern.uint16(offset + 4)
        format = coverage >> 8
        isHorizontalKerning = coverage & 0x0007 == 0x0001  // horizontal, not minimum, not cross-stream
        headerSize = 6
      }
      if format == 0 && isHorizontalKerning {
        try builder.addLegacyPairs(kern, at: offset + headerSize)
      }
      guard length >= headerSize else { throw .invalid("kern", "subtable length \(length)") }
      offset += length
      guard offset <= kern.length else { break }
    }
    return builder.build()
  }
}
