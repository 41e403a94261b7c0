/// What a line said about one field, kept until the op is known.
///
/// An object's members may come in any order, so `"item"` can precede `"op"`. The decoder therefore
/// reads every known field into a slot first and only afterwards asks for the fields the op needs;
/// a wrong type in a field the op does not use is never reported. A repeated key simply overwrites the
/// slot: the last occurrence wins.
enum WireSlot<Value> {
  /// The field is not in the object.
  case absent
  /// The field is `null`: treated as absent by optional fields, as a wrong type by required ones.
  case null
  /// The field holds a usable value.
  case value(Value)
  /// The field is present but unusable, for the reason given.
  case invalid(StreamDecodingError)

  /// The value of a field the op needs.
  ///
  /// - Parameters:
  ///   - key: The field, named in the error messages.
  ///   - expected: Completes "must be …" when the field is `null`.
  /// - Throws: `missing` when absent, `wrongType` when `null`, the stored error when invalid.
  func required(_ key: WireKey, expected: String) throws(StreamDecodingError) -> Value {
    switch self {
    case .absent: throw .missing(key.name)
    case .null: throw .wrongType(key.name, expected: expected)
    case .value(let value): return value
    case .invalid(let error): throw error
    }
  }

  /// The value of an optional field, `nil` when absent or `null`.
  ///
  /// - Throws: The stored error when the field is present but unusable.
  func optional() throws(StreamDecodingError) -> Value? {
    switch self {
    case .absent, .null: return nil
    case .value(let value): return value
    case .invalid(let error): throw error
    }
  }
}

extension WireSlot<String> {
  /// A required string field that must not be empty (ids, types, senders).
  func requiredNonEmpty(_ key: WireKey) throws(StreamDecodingError) -> String {
    let value = try required(key, expected: "a string")
    guard !value.isEmpty else { throw .empty(key.name) }
    return value
  }

  /// An optional string field that, when given, must not be empty (the ids of `"after"`/`"before"`).
  func optionalNonEmpty(_ key: WireKey) throws(StreamDecodingError) -> String? {
    guard let value = try optional() else { return nil }
    guard !value.isEmpty else { throw .empty(key.name) }
    return value
  }
}
