extension JSONScanner {
  /// Reads a string field; any other JSON type is stepped over (syntax still checked) and reported in
  /// the returned state.
  mutating func read(_ value: inout String?) throws(StreamDecodingError) -> FieldState {
    switch nextValueKind {
    case .string:
      value = try string()
      return .present
    default:
      value = nil
      return try skipNonValue()
    }
  }

  /// Reads a `true`/`false` field.
  mutating func read(_ value: inout Bool?) throws(StreamDecodingError) -> FieldState {
    switch nextValueKind {
    case .bool:
      value = try bool()
      return .present
    default:
      value = nil
      return try skipNonValue()
    }
  }

  /// Reads a size in pixels: a number that is finite and not negative.
  mutating func read(_ value: inout Double?) throws(StreamDecodingError) -> FieldState {
    value = nil
    switch nextValueKind {
    case .number:
      let number = try number()
      guard number.isFinite && number >= 0 else { return .invalid }
      value = number + 0  // + 0 turns -0 into 0
      return .present
    default:
      return try skipNonValue()
    }
  }

  /// Reads a `"status"` field: one of the `DeliveryStatus` spellings.
  mutating func read(_ value: inout DeliveryStatus?) throws(StreamDecodingError) -> FieldState {
    switch nextValueKind {
    case .string:
      value = try withStringBytes { DeliveryStatus(wireName: $0) }
      return value == nil ? .invalid : .present
    default:
      value = nil
      return try skipNonValue()
    }
  }

  /// Reads a `"date"` field: an RFC 3339 date-time string.
  mutating func read(_ value: inout Timestamp?) throws(StreamDecodingError) -> FieldState {
    switch nextValueKind {
    case .string:
      value = try withStringBytes { Timestamp(iso8601Bytes: $0) }
      return value == nil ? .invalid : .present
    default:
      value = nil
      return try skipNonValue()
    }
  }

  /// Steps over a `null` or a value of the wrong type, checking its syntax, and says which it was.
  mutating func skipNonValue() throws(StreamDecodingError) -> FieldState {
    if nextValueKind == .null {
      try null()
      return .null
    }
    try skipValue()
    return .wrongType
  }
}

extension DeliveryStatus {
  /// Recognises a status from its UTF-8 spelling without making a `String`.
  ///
  /// - Complexity: O(1): the length and first byte pick the one candidate worth comparing.
  init?(wireName bytes: UnsafeRawBufferPointer) {
    let candidate: DeliveryStatus
    switch (bytes.count, bytes.first) {
    case (7, UInt8(ascii: "s")): candidate = .sending
    case (4, UInt8(ascii: "s")): candidate = .sent
    case (9, UInt8(ascii: "d")): candidate = .delivered
    case (4, UInt8(ascii: "r")): candidate = .read
    case (6, UInt8(ascii: "f")): candidate = .failed
    default: return nil
    }
    guard candidate.rawValue.utf8.elementsEqual(bytes) else { return nil }
    self = candidate
  }
}
