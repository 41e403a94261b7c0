/// Why a well-formed event could not be applied to the transcript as it stands.
public struct TranscriptEventError: Error, Sendable, Hashable, CustomStringConvertible {
  enum Code: Sendable, Hashable {
    case duplicateID(String)
    case unknownID(String, field: String?)
    case reservedID(String)
    case tooManyReactions(String)
    indirect case prependItem(number: Int, Code)
    /// Rejected items of a prepend past those reported one by one.
    case morePrependItemsRejected(Int)
  }

  let code: Code

  static func duplicateID(_ id: String) -> Self { Self(code: .duplicateID(id)) }
  static func unknownID(_ id: String, field: String? = nil) -> Self {
    Self(code: .unknownID(id, field: field))
  }
  static func reservedID(_ id: String) -> Self { Self(code: .reservedID(id)) }
  static func tooManyReactions(_ id: String) -> Self { Self(code: .tooManyReactions(id)) }
  static func morePrependItemsRejected(_ count: Int) -> Self { Self(code: .morePrependItemsRejected(count)) }

  public var description: String { Self.message(for: code) }

  private static func message(for code: Code) -> String {
    switch code {
    case .duplicateID(let id): "duplicate id \(quotedForDiagnostics(id))"
    case .unknownID(let id, let field?): "\"\(field)\": unknown id \(quotedForDiagnostics(id))"
    case .unknownID(let id, nil): "unknown id \(quotedForDiagnostics(id))"
    case .reservedID(let id): "id \(quotedForDiagnostics(id)) is reserved"
    case .tooManyReactions(let id):
      "item \(quotedForDiagnostics(id)) has more than \(StreamDecoder.maximumReactionsPerItem) reactions"
    case .prependItem(let number, let inner): "prepend item \(number): \(message(for: inner))"
    case .morePrependItemsRejected(let count):
      "prepend: … and \(count) more item\(count == 1 ? "" : "s") rejected"
    }
  }
}
