import ChatTranscriptMessages

/// Why a line of a message stream was rejected.
///
/// `description` is the message for a human, without the location: the caller knows the file and line
/// and prints `file:line: message`. Positions inside the line are part of the message: syntax errors
/// name a 1-based *column* counted in Unicode scalars, invalid UTF-8 names a 1-based *byte*, because
/// bytes are all there is when the text is not UTF-8.
///
/// Errors compare equal when they say the same thing, so tests can match them against the static
/// factories.
public struct StreamDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong; internal so messages can be refined without breaking callers.
  enum Code: Sendable, Hashable {
    case lineTooLong(limit: Int)
    case invalidUTF8(byte: Int)
    case syntax(Syntax, column: Int)
    case notAnObject(found: String)
    case missing(field: String)
    case empty(field: String)
    case wrongType(field: String, expected: String)
    case invalidStatus
    case invalidDate
    case unknownOp(String)
    case conflictingPositions
    case itemNotAnObject
    case tooManyExtraFields(itemID: String)
    case invalidReactionCount(reaction: String)
    case emptyReaction
    case tooManyReactions(itemID: String)
    indirect case prependItem(number: Int, Code)
  }

  /// The ways a line can fail to be JSON.
  enum Syntax: Sendable, Hashable {
    case unexpectedCharacter(Unicode.Scalar)
    case unexpectedEnd
    case invalidEscape(Unicode.Scalar)
    case invalidUnicodeEscape
    case loneSurrogate(UInt16)
    case controlCharacter(UInt8)
    case tooDeep(limit: Int)
  }

  let code: Code

  init(_ code: Code) {
    self.code = code
  }

  public var description: String { Self.message(for: code) }

  /// The 1-based column a syntax error points at, or `nil` for errors that are not about one place.
  public var column: Int? {
    if case .syntax(_, let column) = code { return column }
    return nil
  }

  private static func message(for code: Code) -> String {
    switch code {
    case .lineTooLong(let limit):
      return "line longer than \(limit) bytes"
    case .invalidUTF8(let byte):
      return "invalid UTF-8 at byte \(byte)"
    case .syntax(let syntax, let column):
      return "not JSON: \(message(for: syntax)) at column \(column)"
    case .notAnObject(let found):
      return "expected a JSON object, found \(found)"
    case .missing(let field):
      return "missing \"\(field)\""
    case .empty(let field):
      return "empty \"\(field)\""
    case .wrongType(let field, let expected):
      return "\"\(field)\" must be \(expected)"
    case .invalidStatus:
      let names = DeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")
      return "\"status\" must be one of \(names)"
    case .invalidDate:
      return "\"date\" is not an ISO 8601 date"
    case .unknownOp(let op):
      return "unknown op \(quotedForDiagnostics(op))"
    case .conflictingPositions:
      return "insert has both \"after\" and \"before\""
    case .itemNotAnObject:
      return "not an object"
    case .tooManyExtraFields(let itemID):
      let limit = StreamDecoder.maximumExtraFieldCount
      return "item \(quotedForDiagnostics(itemID)) has more than \(limit) unknown fields"
    case .invalidReactionCount(let reaction):
      let limit = StreamDecoder.maximumReactionCount
      return
        "\"reactions\": count of \(quotedForDiagnostics(reaction)) must be a whole number from 0 to \(limit)"
    case .emptyReaction:
      return "\"reactions\": empty reaction"
    case .tooManyReactions(let itemID):
      let limit = StreamDecoder.maximumReactionsPerItem
      return "item \(quotedForDiagnostics(itemID)) has more than \(limit) reactions"
    case .prependItem(let number, let inner):
      return "prepend item \(number): \(message(for: inner))"
    }
  }

  private static func message(for syntax: Syntax) -> String {
    switch syntax {
    case .unexpectedCharacter(let scalar):
      return "unexpected character \(shown(scalar))"
    case .unexpectedEnd:
      return "unexpected end of line"
    case .invalidEscape(let scalar):
      return scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
        ? "invalid escape '\\\(scalar)'" : "invalid escape before \(shown(scalar))"
    case .invalidUnicodeEscape:
      return "\\u must be followed by four hex digits"
    case .loneSurrogate(let unit):
      return "lone surrogate \\u\(hex(UInt32(unit)))"
    case .controlCharacter(let byte):
      return "unescaped control character U+\(hex(UInt32(byte))) in string"
    case .tooDeep(let limit):
      return "nesting deeper than \(limit)"
    }
  }

  /// A scalar as a reader can see it: quoted when printable, `U+XXXX` when not.
  private static func shown(_ scalar: Unicode.Scalar) -> String {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
      .spaceSeparator:
      return "U+\(hex(scalar.value))"
    default:
      return "'\(scalar)'"
    }
  }

  /// Upper-case hexadecimal, at least four digits.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension StreamDecodingError {
  /// The line holds more than `limit` bytes (``NDJSONLineReader/maxLineLength``); it was skipped
  /// unread.
  public static func lineTooLong(limit: Int) -> Self { Self(.lineTooLong(limit: limit)) }

  /// The line is not valid UTF-8; `byte` is the 1-based offset of the first byte of the bad sequence.
  public static func invalidUTF8(atByte byte: Int) -> Self { Self(.invalidUTF8(byte: byte)) }

  /// A required field is absent.
  public static func missing(_ field: String) -> Self { Self(.missing(field: field)) }

  /// A field that must not be empty is the empty string.
  public static func empty(_ field: String) -> Self { Self(.empty(field: field)) }

  /// A field has the wrong JSON type; `expected` completes "must be …", e.g. `"a string"`.
  public static func wrongType(_ field: String, expected: String) -> Self {
    Self(.wrongType(field: field, expected: expected))
  }

  /// A `"status"` is not one of the `DeliveryStatus` spellings.
  public static var invalidStatus: Self { Self(.invalidStatus) }

  /// A `"date"` string is not an RFC 3339 / ISO 8601 date-time.
  public static var invalidDate: Self { Self(.invalidDate) }

  /// The `"op"` names no known operation.
  public static func unknownOp(_ op: String) -> Self { Self(.unknownOp(op)) }

  /// An insert gives both `"after"` and `"before"`.
  public static var conflictingPositions: Self { Self(.conflictingPositions) }

  /// An element of a prepend page's `"items"` is not an object (only used inside `prependItem`).
  public static var itemNotAnObject: Self { Self(.itemNotAnObject) }

  /// The item with id `itemID` has more distinct unknown fields than
  /// ``StreamDecoder/maximumExtraFieldCount``.
  public static func tooManyExtraFields(itemID: String) -> Self { Self(.tooManyExtraFields(itemID: itemID)) }

  /// A count in an item's `"reactions"` is not a whole number from 0 to
  /// ``StreamDecoder/maximumReactionCount``.
  public static func invalidReactionCount(_ reaction: String) -> Self {
    Self(.invalidReactionCount(reaction: reaction))
  }

  /// A key of an item's `"reactions"` is the empty string.
  public static var emptyReaction: Self { Self(.emptyReaction) }

  /// The item with id `itemID` lists more distinct reactions than
  /// ``StreamDecoder/maximumReactionsPerItem``.
  public static func tooManyReactions(itemID: String) -> Self { Self(.tooManyReactions(itemID: itemID)) }

  /// The line is JSON but not an object; `found` names what it is instead, e.g. `"an array"`.
  public static func notAnObject(found: String) -> Self { Self(.notAnObject(found: found)) }

  /// Item `number` (1-based) of a prepend page is bad for the reason `error` gives.
  public static func prependItem(_ number: Int, _ error: Self) -> Self {
    Self(.prependItem(number: number, error.code))
  }

  /// The line is not JSON: what was wrong and at which 1-based column.
  static func syntax(_ syntax: Syntax, column: Int) -> Self { Self(.syntax(syntax, column: column)) }
}
