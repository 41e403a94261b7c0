/// Coverage and class-definition tables, the two glyph sets OpenType layout tables share.
///
/// Both are read into flat forms once. Ranges are taken in order, each from past the previous
/// one's end (the spec sorts them), so a hostile table of overlapping ranges costs no more than
/// the glyphs of the font.
enum LayoutCoverage {
  /// The glyphs a Coverage table lists, with their coverage indexes, in order.
  ///
  /// - Parameter glyphCount: glyphs at or past it are left out.
  /// - Throws: ``FontError`` when the table is truncated or of an unknown format.
  static func glyphs(_ table: FontTableReader, glyphCount: Int) throws(FontError) -> [(
    glyph: Int, index: Int
  )] {
    var result: [(glyph: Int, index: Int)] = []
    switch try table.uint16(0) {
    case 1:
      let count = Int(try table.uint16(2))
      try table.require(4, count: count, size: 2)
      for index in 0..<count {
        let glyph = Int(table.uncheckedUInt16(4 + 2 * index))
        if glyph < glyphCount { result.append((glyph, index)) }
      }
    case 2:
      let count = Int(try table.uint16(2))
      try table.require(4, count: count, size: 6)
      var next = 0
      for range in 0..<count {
        let record = 4 + 6 * range
        let stated = Int(table.uncheckedUInt16(record))
        let first = max(stated, next)
        let last = min(Int(table.uncheckedUInt16(record + 2)), glyphCount - 1)
        let startIndex = Int(table.uncheckedUInt16(record + 4))
        guard first <= last else { continue }
        next = last + 1
        for glyph in first...last { result.append((glyph, startIndex + glyph - stated)) }
      }
    case let format:
      throw .invalid(table.table, "coverage format \(format)")
    }
    return result
  }

  /// The class of every glyph under a ClassDef table; class 0 where it says nothing.
  ///
  /// - Throws: ``FontError`` when the table is truncated or of an unknown format.
  static func classes(_ table: FontTableReader, glyphCount: Int) throws(FontError) -> [UInt16] {
    var classes = [UInt16](repeating: 0, count: glyphCount)
    switch try table.uint16(0) {
    case 1:
      let start = Int(try table.uint16(2))
      let count = Int(try table.uint16(4))
      try table.require(6, count: count, size: 2)
      for index in 0..<count where start + index < glyphCount {
        classes[start + index] = table.uncheckedUInt16(6 + 2 * index)
      }
    case 2:
      let count = Int(try table.uint16(2))
      try table.require(4, count: count, size: 6)
      var next = 0
      for range in 0..<count {
        let record = 4 + 6 * range
        let first = max(Int(table.uncheckedUInt16(record)), next)
        let last = min(Int(table.uncheckedUInt16(record + 2)), glyphCount - 1)
        guard first <= last else { continue }
        next = last + 1
        let value = table.uncheckedUInt16(record + 4)
        for glyph in first...last { classes[glyph] = value }
      }
    case let format:
      throw .invalid(table.table, "class definition format \(format)")
    }
    return classes
  }
}
