import ChatTranscript
import ChatTranscriptMessages

/// Readers of the values of known fields.
///
/// Each writes the value (or `nil`) and returns what the line said about the field, so the field
/// decoders can check the fields an op needs once the whole object has been read; see `FieldState`.
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

  /// Reads an item's `"reactions"`: an object of reaction → count, kept in the object's order.
  ///
  /// A repeated reaction keeps its last count, at the place of its last occurrence, as unknown fields
  /// do. Past ``StreamDecoder/maximumReactionsPerItem`` distinct reactions nothing more is kept, and
  /// after the first bad count or empty reaction the rest is only checked for syntax.
  ///
  /// - Parameters:
  ///   - value: Receives the reactions, or `nil` when there are none or one is bad.
  ///   - error: Receives the first bad count or empty reaction, or `nil`.
  ///   - hasTooMany: Receives whether there are more distinct reactions than the limit; the item
  ///     reports that with its id.
  /// - Complexity: O(*n* + *k*²) for a value of *n* bytes and *k* reactions, at most the limit.
  mutating func read(
    _ value: inout [MessageReaction]?, error: inout StreamDecodingError?, hasTooMany: inout Bool
  ) throws(StreamDecodingError) -> FieldState {
    value = nil
    error = nil
    hasTooMany = false
    guard nextValueKind == .object else { return try skipNonValue() }
    var reactions: [MessageReaction] = []
    if try beginObject() {
      repeat {
        let reaction = keyName(in: try memberKeyAndSpan().span).name
        guard error == nil, !hasTooMany else {
          try skipValue()
          continue
        }
        guard !reaction.isEmpty else {
          try skipValue()
          error = .emptyReaction
          continue
        }
        let count = nextValueKind == .number ? try number() : nil
        if count == nil { try skipValue() }
        guard let count, count == count.rounded(), count >= 0,
          count <= Double(StreamDecoder.maximumReactionCount)
        else {
          error = .invalidReactionCount(reaction)
          continue
        }
        if let earlier = reactions.firstIndex(where: { $0.reaction.hasSameBytes(as: reaction) }) {
          reactions.remove(at: earlier)
        } else if reactions.count == StreamDecoder.maximumReactionsPerItem {
          hasTooMany = true
          continue
        }
        reactions.append(MessageReaction(reaction: reaction, count: Int(count)))
      } while try nextMember()
    }
    guard error == nil else { return .invalid }
    value = reactions
    return .present
  }

  /// Reads an item object.
  ///
  /// - Parameters:
  ///   - value: Receives the item, or `nil` when there is none or it is bad.
  ///   - error: Receives why the item is bad, or `nil`.
  /// - Returns: `.invalid` for an object with a bad field (see `error`), otherwise the usual states.
  mutating func read(
    _ value: inout StreamItem?, error: inout StreamDecodingError?
  ) throws(StreamDecodingError) -> FieldState {
    value = nil
    error = nil
    guard nextValueKind == .object else { return try skipNonValue() }
    var fields = try ItemFields(reading: &self)
    do throws(StreamDecodingError) {
      value = try fields.item()
      return .present
    } catch let itemError {
      error = itemError
      return .invalid
    }
  }

  /// Reads the array of a prepend page; the first bad item makes the whole field invalid.
  ///
  /// After a bad item the rest is only checked for syntax, not turned into items.
  ///
  /// - Parameters:
  ///   - value: Receives the items, or `nil` when there are none or one is bad.
  ///   - error: Receives `prependItem` for the first bad item, or `nil`.
  mutating func read(
    _ value: inout [StreamItem]?, error: inout StreamDecodingError?
  ) throws(StreamDecodingError) -> FieldState {
    value = nil
    error = nil
    guard nextValueKind == .array else { return try skipNonValue() }
    var items: [StreamItem] = []
    guard try beginArray() else {
      value = items
      return .present
    }
    var number = 0
    repeat {
      number &+= 1
      if error != nil {
        try skipValue()
      } else if nextValueKind == .object {
        var fields = try ItemFields(reading: &self)
        do throws(StreamDecodingError) {
          items.append(try fields.item())
        } catch let itemError {
          error = .prependItem(number, itemError)
        }
      } else {
        try skipValue()
        error = .prependItem(number, .itemNotAnObject)
      }
    } while try nextElement()
    guard error == nil else { return .invalid }
    value = items
    return .present
  }

  /// Reads `"op"`.
  ///
  /// - Parameters:
  ///   - value: Receives the operation, or `nil`.
  ///   - error: Receives `unknownOp` for a string that names no operation, or `nil`.
  mutating func read(
    _ value: inout EventFields.Op?, error: inout StreamDecodingError?
  ) throws(StreamDecodingError) -> FieldState {
    value = nil
    error = nil
    guard nextValueKind == .string else { return try skipNonValue() }
    if let op = shortPlainName(EventFields.Op.init) {
      value = op
      return .present
    }
    try withStringBytes { name in
      value = WireKey(name).flatMap(EventFields.Op.init)
      if value == nil { error = .unknownOp(String(decoding: name, as: UTF8.self)) }
    }
    return value == nil ? .invalid : .present
  }
}
