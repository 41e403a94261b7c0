/// Reads JSON (RFC 8259) from the bytes of one line, value by value, without building a tree.
///
/// The decoders of events and items drive it: they open an object, ask for each key, and read the
/// values they know straight into their fields, while `skipValue()` checks and steps over everything
/// else. So a line is scanned once, no dictionary is built, and strings without escapes become a
/// `String` with a single copy.
///
/// The full grammar is checked, including unknown fields. Choices the RFC leaves open:
/// - Nesting deeper than `maximumDepth` objects and arrays is an error, so hostile input cannot
///   exhaust the stack of the recursive `skipValue()`.
/// - A `\u` escape of a lone surrogate is an error rather than U+FFFD: it is always a producer bug, and
///   replacing it silently would change an id.
/// - Numbers become the nearest `Double`; magnitudes beyond its range become ±infinity (which the
///   fields that take numbers then reject), tiny ones become zero.
///
/// Outside strings only ASCII passes the grammar, so checking the strings' content checks the whole line:
/// the scanner checks the UTF-8 of each string it steps over that has a byte above ASCII, and the
/// standard library checks the strings that `string()` makes, as it makes them, so no byte is checked
/// twice. It throws `invalidUTF8` for a bad string; a caller that needs the first bad byte of the line,
/// or that must report invalid UTF-8 before any other error, runs `UTF8Validator` when anything throws.
struct JSONScanner {
  /// The deepest nesting of objects and arrays accepted; the line's own object is level 1.
  static let maximumDepth = 64

  /// What a value is, judged by its first byte.
  enum ValueKind {
    case object, array, string, number, bool, null, invalid
  }

