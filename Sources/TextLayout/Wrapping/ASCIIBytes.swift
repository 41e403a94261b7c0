/// Byte tests for the scanner's ASCII fast paths: single bytes, eight bytes at a time in a
/// 64-bit word (SWAR: SIMD within a register), and sixteen at a time in a `SIMD16<UInt8>`.
///
/// Bit tests against masks instead of comparisons keep the hot loops free of branches that
/// depend on the text.
enum ASCIIBytes {
  /// Whether `byte` is an ASCII letter or digit: a bit test, without branches.
  @inline(__always)
  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    let digits: UInt64 = 0x03FF_0000_0000_0000  // bits 0x30…0x39
    let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE  // bits 0x41…0x5A and 0x61…0x7A, less 0x40
    let mask = byte < 0x40 ? digits : (byte < 0x80 ? letters : 0)
    return (mask &>> UInt64(byte & 0x3F)) & 1 != 0
  }

  /// Whether `byte` is U+0020…U+007E: a space or a printable ASCII character.
  @inline(__always)
  static func isPrintable(_ byte: UInt8) -> Bool {
    byte &- 0x20 < 0x5F
  }

  /// The high bit of each byte of `chunk` that is an ASCII letter or digit (SWAR).
  @inline(__always)
  static func alphanumerics(in chunk: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    let ascii = chunk & ~high  // low 7 bits of each byte; the sums below cannot carry
    let folded = ascii | 0x20 &* ones  // A–Z to a–z
    let letters = (folded &+ (0x80 - 0x61) &* ones) & ~(folded &+ (0x7F - 0x7A) &* ones)
    let digits = (ascii &+ (0x80 - 0x30) &* ones) & ~(ascii &+ (0x7F - 0x39) &* ones)
    return (letters | digits) & ~chunk & high  // and not a non-ASCII byte
  }

  /// Whether `byte` is printable ASCII, not a space and not OP (`(`, `[`, `{`).
  ///
  /// No rule breaks between an ASCII letter or digit and such a byte: it is CL, CP, EX,
  /// IS or SY (LB13), QU (LB19), BA or HY (LB21), AL (LB28, LB23), PR or PO (LB24, LB25).
  /// And spaces after it break before a letter or digit (LB18): only ZW (LB8) and OP (LB14)
  /// would hold the break, and LB15 to LB17 do not apply to a letter or digit.
  @inline(__always)
  static func isTrailingPunctuation(_ byte: UInt8) -> Bool {
    // Bits 0x21…0x3F less 0x28 "(", and 0x40…0x7E less 0x5B "[" and 0x7B "{".
    let low: UInt64 = 0xFFFF_FEFF_FFFF_FFFF & ~0x1_FFFF_FFFF
    let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF & ~(1 << 0x1B) & ~(1 << 0x3B)
    let mask = byte < 0x40 ? low : (byte < 0x80 ? high : 0)
    return (mask &>> UInt64(byte & 0x3F)) & 1 != 0
  }

  /// The eight bytes at `index` (little-endian), with zeros past the end of the text.
  ///
  /// Near the end the last eight bytes of the text are loaded and shifted, so the loads
  /// stay inside the buffer; a zero byte is neither a space nor a letter or digit.
  @inline(__always)
  static func eightBytes(of bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return 0 }
    if index &+ 8 <= count {
      return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }
    if count >= 8 {
      let last = UInt64(littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
      return last &>> UInt64((index &- (count &- 8)) &* 8)
    }
    var chunk: UInt64 = 0
    for offset in index..<count {
      chunk |= UInt64(bytes[offset]) &<< UInt64((offset &- index) &* 8)
    }
    return chunk
  }
}

// MARK: - Sixteen bytes at a time

/// The lane tests are written with lane-wise arithmetic (`&+`, `&-`, `|`, `&`), which
/// compiles to one SSE2 instruction each. Swift's lane comparisons (`.<`, `.==`) are not
/// used: with this toolchain they mostly compile to a loop over the lanes. A test leaves
/// the high bit of each lane that passes and clears it in the others (the low bits are left
/// undefined); ``laneBits(_:)`` and ``anyLane(_:)`` read only the high bits.
extension ASCIIBytes {
  typealias Block = SIMD16<UInt8>

