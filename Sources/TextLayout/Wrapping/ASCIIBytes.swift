/// Byte tests for the scanner's ASCII fast path, several of them eight bytes at a time
/// (SWAR: SIMD within a register).
///
/// Bit tests against 64-bit masks instead of comparisons keep the hot loop free of
/// branches that depend on the text.
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

  /// How many bytes at the start of `bytes` are U+0020…U+007E (eight at a time).
  ///
  /// - Complexity: O(k) for the k bytes counted.
  static func printablePrefixCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let count = bytes.count
    var index = 0
    while index &+ 8 <= count {
      let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let failures = nonPrintable(in: chunk)
      if failures != 0 { return index &+ failures.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    guard index < count else { return count }
    // The last few bytes, with zeros past the end: those fail and are clamped away.
    let failures = nonPrintable(in: eightBytes(of: bytes, at: index))
    return min(index &+ failures.trailingZeroBitCount &>> 3, count)
  }

  /// The high bit of each byte of `chunk` that is not U+0020…U+007E (SWAR).
  @inline(__always)
  static func nonPrintable(in chunk: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    let ascii = chunk & ~high  // low 7 bits of each byte; the sums below cannot carry
    let atLeastSpace = ascii &+ (0x80 - 0x20) &* ones  // bit 7: byte >= 0x20
    let delete = ascii &+ ones  // bit 7: byte == 0x7F
    return ~(atLeastSpace & ~delete & ~chunk) & high
  }
}
