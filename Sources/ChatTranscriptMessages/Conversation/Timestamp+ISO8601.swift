extension Timestamp {
  /// Parses an RFC 3339 date-time, the ISO 8601 profile chat backends write.
  ///
  /// Accepted: `YYYY-MM-DD`, then `T`, `t` or a space, then `HH:MM`, optionally `:SS` and a fraction
  /// (`.` or `,` and one or more digits), then a zone: `Z`, `z`, `±HH:MM`, `±HHMM` or `±HH`. The zone is
  /// required because a time without one is ambiguous. Fractions are truncated to whole seconds; a leap
  /// second (`:60`) is counted as the first second of the next minute.
  ///
  /// - Parameter text: For example `2026-11-21T10:00:00Z` or `2026-11-21T12:00:00.250+02:00`.
  /// - Returns: The instant, or `nil` when `text` is not such a date-time or names a day that does not
  ///   exist (`2026-02-29`).
  public init?(iso8601 text: String) {
    var text = text
    guard let parsed = text.withUTF8({ Timestamp(iso8601Bytes: UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = parsed
  }

  /// Parses the UTF-8 bytes of an RFC 3339 date-time; see `init?(iso8601:)`.
  ///
  /// Every field has a fixed number of digits, so no arithmetic here can overflow whatever the input.
  ///
  /// - Complexity: O(*n*) in the length of the fraction, O(1) otherwise.
  package init?(iso8601Bytes bytes: UnsafeRawBufferPointer) {
    var reader = FixedFieldReader(bytes: bytes)
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2), reader.skip(oneOf: "T", "t", " "),
      let hour = reader.number(digits: 2), reader.skip(":"),
      let minute = reader.number(digits: 2)
    else { return nil }
    var second = 0
    if reader.skip(":") {
      guard let value = reader.number(digits: 2) else { return nil }
      second = value
      if reader.skip(oneOf: ".", ",") {
        guard reader.skipDigits() > 0 else { return nil }
      }
    }
    var offsetSeconds = 0
    if !reader.skip(oneOf: "Z", "z") {
      let sign: Int
      if reader.skip("+") {
        sign = 1
      } else if reader.skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let offsetHours = reader.number(digits: 2), offsetHours <= 23 else { return nil }
      var offsetMinutes = 0
      if reader.skip(":") {
        guard let value = reader.number(digits: 2) else { return nil }
        offsetMinutes = value
      } else if let value = reader.number(digits: 2) {
        offsetMinutes = value
      }
      guard offsetMinutes <= 59 else { return nil }
      offsetSeconds = sign * (offsetHours * 3_600 + offsetMinutes * 60)
    }
    guard reader.isAtEnd, (1...12).contains(month),
      (1...Timestamp.daysInMonth(month, ofYear: Int64(year))).contains(day),
      hour <= 23, minute <= 59, second <= 60
    else { return nil }
    let days = Timestamp.dayNumber(year: Int64(year), month: month, day: day)
    let secondOfDay = hour * 3_600 + minute * 60 + second
    self.init(secondsSince1970: days * 86_400 + Int64(secondOfDay - offsetSeconds))
  }
}

/// Reads the fixed-width fields of a date-time left to right, never past the end.
private struct FixedFieldReader {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  /// Reads exactly `digits` ASCII digits as a number, or consumes nothing and returns `nil`.
  @inline(__always)
  mutating func number(digits: Int) -> Int? {
    guard bytes.count - position >= digits else { return nil }
    var value = 0
    for index in position..<position + digits {
      let digit = Int(bytes[index]) &- 48
      guard (0...9).contains(digit) else { return nil }
      value = value * 10 + digit
    }
    position += digits
    return value
  }

  /// Consumes any run of ASCII digits and returns how many there were.
  mutating func skipDigits() -> Int {
    let start = position
    while position < bytes.count, (48...57).contains(bytes[position]) {
      position += 1
    }
    return position - start
  }

  /// Consumes `character` if it comes next.
  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  /// Consumes whichever of the given characters comes next, if any.
  ///
  /// Two or three characters, not a variadic list: a list is an array made on every call,
  /// and a date is read for every message of a stream.
  mutating func skip(oneOf first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar? = nil)
    -> Bool
  {
    if skip(first) || skip(second) { return true }
    guard let third else { return false }
    return skip(third)
  }
}
