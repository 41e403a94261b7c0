/// The strings of a line: where each lies, its escapes and its UTF-8 checked in one pass, and
/// its content unescaped when it has escapes.
extension JSONScanner {
  /// Where a string's content lies on the line, between its quotes.
  struct StringSpan {
    var start: Int
    var end: Int
    /// Whether the content has a backslash escape, so that it differs from the string it stands for.
    var hasEscapes: Bool
    /// Whether every byte of the content is ASCII, so that it is valid UTF-8 without a check.
    var isASCII: Bool
  }

  /// Checks the string at the scanner and steps over it.
  ///
  /// - Parameter checkingUTF8: Whether to check the UTF-8 of content that is not all ASCII; `false`
  ///   only when the caller checks it.
  /// - Returns: The range of its content between the quotes, and whether that contains escapes.
  /// - Complexity: O(*n*); runs of plain characters are checked eight bytes at a time.
  @inline(__always)
  mutating func scanString(checkingUTF8: Bool = true) throws(StreamDecodingError) -> StringSpan {
    let start = position &+ 1
    var index = start
    var hasEscapes = false
    var highBits: UInt64 = 0
    while true {
      index = skipPlainWords(from: index, highBits: &highBits)
      guard index < count else { throw unexpected(at: index) }
      let byte = self[index]
      if byte == UInt8(ascii: "\"") {
        break
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        index = try checkEscape(at: index)
      } else if byte < 0x20 {
        throw .syntax(.controlCharacter(byte), column: column(of: index))
      } else {
        highBits |= UInt64(byte)
        index &+= 1
      }
    }
    position = index &+ 1
    let span = StringSpan(
      start: start, end: index, hasEscapes: hasEscapes, isASCII: highBits & 0x8080_8080_8080_8080 == 0)
    if checkingUTF8 { try checkUTF8(of: span) }
    return span
  }

  /// Checks that a string's content is valid UTF-8; content boundaries are quotes, never inside a
  /// character, so the content is checked on its own.
  ///
  /// - Throws: `invalidUTF8` with the line's first bad byte within the content.
  func checkUTF8(of span: StringSpan) throws(StreamDecodingError) {
    guard !span.isASCII,
      let offset = UTF8Validator.firstInvalidByte(
        in: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]))
    else { return }
    throw .invalidUTF8(atByte: span.start &+ offset &+ 1)
  }

  /// Skips to the first `"`, `\` or control character at or after `start`, eight bytes at a time.
  ///
  /// - Parameter highBits: Receives, or-ed in, the bytes skipped, so the caller can tell whether all
  ///   were ASCII.
  /// - Returns: The index of that byte, or of the first of the last fewer than eight bytes of the line
  ///   when none was found before them.
  func skipPlainWords(from start: Int, highBits: inout UInt64) -> Int {
    var index = start
    while index &+ 8 <= count {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let special = Self.specialBytes(in: word)
      if special != 0 {
        highBits |= word & (special &- 1)  // the bytes below the first flag, and its low bits
        return index &+ special.trailingZeroBitCount / 8
      }
      highBits |= word
      index &+= 8
    }
    return index
  }

  /// Flags (with 0x80) the bytes of `word` that are `"`, `\` or control characters.
  ///
  /// The one place with bit tricks, because message texts make up most of a stream's bytes. For a word
  /// `w`, `(w - 0x01…01) & ~w & 0x80…80` flags the bytes of `w` that are zero, and with `0x20…20`
  /// instead of `0x01…01` the bytes below 0x20 (bytes of 0x80 and above are never flagged, as `~w` clears
  /// their top bit). A borrow can flag a byte wrongly, but only above a byte flagged rightly, so the
  /// lowest flag (the first byte, as words load little-endian) is always exact.
  static func specialBytes(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    return
      (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
      | ((word &- ones &* 0x20) & ~word))
      & (ones &* 0x80)
  }

  /// Checks the escape whose `\` is at `index`.
  ///
  /// - Returns: The index just past the escape (past both halves of a surrogate pair).
  func checkEscape(at index: Int) throws(StreamDecodingError) -> Int {
    guard index &+ 1 < count else { throw unexpected(at: index &+ 1) }
    switch self[index &+ 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index &+ 2
    case UInt8(ascii: "u"):
      let unit = try hexUnit(at: index)
      switch unit {
      case 0xD800...0xDBFF:
        let next = index &+ 6
        guard next &+ 1 < count, self[next] == UInt8(ascii: "\\"),
          self[next &+ 1] == UInt8(ascii: "u"),
          (0xDC00...0xDFFF).contains(try hexUnit(at: next))
        else { throw .syntax(.loneSurrogate(unit), column: column(of: index)) }
        return next &+ 6
      case 0xDC00...0xDFFF:
        throw .syntax(.loneSurrogate(unit), column: column(of: index))
      default:
        return index &+ 6
      }
    default:
      throw .syntax(.invalidEscape(scalar(at: index &+ 1)), column: column(of: index))
    }
  }

  /// The code unit of the `\uXXXX` escape whose `\` is at `index`.
  func hexUnit(at index: Int) throws(StreamDecodingError) -> UInt16 {
    guard let unit = hexValue(at: index) else {
      throw .syntax(.invalidUnicodeEscape, column: column(of: index))
    }
    return unit
  }

  /// The four hex digits after the `\u` at `index`, or `nil` when they are missing or not hex.
  func hexValue(at index: Int) -> UInt16? {
    guard index &+ 6 <= count else { return nil }
    var unit: UInt16 = 0
    for offset in 2..<6 {
      let byte = self[index &+ offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// Decodes the string content in `start..<end`, already checked by `scanString()`, into `scratch`.
  mutating func unescape(from start: Int, to end: Int) {
    scratch.removeAll(keepingCapacity: true)
    var index = start
    while index < end {
      // The characters up to the next escape are copied as one run.
      var runEnd = index
      while runEnd < end && self[runEnd] != UInt8(ascii: "\\") { runEnd &+= 1 }
      if runEnd > index {
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<runEnd]))
        index = runEnd
        continue
      }
      let kind = self[index &+ 1]
      index &+= 2
      switch kind {
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        // Checked already: a unit outside the surrogates, or a high surrogate followed by a low one.
        var value = UInt32(hexValue(at: index &- 2) ?? 0xFFFD)
        if (0xD800...0xDBFF).contains(value) {
          let low = UInt32(hexValue(at: index &+ 4) ?? 0xDC00)
          value = 0x10000 &+ ((value &- 0xD800) << 10 | (low &- 0xDC00))
          index &+= 6
        }
        index &+= 4
        appendUTF8(of: Unicode.Scalar(value) ?? "\u{FFFD}")
      default: scratch.append(kind)  // `"`, `\` and `/` stand for themselves
      }
    }
  }

  mutating func appendUTF8(of scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { scratch.append($0) }
  }
}