  private let bytes: UnsafeRawBufferPointer
  /// The bytes' address, never `nil`, and their count: reading through them spares the `nil` checks
  /// of `bytes` on every access, a good part of the cost of scanning a short string.
  private let base: UnsafeRawPointer
  private let count: Int
  private var position = 0
  private var depth = 0
  /// Reused output for strings that contain escapes; empty until the first one.
  private var scratch: [UInt8] = []

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    // An empty buffer may have no address; any will do then, as nothing is read through it.
    base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
    count = bytes.count
  }

  /// The byte at `index`, which must be below `count`.
  private subscript(index: Int) -> UInt8 {
    @inline(__always) get {
      assert(index >= 0 && index < count)
      return base.load(fromByteOffset: index, as: UInt8.self)
    }
  }

  // MARK: Structure

  /// Skips leading whitespace and checks that the line holds one object, then enters it.
  ///
  /// - Returns: Whether the object has members (`false` for `{}`).
  /// - Throws: A syntax error, or `notAnObject` when the line is some other JSON value.
  mutating func beginDocument() throws(StreamDecodingError) -> Bool {
    skipWhitespace()
    let kind = nextValueKind
    guard kind == .object else {
      try skipValue()
      try endDocument()
      let found: String
      switch kind {
      case .array: found = "an array"
      case .string: found = "a string"
      case .number: found = "a number"
      case .bool: found = "a boolean"
      default: found = "null"
      }
      throw .notAnObject(found: found)
    }
    return try beginObject()
  }

  /// Checks that only whitespace follows the line's object.
  mutating func endDocument() throws(StreamDecodingError) {
    skipWhitespace()
    guard position == count else { throw unexpected(at: position) }
  }

  /// Enters the object whose `{` is next.
  ///
  /// - Returns: Whether a member follows; if so, the scanner is at its key.
  mutating func beginObject() throws(StreamDecodingError) -> Bool {
    try enterContainer()
    skipWhitespace()
    if position < count, self[position] == UInt8(ascii: "}") {
      position &+= 1
      depth &-= 1
      return false
    }
    return true
  }

  /// Reads a member's key and the `:` after it, leaving the scanner at the value.
  ///
  /// - Returns: The key when the wire format knows it, `nil` for any other key.
  mutating func memberKey() throws(StreamDecodingError) -> WireKey? {
    try memberKeyAndSpan().key
  }

  /// Reads a member's key and the `:` after it like `memberKey()`, and says where the key's text is.
  ///
  /// - Returns: The key when the wire format knows it, and the key's text between its quotes, which
  ///   `keyName(in:)` turns into strings when the member is kept as it is.
  mutating func memberKeyAndSpan() throws(StreamDecodingError) -> (key: WireKey?, span: StringSpan) {
    guard position < count, self[position] == UInt8(ascii: "\"") else {
      throw unexpected(at: position)
    }
    let start = position &+ 1
    let span: StringSpan
    let key: WireKey?
    if let (length, packed) = shortPlainKey(at: start) {
      span = StringSpan(start: start, end: start &+ length, hasEscapes: false, isASCII: true)
      key = WireKey(packed: packed)
      position = span.end &+ 1
    } else {
      span = try scanString()
      if span.hasEscapes {
        unescape(from: span.start, to: span.end)
        key = scratch.withUnsafeBytes { WireKey($0) }
      } else {
        key = WireKey(UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]))
      }
    }
    skipWhitespace()
    guard position < count, self[position] == UInt8(ascii: ":") else {
      throw unexpected(at: position)
    }
    position &+= 1
    skipWhitespace()
    return (key, span)
  }

  /// The usual key, read with one load: at most eight ASCII bytes, no escape, and the closing quote
  /// within or just after those eight bytes.
  ///
  /// - Parameter start: The index just past the opening quote.
  /// - Returns: The key's length and its bytes packed as `WireKey(packed:)` takes them (no NUL, as a
  ///   control character ends the search), or `nil` for any other key, which `scanString()` reads.
  @inline(__always)
  private func shortPlainKey(at start: Int) -> (length: Int, packed: UInt64)? {
    guard start &+ 9 <= count else { return nil }
    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    let special = Self.specialBytes(in: word)
    let length = special == 0 ? 8 : special.trailingZeroBitCount / 8
    let packed = length == 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
    guard self[start &+ length] == UInt8(ascii: "\""), packed & 0x8080_8080_8080_8080 == 0 else {
      return nil
    }
    return (length, packed)
  }

  /// Reads the string at the scanner when it is a short plain name (see `shortPlainKey(at:)`) that
  /// `recognize` takes; otherwise the scanner does not move.
  mutating func shortPlainName<Value>(_ recognize: (WireKey) -> Value?) -> Value? {
    guard position < count, self[position] == UInt8(ascii: "\""),
      let (length, packed) = shortPlainKey(at: position &+ 1), let key = WireKey(packed: packed),
      let value = recognize(key)
    else { return nil }
    position &+= length &+ 2
    return value
  }

  /// Steps past the `,` before the next member, or past the `}` that closes the object.
  ///
  /// - Returns: Whether another member follows.
  mutating func nextMember() throws(StreamDecodingError) -> Bool {
    skipWhitespace()
    guard position < count else { throw unexpected(at: position) }
    switch self[position] {
    case UInt8(ascii: ","):
      position &+= 1
      skipWhitespace()
      return true
    case UInt8(ascii: "}"):
      position &+= 1
      depth &-= 1
      return false
    default:
      throw unexpected(at: position)
    }
  }

  /// Enters the array whose `[` is next.
  ///
  /// - Returns: Whether an element follows; if so, the scanner is at it.
  mutating func beginArray() throws(StreamDecodingError) -> Bool {
    try enterContainer()
    skipWhitespace()
    if position < count, self[position] == UInt8(ascii: "]") {
      position &+= 1
      depth &-= 1
      return false
    }
    return true
  }

  /// Steps past the `,` before the next element, or past the `]` that closes the array.
  ///
  /// - Returns: Whether another element follows.
  mutating func nextElement() throws(StreamDecodingError) -> Bool {
    skipWhitespace()
    guard position < count else { throw unexpected(at: position) }
    switch self[position] {
    case UInt8(ascii: ","):
      position &+= 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      position &+= 1
      depth &-= 1
      return false
    default:
      throw unexpected(at: position)
    }
  }

  private mutating func enterContainer() throws(StreamDecodingError) {
    guard depth < Self.maximumDepth else {
      throw .syntax(.tooDeep(limit: Self.maximumDepth), column: column(of: position))
    }
    depth &+= 1
    position &+= 1
  }

  // MARK: Values

  /// The kind of the value at the scanner, judged by its first byte.
  var nextValueKind: ValueKind {
    guard position < count else { return .invalid }
    switch self[position] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: return .invalid
    }
  }

  /// Checks and steps over the value at the scanner, whatever it is.
  ///
  /// - Complexity: O(*n*) in the value's length; recursion is bounded by `maximumDepth`.
  mutating func skipValue() throws(StreamDecodingError) {
    switch nextValueKind {
    case .object:
      guard try beginObject() else { return }
      repeat {
        _ = try memberKey()
        try skipValue()
      } while try nextMember()
    case .array:
      guard try beginArray() else { return }
      repeat {
        try skipValue()
      } while try nextElement()
    case .string:
      _ = try scanString()
    case .number:
      _ = try scanNumber()
    case .bool:
      _ = try bool()
    case .null:
      try literal("null")
    case .invalid:
      throw unexpected(at: position)
    }
  }

  /// Checks and steps over the value at the scanner, like `skipValue()`, and says where it was.
  ///
  /// - Returns: The range of the value's bytes, from its first character to its last.
  mutating func skipValueReturningRange() throws(StreamDecodingError) -> Range<Int> {
    let start = position
    try skipValue()
    return start..<position
  }

  /// Reads the string at the scanner.
  ///
  /// - Throws: A syntax error, or `invalidUTF8` when the string is not valid UTF-8.
  mutating func string() throws(StreamDecodingError) -> String {
    let span = try scanString(checkingUTF8: false)
    let content = UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end])
    if span.hasEscapes {
      try checkUTF8(of: span)
      unescape(from: span.start, to: span.end)
      return String(decoding: scratch, as: UTF8.self)
    }
    if span.isASCII && content.count <= 15 {
      // Fits in a small string, which the standard library checks for ASCII only: the usual id.
      return String(unsafeUninitializedCapacity: content.count) { buffer in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: content)
        return content.count
      }
    }
    // The standard library checks the bytes as it makes the string, replacing bad ones, so the string
    // holds exactly the line's bytes only when they are valid: a cheap comparison, and the only check.
    var string = String(decoding: content, as: UTF8.self)
    guard span.isASCII || Self.hasSameBytes(&string, content) else {
      try checkUTF8(of: span)
      throw .invalidUTF8(atByte: span.start &+ 1)  // not reached: the check above throws
    }
    return string
  }

  /// Whether `string`'s UTF-8 is exactly `bytes`, compared eight bytes at a time.
  private static func hasSameBytes(_ string: inout String, _ bytes: UnsafeRawBufferPointer) -> Bool {
    string.withUTF8 { utf8 in
      let count = utf8.count
      guard count == bytes.count else { return false }
      let other = UnsafeRawBufferPointer(utf8)
      var index = 0
      while index &+ 8 <= count {
        guard
          other.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            == bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        else { return false }
        index &+= 8
      }
      while index < count {
        guard other[index] == bytes[index] else { return false }
        index &+= 1
      }
      return true
    }
  }

  /// Reads the string at the scanner and hands its decoded UTF-8 to `body` without making a `String`.
  ///
  /// The buffer is only valid inside `body`: it points into the line, or into scratch space when the
  /// string had escapes.
  mutating func withStringBytes<Result>(
    _ body: (UnsafeRawBufferPointer) -> Result
  ) throws(StreamDecodingError) -> Result {
    let span = try scanString()
    guard span.hasEscapes else {
      return body(UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]))
    }
    unescape(from: span.start, to: span.end)
    return scratch.withUnsafeBytes(body)
  }

  /// Reads the number at the scanner as the nearest `Double`.
  mutating func number() throws(StreamDecodingError) -> Double {
    let (start, end, isShortInteger) = try scanNumber()
    if isShortInteger {
      // At most 15 digits: exact in an Int and in a Double, so no rounding question arises.
      var index = start
      let isNegative = self[index] == UInt8(ascii: "-")
      if isNegative { index &+= 1 }
      var value = 0
      while index < end {
        value = value &* 10 &+ Int(self[index] &- UInt8(ascii: "0"))
        index &+= 1
      }
      return isNegative ? -Double(value) : Double(value)
    }
    // The standard library's correctly rounded parser; the grammar was checked above, which it accepts.
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    return Double(text) ?? .nan
  }

  /// Reads `true` or `false`.
  mutating func bool() throws(StreamDecodingError) -> Bool {
    if position < count, self[position] == UInt8(ascii: "t") {
      try literal("true")
      return true
    }
    try literal("false")
    return false
  }

  /// Reads `null`.
  mutating func null() throws(StreamDecodingError) {
    try literal("null")
  }

  private mutating func literal(_ word: StaticString) throws(StreamDecodingError) {
    let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard position < count, self[position] == byte else { throw unexpected(at: position) }
      position &+= 1
    }
  }

  // MARK: Strings

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
  private mutating func scanString(checkingUTF8: Bool = true) throws(StreamDecodingError) -> StringSpan {
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
  private func checkUTF8(of span: StringSpan) throws(StreamDecodingError) {
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
  private func skipPlainWords(from start: Int, highBits: inout UInt64) -> Int {
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
  private static func specialBytes(in word: UInt64) -> UInt64 {
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
  private func checkEscape(at index: Int) throws(StreamDecodingError) -> Int {
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
  private func hexUnit(at index: Int) throws(StreamDecodingError) -> UInt16 {
    guard let unit = hexValue(at: index) else {
      throw .syntax(.invalidUnicodeEscape, column: column(of: index))
    }
    return unit
  }

  /// The four hex digits after the `\u` at `index`, or `nil` when they are missing or not hex.
  private func hexValue(at index: Int) -> UInt16? {
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
  private mutating func unescape(from start: Int, to end: Int) {
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

  private mutating func appendUTF8(of scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { scratch.append($0) }
  }

  // MARK: Numbers

  /// Checks the number at the scanner against the JSON grammar and steps over it.
  ///
  /// - Returns: Its range, and whether it is an integer of at most 15 digits (which `number()` converts
  ///   without the standard library's parser).
  private mutating func scanNumber() throws(StreamDecodingError) -> (
    start: Int, end: Int, isShortInteger: Bool
  ) {
    let start = position
    var index = position
    if self[index] == UInt8(ascii: "-") { index &+= 1 }
    let integerStart = index
    guard index < count else { throw unexpected(at: index) }
    if self[index] == UInt8(ascii: "0") {
      index &+= 1  // a leading zero stands alone: "01" ends after the 0 and the 1 is then unexpected
    } else if isDigit(at: index) {
      index = skipDigits(from: index)
    } else {
      throw unexpected(at: index)
    }
    var isInteger = true
    if index < count, self[index] == UInt8(ascii: ".") {
      isInteger = false
      index &+= 1
      guard isDigit(at: index) else { throw unexpected(at: index) }
      index = skipDigits(from: index)
    }
    if index < count, self[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index &+= 1
      if index < count, self[index] == UInt8(ascii: "+") || self[index] == UInt8(ascii: "-") {
        index &+= 1
      }
      guard isDigit(at: index) else { throw unexpected(at: index) }
      index = skipDigits(from: index)
    }
    position = index
    return (start, index, isInteger && index &- integerStart <= 15)
  }

  private func isDigit(at index: Int) -> Bool {
    index < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self[index])
  }

  private func skipDigits(from start: Int) -> Int {
    var index = start
    while isDigit(at: index) { index &+= 1 }
    return index
  }

  // MARK: Raw text

  /// Checks that the bytes hold one JSON value, with only whitespace around it, and steps over it.
  ///
  /// - Returns: The range of the value's bytes, from its first character to its last.
  /// - Throws: A syntax error, also for a second value after the first.
  mutating func onlyValue() throws(StreamDecodingError) -> Range<Int> {
    skipWhitespace()
    let range = try skipValueReturningRange()
    try endDocument()
    return range
  }

  /// A key's name, unescaped, and its text as written between the quotes.
  ///
  /// Without escapes the two are one string, sharing its buffer.
  ///
  /// - Parameter span: A key that `memberKeyAndSpan()` returned.
  mutating func keyName(in span: StringSpan) -> (name: String, rawName: String) {
    let rawName = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
    guard span.hasEscapes else { return (rawName, rawName) }
    unescape(from: span.start, to: span.end)
    return (String(decoding: scratch, as: UTF8.self), rawName)
  }

  /// The text of a checked value, to keep and write back as it is.
  ///
  /// Line feeds and carriage returns become spaces. In checked JSON they can only be whitespace
  /// between tokens (inside a string they must be escaped), and a kept value must fit in one line of
  /// a stream when it is written back. Every other byte is kept.
  ///
  /// - Parameter range: A range that `skipValueReturningRange()` or `onlyValue()` returned.
  /// - Complexity: O(*n*) in the length of the value.
  func rawText(in range: Range<Int>) -> String {
    let text = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard text.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
      return String(decoding: text, as: UTF8.self)
    }
    return String(decoding: text.map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
  }

  // MARK: Whitespace and errors

  @inline(__always)
  private mutating func skipWhitespace() {
    while position < count {
      switch self[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position &+= 1
      default:
        return
      }
    }
  }

  /// The error for finding the byte at `index` (or the end of the line) where something else belongs.
  private func unexpected(at index: Int) -> StreamDecodingError {
    guard index < count else { return .syntax(.unexpectedEnd, column: column(of: count)) }
    return .syntax(.unexpectedCharacter(scalar(at: index)), column: column(of: index))
  }

  /// The 1-based column of the byte at `index`, counted in Unicode scalars.
  ///
  /// - Complexity: O(*n*); only errors need it.
  private func column(of index: Int) -> Int {
    var column = 1
    for byte in bytes.prefix(index) where byte & 0xC0 != 0x80 {
      column &+= 1
    }
    return column
  }

  /// The scalar whose UTF-8 starts at `index`.
  private func scalar(at index: Int) -> Unicode.Scalar {
    let tail = UnsafeRawBufferPointer(rebasing: bytes[index..<min(index &+ 4, count)])
    return String(decoding: tail, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
  }
}
