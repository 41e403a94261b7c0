import ChatTranscript
import ChatTranscriptMessages

/// The fields of one wire-format item object, read in one pass and then checked into a `StreamItem`.
struct ItemFields {
  private var id: String?
  private var type: String?
  private var sender: String?
  private var isIncoming: Bool?
  private var date: Timestamp?
  private var status: DeliveryStatus?
  private var text: String?
  private var width: Double?
  private var height: Double?
  private var caption: String?
  private var replyTo: String?
  private var isEdited: Bool?
  private var isDeleted: Bool?
  private var reactions: [MessageReaction]?
  /// Why `"reactions"` is invalid, when it is, and whether it lists too many.
  private var reactionsError: StreamDecodingError?
  private var hasTooManyReactions = false
  /// The unknown fields, in line order; `nil` until there is one.
  private var extraFields: [StreamItem.ExtraField]?
  /// Whether the object has more distinct unknown keys than `StreamDecoder.maximumExtraFieldCount`.
  private var hasTooManyExtraFields = false
  private var states = States()

  /// What the object said about each field; see `FieldState`.
  private struct States {
    var id = FieldState.absent
    var type = FieldState.absent
    var sender = FieldState.absent
    var isIncoming = FieldState.absent
    var date = FieldState.absent
    var status = FieldState.absent
    var text = FieldState.absent
    var width = FieldState.absent
    var height = FieldState.absent
    var caption = FieldState.absent
    var replyTo = FieldState.absent
    var isEdited = FieldState.absent
    var isDeleted = FieldState.absent
    var reactions = FieldState.absent
  }

  /// Reads the object at the scanner; unknown fields are checked for syntax and kept as they are.
  ///
  /// - Throws: Only syntax errors; problems with field values are kept for `item()`.
  init(reading scanner: inout JSONScanner) throws(StreamDecodingError) {
    guard try scanner.beginObject() else { return }
    repeat {
      let (key, keySpan) = try scanner.memberKeyAndSpan()
      switch key {
      case .id: states.id = try scanner.read(&id)
      case .type: states.type = try scanner.read(&type)
      case .sender: states.sender = try scanner.read(&sender)
      case .incoming: states.isIncoming = try scanner.read(&isIncoming)
      case .date: states.date = try scanner.read(&date)
      case .status: states.status = try scanner.read(&status)
      case .text: states.text = try scanner.read(&text)
      case .width: states.width = try scanner.read(&width)
      case .height: states.height = try scanner.read(&height)
      case .caption: states.caption = try scanner.read(&caption)
      case .replyTo: states.replyTo = try scanner.read(&replyTo)
      case .edited: states.isEdited = try scanner.read(&isEdited)
      case .deleted: states.isDeleted = try scanner.read(&isDeleted)
      case .reactions:
        states.reactions = try scanner.read(
          &reactions, error: &reactionsError, hasTooMany: &hasTooManyReactions)
      // Names the wire format knows elsewhere ("op", "after", …) are unknown in an item.
      default: try keepExtraField(keySpan, from: &scanner)
      }
    } while try scanner.nextMember()
  }

  /// Checks the value of an unknown field and keeps the field as it is written.
  ///
  /// A repeated name keeps only its last occurrence, in that occurrence's place, as if the earlier
  /// ones were not there (known keys also keep their last value). Past the limit nothing more is
  /// kept: `item()` rejects the item, and what was kept is let go at once.
  ///
  /// - Complexity: O(*n* + *k*) for a value of *n* bytes and *k* fields kept so far, at most
  ///   `StreamDecoder.maximumExtraFieldCount`.
  private mutating func keepExtraField(
    _ keySpan: JSONScanner.StringSpan, from scanner: inout JSONScanner
  ) throws(StreamDecodingError) {
    let value = try scanner.skipValueReturningRange()
    guard !hasTooManyExtraFields else { return }
    let (name, rawName) = scanner.keyName(in: keySpan)
    var fields = extraFields ?? []
    extraFields = nil  // so that `fields` is the array's only owner and grows in place
    if let earlier = fields.firstIndex(where: { $0.name.hasSameBytes(as: name) }) {
      fields.remove(at: earlier)
    } else if fields.count == StreamDecoder.maximumExtraFieldCount {
      hasTooManyExtraFields = true
      return
    }
    fields.append(StreamItem.ExtraField(name: name, rawName: rawName, json: scanner.rawText(in: value)))
    extraFields = fields
  }

  /// The item, or the first problem in field order (id, type, then the optional fields, too many
  /// reactions with them), and last too many unknown fields.
  ///
  /// Moves the values out (`take()`), leaving the fields spent: copying them cost a retain and a
  /// release per string.
  mutating func item() throws(StreamDecodingError) -> StreamItem {
    try states.id.require(.id)
    guard let id = id.take(), !id.isEmpty else { throw .empty(WireKey.id.name) }
    try states.type.require(.type)
    guard let type = type.take(), !type.isEmpty else { throw .empty(WireKey.type.name) }
    try states.sender.allowAbsent(.sender)
    try states.isIncoming.allowAbsent(.incoming)
    try states.date.allowAbsent(.date)
    try states.status.allowAbsent(.status)
    try states.text.allowAbsent(.text)
    try states.width.allowAbsent(.width)
    try states.height.allowAbsent(.height)
    try states.caption.allowAbsent(.caption)
    try states.replyTo.allowAbsent(.replyTo)
    if replyTo?.isEmpty == true { throw .empty(WireKey.replyTo.name) }
    try states.isEdited.allowAbsent(.edited)
    try states.isDeleted.allowAbsent(.deleted)
    if let reactionsError { throw reactionsError }
    try states.reactions.allowAbsent(.reactions)
    if hasTooManyReactions { throw .tooManyReactions(itemID: id) }
    if hasTooManyExtraFields { throw .tooManyExtraFields(itemID: id) }
    let rare: StreamItem.RareFields? =
      replyTo == nil && reactions == nil && extraFields == nil
      ? nil
      : StreamItem.RareFields(
        replyTo: replyTo.take(), reactions: reactions.take() ?? [], extraFields: extraFields.take() ?? [])
    return StreamItem(
      id: id, type: type, sender: sender.take(), isIncoming: isIncoming, date: date, status: status,
      text: text.take(), width: width, height: height, caption: caption.take(), isEdited: isEdited,
      isDeleted: isDeleted, rare: rare)
  }
}
