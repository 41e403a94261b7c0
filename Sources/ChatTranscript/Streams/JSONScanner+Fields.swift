extension JSONScanner {
  /// Reads a string field into a slot; any other JSON type makes the slot invalid.
  mutating func stringSlot(_ key: WireKey) throws(StreamDecodingError) -> WireSlot<String> {
    switch nextValueKind {
    case .string: return .value(try string())
    case .null: return try nullSlot()
    default: return try skipInvalid(.wrongType(key.name, expected: "a string"))
    }
  }

  /// Reads a `true`/`false` field into a slot.
  mutating func boolSlot(_ key: WireKey) throws(StreamDecodingError) -> WireSlot<Bool> {
    switch nextValueKind {
    case .bool: return .value(try bool())
    case .null: return try nullSlot()
    default: return try skipInvalid(.wrongType(key.name, expected: "true or false"))
    }
  }

  /// Reads a size in pixels: a number that is finite and not negative.
  mutating func sizeSlot(_ key: WireKey) throws(StreamDecodingError) -> WireSlot<Double> {
    let error = StreamDecodingError.wrongType(key.name, expected: "a non-negative finite number")
    switch nextValueKind {
    case .number:
      let value = try number()
      return value.isFinite && value >= 0 ? .value(value + 0) : .invalid(error)  // + 0 turns -0 into 0
    case .null: return try nullSlot()
    default: return try skipInvalid(error)
    }
  }

  /// Reads a `"status"` field: one of the `DeliveryStatus` spellings.
  mutating func statusSlot() throws(StreamDecodingError) -> WireSlot<DeliveryStatus> {
    switch nextValueKind {
    case .string:
      let status = try withStringBytes { DeliveryStatus(rawValue: String(decoding: $0, as: UTF8.self)) }
      return status.map { .value($0) } ?? .invalid(.invalidStatus)
    case .null: return try nullSlot()
    default: return try skipInvalid(.invalidStatus)
    }
  }

  /// Reads a `"date"` field: an RFC 3339 date-time string.
  mutating func dateSlot() throws(StreamDecodingError) -> WireSlot<Timestamp> {
    switch nextValueKind {
    case .string:
      let date = try withStringBytes { Timestamp(iso8601Bytes: $0) }
      return date.map { .value($0) } ?? .invalid(.invalidDate)
    case .null: return try nullSlot()
    default: return try skipInvalid(.wrongType(WireKey.date.name, expected: "a string"))
    }
  }

  private mutating func nullSlot<Value>() throws(StreamDecodingError) -> WireSlot<Value> {
    try null()
    return .null
  }

  /// Steps over a value of the wrong type, still checking its syntax, and records why it is unusable.
  mutating func skipInvalid<Value>(_ error: StreamDecodingError) throws(StreamDecodingError) -> WireSlot<
    Value
  > {
    try skipValue()
    return .invalid(error)
  }
}
