/// Why a font file could not be read: what was wrong and where.
///
/// Font files come from users and from the network, so every read is checked; a truncated or
/// hostile file ends in one of these, never in a trap.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
  enum Code: Sendable, Hashable {
    case truncated(table: String, offset: Int, length: Int)
    case missingTable(String)
    case invalid(table: String, reason: String)
    case unsupported(String)
    case faceIndexOutOfRange(index: Int, count: Int)
  }

  let code: Code

  /// A read of `length` bytes at `offset` (from the start of `table`) that runs past its end.
  static func truncated(_ table: String, at offset: Int, length: Int) -> FontError {
    FontError(code: .truncated(table: table, offset: offset, length: length))
  }

  /// A table the reader needs is absent.
  static func missingTable(_ tag: String) -> FontError {
    FontError(code: .missingTable(tag))
  }

  /// A value in `table` that no font may hold.
  static func invalid(_ table: String, _ reason: String) -> FontError {
    FontError(code: .invalid(table: table, reason: reason))
  }

  /// A well-formed file this reader does not read (not TrueType or OpenType).
  static func unsupported(_ reason: String) -> FontError {
    FontError(code: .unsupported(reason))
  }

  /// A face index past the faces of a collection.
  static func faceIndexOutOfRange(_ index: Int, count: Int) -> FontError {
    FontError(code: .faceIndexOutOfRange(index: index, count: count))
  }

  public var description: String {
    switch code {
    case .truncated(let table, let offset, let length):
      "font table '\(table)' is truncated: \(length) bytes at offset \(offset) run past its end"
    case .missingTable(let tag):
      "font has no '\(tag)' table"
    case .invalid(let table, let reason):
      "font table '\(table)' is invalid: \(reason)"
    case .unsupported(let reason):
      "not a font this reader reads: \(reason)"
    case .faceIndexOutOfRange(let index, let count):
      "font face \(index) does not exist: the file has \(count) face\(count == 1 ? "" : "s")"
    }
  }
}
