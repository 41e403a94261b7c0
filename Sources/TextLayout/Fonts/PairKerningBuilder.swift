/// Builds ``PairKerning`` from GPOS pair-adjustment subtables or a legacy `kern` table.
///
/// Limits keep a hostile font from making the reader slow or large: a font may give at most
/// ``maximumSubtables`` pair subtables and ``maximumPairs`` listed pairs; past them reading
/// stops with an error. Real fonts use a few subtables and tens of thousands of pairs.
struct PairKerningBuilder {
  static let maximumSubtables = 256
  static let maximumPairs = 1 << 22

  let glyphCount: Int
  private var lookups: [PairKerning.Lookup] = []
  private var startsPair: [Bool]
  private var subtableCount = 0
  private var pairCount = 0
  /// Class definitions already read, by their position in the file: subtables share them.
  private var classDefinitions: [Int: [UInt16]] = [:]

  // The lookup being built.
  private var pairs = GlyphPairTable(capacity: 0)
  private var classTableOfFirst: [UInt16] = []
  private var classTables: [PairKerning.ClassPairTable] = []

  init(glyphCount: Int) {
    self.glyphCount = glyphCount
    startsPair = Array(repeating: false, count: glyphCount)
  }

  /// Starts a lookup: its subtables come next, in order.
  mutating func beginLookup() {
    pairs = GlyphPairTable(capacity: 0)
    classTableOfFirst = []
    classTables = []
  }

  /// Ends the lookup begun last.
  mutating func endLookup() {
    guard !pairs.isEmpty || !classTables.isEmpty else { return }
    lookups.append(
      PairKerning.Lookup(pairs: pairs, classTableOfFirst: classTableOfFirst, classTables: classTables))
  }

  /// The kerning built so far.
  func build() -> PairKerning {
    lookups.isEmpty ? .none : PairKerning(lookups: lookups, startsPair: startsPair)
  }

  /// Whether a class subtable earlier in the lookup already claims `glyph` as a first glyph.
  private func isClaimed(_ glyph: Int) -> Bool {
    glyph < classTableOfFirst.count && classTableOfFirst[glyph] != 0
  }

  private mutating func countSubtable(_ table: FontTableReader) throws(FontError) {
    subtableCount += 1
    guard subtableCount <= Self.maximumSubtables else {
      throw .invalid(table.table, "more than \(Self.maximumSubtables) pair adjustment subtables")
    }
  }

  private mutating func addPair(_ left: Int, _ right: UInt16, _ value: Int32, in table: FontTableReader)
    throws(FontError)
  {
    pairCount += 1
    guard pairCount <= Self.maximumPairs else {
      throw .invalid(table.table, "more than \(Self.maximumPairs) kerning pairs")
    }
    pairs.insertIfAbsent(UInt16(left), right, value)
    startsPair[left] = true
  }

