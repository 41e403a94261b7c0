extension UnicodeTables {
  /// The packed property word of `scalar` (a value up to U+10FFFF).
  ///
  /// The tables are StaticString literals of 7-bit bytes, read in place without bounds
  /// checks. The generator sizes stage 1 to cover U+0000…U+10FFFF and writes only block
  /// numbers and property-set numbers that exist, so every index below is inside its
  /// literal.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func propertyWord(of scalar: UInt32) -> UInt16 {
    assert(scalar <= 0x10FFFF, "not a Unicode scalar value")
    let stage1Index = Int(truncatingIfNeeded: scalar >> blockShift)
    let block: Int
    if stage1EntriesAreWide {
      let low = stage1.utf8Start[stage1Index &* 2]
      let high = stage1.utf8Start[stage1Index &* 2 &+ 1]
      block = Int(truncatingIfNeeded: low) | Int(truncatingIfNeeded: high) << 7
    } else {
      block = Int(truncatingIfNeeded: stage1.utf8Start[stage1Index])
    }
    let offset = block << Int(truncatingIfNeeded: blockShift) | Int(truncatingIfNeeded: scalar & blockMask)
    return propertyWord(ofSet: Int(truncatingIfNeeded: stage2.utf8Start[offset]))
  }

  /// The packed property word of an ASCII scalar, skipping stage 1.
  ///
  /// The generator numbers blocks in order of first use, so the block of U+0000…U+01FF is
  /// block 0 and an ASCII value is its own stage-2 offset.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func asciiPropertyWord(_ byte: UInt8) -> UInt16 {
    assert(byte < 0x80, "not ASCII")
    return propertyWord(ofSet: Int(truncatingIfNeeded: stage2.utf8Start[Int(truncatingIfNeeded: byte)]))
  }

  /// The raw line-break class of an ASCII scalar, from a table of its own: one read.
  ///
  /// A raw value, not a ``LineBreakClass``: the scanner's ASCII loop hands it straight to
  /// ``LineBreakAutomaton/advance(_:overClassNumber:followedByNumber:)``.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func asciiLineBreakClassNumber(_ byte: UInt8) -> UInt8 {
    assert(byte < 0x80, "not ASCII")
    return asciiLineBreakClasses.utf8Start[Int(truncatingIfNeeded: byte)]
  }

  @inline(__always)
  private static func propertyWord(ofSet set: Int) -> UInt16 {
    let low = UInt16(truncatingIfNeeded: propertySets.utf8Start[set &* 2])
    let high = UInt16(truncatingIfNeeded: propertySets.utf8Start[set &* 2 &+ 1])
    return low | high << 7
  }
}
