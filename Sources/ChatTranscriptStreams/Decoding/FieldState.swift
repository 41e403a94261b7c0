/// What a line said about one field, apart from the field's value.
///
/// An object's members may come in any order, so `"item"` can precede `"op"`. The decoder therefore
/// reads every known field first, keeping its value and its state side by side, and only afterwards
/// checks the fields the op needs; a malformed field the op does not use is never reported. A repeated
/// key overwrites both value and state: the last occurrence wins.
///
/// The states are kept apart from the values so that the per-line bookkeeping is a few bytes of plain
/// data: an enum carrying each value and its error made every line copy and destroy hundreds of bytes.
enum FieldState {
  /// The field is not in the object.
  case absent
  /// The field is `null`: absent for optional fields, the wrong type for required ones.
  case null
  /// The field holds a usable value.
  case present
  /// The field has the wrong JSON type.
  case wrongType
  /// The field has the right JSON type but an unusable value (a bad date, a negative width, …).
  case invalid

  /// Checks a field the op needs.
  ///
  /// - Throws: `missing` when absent, otherwise the key's error for what is wrong.
  func require(_ key: WireKey) throws(StreamDecodingError) {
    if self == .absent { throw .missing(key.name) }
    try allowAbsent(key)
    if self == .null { throw key.wrongTypeError }
  }

  /// Checks an optional field: absent and `null` are fine, a present but unusable value is not.
  func allowAbsent(_ key: WireKey) throws(StreamDecodingError) {
    switch self {
    case .absent, .null, .present: return
    case .wrongType: throw key.wrongTypeError
    case .invalid: throw key.invalidValueError
    }
  }
}

extension WireKey {
  /// The error for a value of the wrong JSON type in this field.
  var wrongTypeError: StreamDecodingError {
    switch self {
    case .status: .invalidStatus  // its message already says what is allowed
    case .incoming, .active, .edited, .deleted: .wrongType(name, expected: "true or false")
    case .reactions: .wrongType(name, expected: "an object")
    case .width, .height: .wrongType(name, expected: "a non-negative finite number")
    case .item: .wrongType(name, expected: "an object")
    case .items: .wrongType(name, expected: "an array")
    default: .wrongType(name, expected: "a string")
    }
  }

  /// The error for a value of the right type that is unusable in this field.
  var invalidValueError: StreamDecodingError {
    switch self {
    case .date: .invalidDate
    default: wrongTypeError
    }
  }
}