  /// Adds a GPOS pair adjustment subtable (lookup type 2) to the current lookup.
  ///
  /// - Throws: ``FontError`` when it is truncated or of an unknown format.
  mutating func addPairAdjustment(_ subtable: FontTableReader) throws(FontError) {
    try countSubtable(subtable)
    let format = try subtable.uint16(0)
    let coverage = try LayoutCoverage.glyphs(
      try subtable.subtable(at: Int(try subtable.uint16(2))), glyphCount: glyphCount)
    let first = ValueFormat(try subtable.uint16(4))
    let second = ValueFormat(try subtable.uint16(6))
    switch format {
    case 1:
      let setCount = Int(try subtable.uint16(8))
      try subtable.require(10, count: setCount, size: 2)
      let recordSize = 2 + first.size + second.size
      for (glyph, index) in coverage where index < setCount && !isClaimed(glyph) {
        let set = try subtable.subtable(at: Int(subtable.uncheckedUInt16(10 + 2 * index)))
        let count = Int(try set.uint16(0))
        try set.require(2, count: count, size: recordSize)
        for pair in 0..<count {
          let record = 2 + recordSize * pair
          let value =
            try first.xAdvance(in: set, at: record + 2)
            &+ second.xAdvance(in: set, at: record + 2 + first.size)
          try addPair(glyph, set.uncheckedUInt16(record), value, in: subtable)
        }
      }
    case 2:
      let firstClasses = try classDefinition(subtable, at: Int(try subtable.uint16(8)))
      let secondClasses = try classDefinition(subtable, at: Int(try subtable.uint16(10)))
      let firstClassCount = Int(try subtable.uint16(12))
      let secondClassCount = Int(try subtable.uint16(14))
      let recordSize = first.size + second.size
      var values: [Int32] = []
      if first.movesAdvance || second.movesAdvance {
        try subtable.require(16, count: firstClassCount * secondClassCount, size: recordSize)
        values.reserveCapacity(firstClassCount * secondClassCount)
        for index in 0..<(firstClassCount * secondClassCount) {
          let record = 16 + recordSize * index
          values.append(
            try first.xAdvance(in: subtable, at: record)
              &+ second.xAdvance(in: subtable, at: record + first.size))
        }
      }
      if classTableOfFirst.isEmpty { classTableOfFirst = Array(repeating: 0, count: glyphCount) }
      classTables.append(
        PairKerning.ClassPairTable(
          firstClasses: firstClasses, secondClasses: secondClasses, secondClassCount: secondClassCount,
          values: values))
      guard classTables.count < Int(UInt16.max) else {
        throw .invalid(subtable.table, "too many class pair subtables in one lookup")
      }
      for (glyph, _) in coverage where !isClaimed(glyph) && Int(firstClasses[glyph]) < firstClassCount {
        classTableOfFirst[glyph] = UInt16(classTables.count)
        startsPair[glyph] = true
      }
    default:
      throw .invalid(subtable.table, "pair adjustment format \(format)")
    }
  }

  /// A ClassDef at `offset` of `subtable`; offset 0 means every glyph is class 0.
  private mutating func classDefinition(_ subtable: FontTableReader, at offset: Int) throws(FontError)
    -> [UInt16]
  {
    guard offset != 0 else { return Array(repeating: 0, count: glyphCount) }
    let position = subtable.position(of: offset)
    if let known = classDefinitions[position] { return known }
    let classes = try LayoutCoverage.classes(try subtable.subtable(at: offset), glyphCount: glyphCount)
    classDefinitions[position] = classes
    return classes
  }

  /// Adds the pairs of a legacy `kern` format 0 subtable as a lookup of their own.
  mutating func addLegacyPairs(_ table: FontTableReader, at offset: Int) throws(FontError) {
    try countSubtable(table)
    beginLookup()
    let count = Int(try table.uint16(offset))
    try table.require(offset + 8, count: count, size: 6)
    for index in 0..<count {
      let record = offset + 8 + 6 * index
      let left = Int(table.uncheckedUInt16(record))
      let right = table.uncheckedUInt16(record + 2)
      guard left < glyphCount else { continue }
      try addPair(left, right, Int32(Int16(bitPattern: table.uncheckedUInt16(record + 4))), in: table)
    }
    endLookup()
  }
}

/// Which fields a GPOS ValueRecord holds, and where its XAdvance is.
struct ValueFormat {
  let bits: UInt16

  init(_ bits: UInt16) {
    self.bits = bits
  }

  /// The record's size in bytes: two per field present.
  var size: Int { (bits & 0xFF).nonzeroBitCount * 2 }

  /// Whether the record has an XAdvance, the only field that changes a line's width.
  var movesAdvance: Bool { bits & 0x0004 != 0 }

  /// The XAdvance of the record at `offset`, 0 when it has none.
  func xAdvance(in table: FontTableReader, at offset: Int) throws(FontError) -> Int32 {
    guard movesAdvance else { return 0 }
    return Int32(try table.int16(offset + (bits & 0x0003).nonzeroBitCount * 2))
  }
}
