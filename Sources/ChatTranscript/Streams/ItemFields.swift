/// The fields of one wire-format item object, read in one pass and then checked into a `StreamItem`.
struct ItemFields {
  var id = WireSlot<String>.absent
  var type = WireSlot<String>.absent
  var sender = WireSlot<String>.absent
  var isIncoming = WireSlot<Bool>.absent
  var date = WireSlot<Timestamp>.absent
  var status = WireSlot<DeliveryStatus>.absent
  var text = WireSlot<String>.absent
  var width = WireSlot<Double>.absent
  var height = WireSlot<Double>.absent
  var caption = WireSlot<String>.absent

  /// Reads the object at the scanner; unknown fields are checked for syntax and ignored.
  ///
  /// - Throws: Only syntax errors; problems with field values wait in the slots for `item()`.
  init(reading scanner: inout JSONScanner) throws(StreamDecodingError) {
    guard try scanner.beginObject() else { return }
    repeat {
      switch try scanner.memberKey() {
      case .id: id = try scanner.stringSlot(.id)
      case .type: type = try scanner.stringSlot(.type)
      case .sender: sender = try scanner.stringSlot(.sender)
      case .incoming: isIncoming = try scanner.boolSlot(.incoming)
      case .date: date = try scanner.dateSlot()
      case .status: status = try scanner.statusSlot()
      case .text: text = try scanner.stringSlot(.text)
      case .width: width = try scanner.sizeSlot(.width)
      case .height: height = try scanner.sizeSlot(.height)
      case .caption: caption = try scanner.stringSlot(.caption)
      default: try scanner.skipValue()
      }
    } while try scanner.nextMember()
  }

  /// The item, or the first problem in field order (id, type, then the optional fields).
  func item() throws(StreamDecodingError) -> StreamItem {
    StreamItem(
      id: try id.requiredNonEmpty(.id),
      type: try type.requiredNonEmpty(.type),
      sender: try sender.optional(),
      isIncoming: try isIncoming.optional(),
      date: try date.optional(),
      status: try status.optional(),
      text: try text.optional(),
      width: try width.optional(),
      height: try height.optional(),
      caption: try caption.optional()
    )
  }
}

extension JSONScanner {
  /// Reads an item object into a slot; an item with a bad field becomes an invalid slot.
  mutating func itemSlot(_ key: WireKey) throws(StreamDecodingError) -> WireSlot<StreamItem> {
    switch nextValueKind {
    case .object:
      let fields = try ItemFields(reading: &self)
      do throws(StreamDecodingError) {
        return .value(try fields.item())
      } catch {
        return .invalid(error)
      }
    case .null:
      try null()
      return .null
    default:
      return try skipInvalid(.wrongType(key.name, expected: "an object"))
    }
  }

  /// Reads the array of a prepend page; the first bad item makes the whole slot invalid.
  ///
  /// After a bad item the rest is only checked for syntax, not turned into items.
  mutating func itemsSlot(_ key: WireKey) throws(StreamDecodingError) -> WireSlot<[StreamItem]> {
    switch nextValueKind {
    case .array:
      var items: [StreamItem] = []
      var firstError: StreamDecodingError?
      guard try beginArray() else { return .value(items) }
      var number = 0
      repeat {
        number &+= 1
        guard firstError == nil else {
          try skipValue()
          continue
        }
        if nextValueKind == .object {
          let fields = try ItemFields(reading: &self)
          do throws(StreamDecodingError) {
            items.append(try fields.item())
          } catch {
            firstError = .prependItem(number, error)
          }
        } else {
          try skipValue()
          firstError = .prependItem(number, .itemNotAnObject)
        }
      } while try nextElement()
      return firstError.map { .invalid($0) } ?? .value(items)
    case .null:
      try null()
      return .null
    default:
      return try skipInvalid(.wrongType(key.name, expected: "an array"))
    }
  }
}
