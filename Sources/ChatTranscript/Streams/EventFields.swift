/// The top-level fields of one line, read in one pass and then checked into a `StreamEvent`.
///
/// Every field any op uses is collected first, because `"op"` may come last; `event()` then looks only
/// at the fields the op needs, in a fixed order, so the error reported does not depend on key order.
struct EventFields {
  /// The operations of the wire format.
  enum Op {
    case insert, update, status, delete, prepend, typing
  }

  var op = WireSlot<Op>.absent
  var id = WireSlot<String>.absent
  var status = WireSlot<DeliveryStatus>.absent
  var sender = WireSlot<String>.absent
  var isActive = WireSlot<Bool>.absent
  var after = WireSlot<String>.absent
  var before = WireSlot<String>.absent
  var item = WireSlot<StreamItem>.absent
  var items = WireSlot<[StreamItem]>.absent

  /// Reads the line's object; unknown fields are checked for syntax and ignored.
  ///
  /// - Throws: Syntax errors, and `notAnObject` for a line that is another JSON value; problems with
  ///   field values wait in the slots for `event()`.
  init(reading scanner: inout JSONScanner) throws(StreamDecodingError) {
    guard try scanner.beginDocument() else { return }
    repeat {
      switch try scanner.memberKey() {
      case .op: op = try scanner.opSlot()
      case .id: id = try scanner.stringSlot(.id)
      case .status: status = try scanner.statusSlot()
      case .sender: sender = try scanner.stringSlot(.sender)
      case .active: isActive = try scanner.boolSlot(.active)
      case .after: after = try scanner.stringSlot(.after)
      case .before: before = try scanner.stringSlot(.before)
      case .item: item = try scanner.itemSlot(.item)
      case .items: items = try scanner.itemsSlot(.items)
      default: try scanner.skipValue()
      }
    } while try scanner.nextMember()
  }

  /// The event the fields describe, or the first problem with the fields its op needs.
  func event() throws(StreamDecodingError) -> StreamEvent {
    switch try op.required(.op, expected: "a string") {
    case .insert:
      let item = try item.required(.item, expected: "an object")
      let after = try after.optionalNonEmpty(.after)
      let before = try before.optionalNonEmpty(.before)
      switch (after, before) {
      case (nil, nil): return .insert(item, position: .end)
      case (let id?, nil): return .insert(item, position: .after(id))
      case (nil, let id?): return .insert(item, position: .before(id))
      case (_?, _?): throw .conflictingPositions
      }
    case .update:
      return .update(try item.required(.item, expected: "an object"))
    case .status:
      let id = try id.requiredNonEmpty(.id)
      if case .null = status { throw .invalidStatus }  // the status message already names the types
      return .status(id: id, try status.required(.status, expected: "a string"))
    case .delete:
      return .delete(id: try id.requiredNonEmpty(.id))
    case .prepend:
      return .prepend(try items.required(.items, expected: "an array"))
    case .typing:
      let sender = try sender.requiredNonEmpty(.sender)
      return .typing(sender: sender, isActive: try isActive.required(.active, expected: "true or false"))
    }
  }
}

extension JSONScanner {
  /// Reads `"op"`; a string naming no operation makes the slot invalid with `unknownOp`.
  mutating func opSlot() throws(StreamDecodingError) -> WireSlot<EventFields.Op> {
    switch nextValueKind {
    case .string:
      return try withStringBytes { name in
        switch WireKey(name) {
        case .insert: .value(.insert)
        case .update: .value(.update)
        case .status: .value(.status)
        case .delete: .value(.delete)
        case .prepend: .value(.prepend)
        case .typing: .value(.typing)
        default: .invalid(.unknownOp(String(decoding: name, as: UTF8.self)))
        }
      }
    case .null:
      try null()
      return .null
    default:
      return try skipInvalid(.wrongType(WireKey.op.name, expected: "a string"))
    }
  }
}
