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

  // The scanner's state is internal rather than private: the string scanning, in
  // `JSONScanner+Strings.swift`, reads and moves it too. Only the scanner touches it.
  let bytes: UnsafeRawBufferPointer
  /// The bytes' address, never `nil`, and their count: reading through them spares the `nil` checks
  /// of `bytes` on every access, a good part of the cost of scanning a short string.
  let base: UnsafeRawPointer
  let count: Int
  var position = 0
  private var depth = 0
  /// Reused output for strings that contain escapes; empty until the first one.
  var scratch: [UInt8] = []

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    // An empty buffer may have no address; any will do then, as nothing is read through it.
    base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
    count = bytes.count
  }

  /// The byte at `index`, which must be below `count`.
  subscript(index: Int) -> UInt8 {
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
  func unexpected(at index: Int) -> StreamDecodingError {
    guard index < count else { return .syntax(.unexpectedEnd, column: column(of: count)) }
    return .syntax(.unexpectedCharacter(scalar(at: index)), column: column(of: index))
  }

  /// The 1-based column of the byte at `index`, counted in Unicode scalars.
  ///
  /// - Complexity: O(*n*); only errors need it.
  func column(of index: Int) -> Int {
    var column = 1
    for byte in bytes.prefix(index) where byte & 0xC0 != 0x80 {
      column &+= 1
    }
    return column
  }

  /// The scalar whose UTF-8 starts at `index`.
  func scalar(at index: Int) -> Unicode.Scalar {
    let tail = UnsafeRawBufferPointer(rebasing: bytes[index..<min(index &+ 4, count)])
    return String(decoding: tail, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
  }
}
