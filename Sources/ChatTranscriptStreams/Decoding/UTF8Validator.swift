/// Finds the first ill-formed UTF-8 sequence in a line, so the decoder can report it by byte offset.
///
/// The scanner checks the content of strings that are not all ASCII as it steps over them, and the decoder
/// checks a whole line only when it rejects it, so that any bad byte (inside or outside a string) gives
/// one precise message, before any other error. Well-formed means exactly what the Unicode Standard's
/// table 3-7 allows: no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validator {
  /// The 0-based offset of the lead byte of the first ill-formed sequence, or `nil` when all is well.
  ///
  /// - Complexity: O(*n*); ASCII is checked eight bytes at a time, which is most of a typical line.
  static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    var index = 0
    while index < count {
      // Fast path: skip whole words that have no byte with the high bit set.
      while index &+ 8 <= count,
        bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index &+= 8
      }
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // The allowed range of the second byte depends on the lead byte; later bytes are 80–BF.
      let (length, second): (Int, ClosedRange<UInt8>)
      switch lead {
      case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
      case 0xE0: (length, second) = (3, 0xA0...0xBF)  // no overlong forms
      case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
      case 0xED: (length, second) = (3, 0x80...0x9F)  // no surrogates
      case 0xF0: (length, second) = (4, 0x90...0xBF)  // no overlong forms
      case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
      case 0xF4: (length, second) = (4, 0x80...0x8F)  // nothing above U+10FFFF
      default: return index
      }
      guard count &- index >= length, second.contains(bytes[index &+ 1]) else {
        return index
      }
      var next = index &+ 2
      while next < index &+ length {
        guard bytes[next] & 0xC0 == 0x80 else { return index }
        next &+= 1
      }
      index = next
    }
    return nil
  }
}
