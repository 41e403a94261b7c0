/// A font's `cmap`: the glyph for each Unicode scalar, read once into a table.
///
/// The Basic Multilingual Plane is a direct table (one read per scalar); the rest is a sorted
/// list of ranges searched by halves. Glyph 0 means the font has no glyph for the scalar.
struct CharacterMap: Sendable {
  /// One range of scalars above U+FFFF mapped to consecutive glyphs.
  struct Range: Sendable {
    var first: UInt32
    var last: UInt32
    var firstGlyph: UInt32
  }

  /// The glyph of every BMP scalar, 0 where none.
  private(set) var basic: [UInt16]
  /// Ranges above U+FFFF, sorted and disjoint.
  private(set) var supplementary: [Range]

  /// Reads the Unicode subtable the way shaping engines pick it: (3,10), then (0,4) and
  /// (0,6), then (3,1) and (0,3); the first of format 4 or 12 that is present wins.
  ///
  /// - Parameter glyphCount: glyphs past it read as missing.
  /// - Throws: ``FontError`` when the table is malformed or has no such subtable.
  init(_ table: FontTableReader, glyphCount: Int) throws(FontError) {
    basic = Array(repeating: 0, count: 0x1_0000)
    supplementary = []
    let count = Int(try table.uint16(2))
    try table.require(4, count: count, size: 8)
    var candidates: [(rank: Int, offset: Int, format: UInt16)] = []
    for index in 0..<count {
      let record = 4 + 8 * index
      let platform = try table.uint16(record)
      let encoding = try table.uint16(record + 2)
      let offset = Int(try table.uint32(record + 4))
      let rank: Int
      switch (platform, encoding) {
      case (3, 10): rank = 0
      case (0, 4), (0, 6): rank = 1
      case (3, 1), (0, 3): rank = 2
      default: continue
      }
      let format = try table.uint16(offset)
      guard format == 4 || format == 12 else { continue }
      candidates.append((rank, offset, format))
    }
    guard let chosen = candidates.min(by: { $0.rank < $1.rank }) else {
      throw .invalid("cmap", "no Unicode subtable of format 4 or 12")
    }
    let subtable = try table.subtable(at: chosen.offset)
    if chosen.format == 4 {
      try readFormat4(subtable, glyphCount: glyphCount)
    } else {
      try readFormat12(subtable, glyphCount: glyphCount)
    }
  }

  /// The glyph for `scalar`, 0 when the font has none.
  ///
  /// - Complexity: O(1) in the BMP, O(log r) for r ranges above it.
  @inline(__always)
  func glyph(for scalar: UInt32) -> UInt16 {
    if scalar < 0x1_0000 { return basic[Int(scalar)] }
    return supplementaryGlyph(for: scalar)
  }

  private func supplementaryGlyph(for scalar: UInt32) -> UInt16 {
    var low = 0
    var high = supplementary.count
    while low < high {
      let middle = (low + high) / 2
      let range = supplementary[middle]
      if scalar < range.first {
        high = middle
      } else if scalar > range.last {
        low = middle + 1
      } else {
        return UInt16(truncatingIfNeeded: range.firstGlyph + (scalar - range.first))
      }
    }
    return 0
  }

  /// Segment mapping to delta values. Segments are read in order and each only where it goes
  /// past the previous one, so overlapping segments cost no more than the plane.
  private mutating func readFormat4(_ subtable: FontTableReader, glyphCount: Int) throws(FontError) {
    let segmentCount = Int(try subtable.uint16(6)) / 2
    let ends = 14
    let starts = ends + 2 * segmentCount + 2
    let deltas = starts + 2 * segmentCount
    let rangeOffsets = deltas + 2 * segmentCount
    try subtable.require(ends, count: 4 * segmentCount + 1, size: 2)
    var next = 0  // the first scalar no segment has covered yet
    for segment in 0..<segmentCount {
      let end = Int(subtable.uncheckedUInt16(ends + 2 * segment))
      let start = max(Int(subtable.uncheckedUInt16(starts + 2 * segment)), next)
      let delta = Int(subtable.uncheckedUInt16(deltas + 2 * segment))
      let rangeOffset = Int(subtable.uncheckedUInt16(rangeOffsets + 2 * segment))
      guard start <= end else { continue }
      next = end + 1
      for scalar in start...end {
        var glyph: Int
        if rangeOffset == 0 {
          glyph = (scalar + delta) & 0xFFFF
        } else {
          // The offset counts from the idRangeOffset entry itself.
          let address = rangeOffsets + 2 * segment + rangeOffset + 2 * (scalar - start)
          glyph = Int(try subtable.uint16(address))
          if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
        }
        if glyph < glyphCount { basic[scalar] = UInt16(glyph) }
      }
    }
  }

  /// Segmented coverage. Groups are read in order, each from past the previous one's end.
  private mutating func readFormat12(_ subtable: FontTableReader, glyphCount: Int) throws(FontError) {
    let groupCount = Int(try subtable.uint32(12))
    try subtable.require(16, count: groupCount, size: 12)
    var next: UInt64 = 0
    for group in 0..<groupCount {
      let record = 16 + 12 * group
      let stated = UInt64(try subtable.uint32(record))
      let first = max(stated, next)
      let last = min(UInt64(try subtable.uint32(record + 4)), 0x10_FFFF)
      guard first <= last else { continue }
      next = last + 1
      // The glyph of `first` after clipping; glyphs past the font's count are dropped.
      let startGlyph = UInt64(try subtable.uint32(record + 8)) + (first - stated)
      guard startGlyph < UInt64(glyphCount) else { continue }
      let clippedLast = first + min(last - first, UInt64(glyphCount) - 1 - startGlyph)
      if first < 0x1_0000 {
        for scalar in first...min(clippedLast, 0xFFFF) {
          basic[Int(scalar)] = UInt16(startGlyph + (scalar - first))
        }
      }
      if clippedLast >= 0x1_0000 {
        let rangeFirst = max(first, 0x1_0000)
        supplementary.append(
          Range(
            first: UInt32(rangeFirst), last: UInt32(clippedLast),
            firstGlyph: UInt32(startGlyph + (rangeFirst - first))))
      }
    }
  }
}