  /// The sixteen bytes at `offset`, with zeros for the positions outside the text (before
  /// its start or past its end). A zero is neither printable, a space, nor a letter or digit.
  @inline(__always)
  static func block(of bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Block {
    guard let base = bytes.baseAddress, offset >= 0 && offset &+ 16 <= bytes.count else {
      return partialBlock(of: bytes, at: offset)
    }
    return UnsafeRawPointer(base + offset).loadUnaligned(as: Block.self)
  }

  /// ``block(of:at:)`` near the ends of the text: a copy of the part inside it. Kept out
  /// of line, so the hot loops that call ``block(of:at:)`` stay free of the stack buffer.
  @inline(never)
  private static func partialBlock(of bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Block {
    var block = Block()
    let first = max(offset, 0)
    let end = min(offset &+ 16, bytes.count)
    guard first < end, let base = bytes.baseAddress else { return block }
    withUnsafeMutableBytes(of: &block) { lanes in
      lanes.baseAddress?.advanced(by: first &- offset).copyMemory(from: base + first, byteCount: end &- first)
    }
    return block
  }

  /// Bit `i` set for each lane `i` of `lanes` whose high bit is set (SSE2's `pmovmskb`, which
  /// Swift does not expose).
  ///
  /// Multiplying a word whose bytes are 0x80 or 0 by the sum of 2^(7j) for j in 0…7 moves
  /// bit 7 of byte k to bit 56 + k; the other products land below bit 56 or above bit 63
  /// and never at the same place, so nothing carries into the top byte.
  @inline(__always)
  static func laneBits(_ lanes: Block) -> UInt32 {
    let words = unsafeBitCast(lanes & Block(repeating: 0x80), to: SIMD2<UInt64>.self)
    let gather: UInt64 = 0x0002_0408_1020_4081
    let low = (UInt64(littleEndian: words[0]) &* gather) &>> 56
    let high = (UInt64(littleEndian: words[1]) &* gather) &>> 56
    return UInt32(truncatingIfNeeded: low | high &<< 8)
  }

  /// Whether the high bit of any lane of `lanes` is set: cheaper than ``laneBits(_:)``.
  @inline(__always)
  static func anyLane(_ lanes: Block) -> Bool {
    let words = unsafeBitCast(lanes & Block(repeating: 0x80), to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// The high bit of each lane of `block` in `lowest ..< lowest + count` (`count` ≤ 128).
  ///
  /// With `x` = byte − `lowest`: a byte in range leaves `x` and `x + 128 − count` both below
  /// 128; any other byte sets the high bit of one of them.
  @inline(__always)
  static func lanes(of block: Block, from lowest: UInt8, count: UInt8) -> Block {
    let offset = block &- Block(repeating: lowest)
    return ~(offset | (offset &+ Block(repeating: 128 &- count)))
  }

  /// The high bit of each lane of `block` that is not U+0020…U+007E.
  @inline(__always)
  static func nonPrintableLanes(of block: Block) -> Block {
    ~lanes(of: block, from: 0x20, count: 0x5F)
  }

  /// The high bit of each lane of `block` that is an ASCII letter or digit.
  @inline(__always)
  static func alphanumericLanes(of block: Block) -> Block {
    let letters = lanes(of: block | Block(repeating: 0x20), from: 0x61, count: 26)  // A–Z folded to a–z
    return letters | lanes(of: block, from: 0x30, count: 10)
  }

  /// Where the run of printable ASCII that starts at `start` ends: the offset of the first
  /// byte at or after `start` that is not U+0020…U+007E, or the end of the text.
  ///
  /// - Complexity: O(k) for the k bytes of the run, sixteen at a time.
  @inline(__always)
  static func printableRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let count = bytes.count
    var index = start
    while index &+ 16 <= count {
      let failures = nonPrintableLanes(of: UnsafeRawPointer(base + index).loadUnaligned(as: Block.self))
      if anyLane(failures) { return index &+ laneBits(failures).trailingZeroBitCount }
      index &+= 16
    }
    guard index < count else { return count }
    if count >= 16 {
      // The last sixteen bytes of the text, less the lanes before `index`.
      let lastBlock = count &- 16
      let failures =
        laneBits(nonPrintableLanes(of: UnsafeRawPointer(base + lastBlock).loadUnaligned(as: Block.self)))
        &>> UInt32(index &- lastBlock)
      return failures != 0 ? index &+ failures.trailingZeroBitCount : count
    }
    // A text shorter than a block: the zeros past its end fail and are clamped away.
    let failures = laneBits(nonPrintableLanes(of: partialBlock(of: bytes, at: index)))
    return min(index &+ failures.trailingZeroBitCount, count)
  }

  /// The high bit of each lane of `block` that equals `byte`.
  @inline(__always)
  static func lanes(of block: Block, equalTo byte: UInt8) -> Block {
    lanes(of: block, from: byte, count: 1)
  }

  /// `block` moved one lane up: lane i + 1 gets lane i, and lane 0 gets zero. (One
  /// `pslldq`: a 128-bit shift of the lanes read as a little-endian number.)
  @inline(__always)
  static func shiftedUp(_ block: Block) -> Block {
    let number = UInt128(littleEndian: unsafeBitCast(block, to: UInt128.self))
    return unsafeBitCast((number &<< 8).littleEndian, to: Block.self)
  }

  /// Bit `i` set when the byte at `offset + i` is an ASCII letter or digit and the byte
  /// before it a space: where words start.
  @inline(__always)
  static func wordStarts(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    let spacesBefore = lanes(of: block(of: bytes, at: offset &- 1), equalTo: 0x20)
    return laneBits(alphanumericLanes(of: block(of: bytes, at: offset)) & spacesBefore)
  }
}
