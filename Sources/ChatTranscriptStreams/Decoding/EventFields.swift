import ChatTranscriptMessages

/// The top-level fields of one line, read in one pass and then checked into a `StreamEvent`.
///
/// Every field any op uses is collected first, because `"op"` may come last; `event()` then looks only
/// at the fields the op needs, in a fixed order, so the error reported does not depend on key order.
struct EventFields {
  /// The operations of the wire format.
  enum Op {
    case insert, update, status, delete, prepend, typing, react, read, lastRead

    /// The operation a name stands for, or `nil` for names that are not operations.
    init?(_ name: WireKey) {
      switch name {
      case .insert: self = .insert
      case .update: self = .update
      case .status: self = .status
      case .delete: self = .delete
      case .prepend: self = .prepend
      case .typing: self = .typing
      case .react: self = .react
      case .read: self = .read
      case .lastRead: self = .lastRead
      default: return nil
      }
    }
  }

  private var op: Op?
  private var id: String?
  private var status: DeliveryStatus?
  private var sender: String?
  private var isActive: Bool?
  private var reaction: String?
  private var upTo: String?
  private var after: String?
  private var before: String?
  private var item: StreamItem?
  private var items: [StreamItem]?
  /// Why `"op"`, `"item"` or `"items"` is invalid, when it is: these errors say more than the field.
  private var opError: StreamDecodingError?
  private var itemError: StreamDecodingError?
  private var itemsError: StreamDecodingError?
  private var states = States()

  /// What the line said about each field; see `FieldState`.
  private struct States {
    var op = FieldState.absent
    var id = FieldState.absent
    var status = FieldState.absent
    var sender = FieldState.absent
    var isActive = FieldState.absent
    var reaction = FieldState.absent
    var upTo = FieldState.absent
    var after = FieldState.absent
    var before = FieldState.absent
    var item = FieldState.absent
    var items = FieldState.absent
  }

  /// Reads the line's object; unknown fields are checked for syntax and ignored.
  ///
  /// - Throws: Syntax errors, and `notAnObject` for a line that is another JSON value; problems with
  ///   field values are kept for `event()`.
  init(reading scanner: inout JSONScanner) throws(StreamDecodingError) {
    guard try scanner.beginDocument() else { return }
    repeat {
      switch try scanner.memberKey() {
      case .op: states.op = try scanner.read(&op, error: &opError)
      case .id: states.id = try scanner.read(&id)
      case .status: states.status = try scanner.read(&status)
      case .sender: states.sender = try scanner.read(&sender)
      case .active: states.isActive = try scanner.read(&isActive)
      case .reaction: states.reaction = try scanner.read(&reaction)
      case .upTo: states.upTo = try scanner.read(&upTo)
      case .after: states.after = try scanner.read(&after)
      case .before: states.before = try scanner.read(&before)
      case .item: states.item = try scanner.read(&item, error: &itemError)
      case .items: states.items = try scanner.read(&items, error: &itemsError)
      default: try scanner.skipValue()
      }
    } while try scanner.nextMember()
  }

  /// The event the fields describe, or the first problem with the fields its op needs.
  ///
  /// Moves the values it uses out (`take()`), leaving the fields spent, as `ItemFields.item()` does.
  mutating func event() throws(StreamDecodingError) -> StreamEvent {
    if let opError { throw opError }
    try states.op.require(.op)
    guard let op else { throw .missing(WireKey.op.name) }  // not reached: a present op has a value
    switch op {
    case .insert:
      let item = try Self.required(item.take(), itemError, states.item, .item)
      let after = try Self.optionalID(after.take(), states.after, .after)
      let before = try Self.optionalID(before.take(), states.before, .before)
      switch (after, before) {
      case (nil, nil): return .insert(item, position: .end)
      case (let id?, nil): return .insert(item, position: .after(id))
      case (nil, let id?): return .insert(item, position: .before(id))
      case (_?, _?): throw .conflictingPositions
      }
    case .update:
      return .update(try Self.required(item.take(), itemError, states.item, .item))
    case .status:
      let id = try Self.requiredID(id.take(), states.id, .id)
      return .status(id: id, try Self.required(status.take(), nil, states.status, .status))
    case .delete:
      return .delete(id: try Self.requiredID(id.take(), states.id, .id))
    case .prepend:
      return .prepend(try Self.required(items.take(), itemsError, states.items, .items))
    case .typing:
      let sender = try Self.requiredID(sender.take(), states.sender, .sender)
      let isActive = try Self.required(isActive, nil, states.isActive, .active)
      return .typing(sender: sender, isActive: isActive)
    case .react:
      let id = try Self.requiredID(id.take(), states.id, .id)
      let sender = try Self.requiredID(sender.take(), states.sender, .sender)
      let reaction = try Self.requiredID(reaction.take(), states.reaction, .reaction)
      try states.isActive.allowAbsent(.active)
      return .react(id: id, sender: sender, reaction: reaction, isActive: isActive ?? true)
    case .read:
      let sender = try Self.requiredID(sender.take(), states.sender, .sender)
      return .read(sender: sender, upTo: try Self.requiredID(upTo.take(), states.upTo, .upTo))
    case .lastRead:
      return .lastRead(id: try Self.requiredID(id.take(), states.id, .id))
    }
  }

  private static func required<Value>(
    _ value: Value?, _ error: StreamDecodingError?, _ state: FieldState, _ key: WireKey
  ) throws(StreamDecodingError) -> Value {
    if let error { throw error }
    try state.require(key)
    guard let value else { throw .missing(key.name) }  // not reached: a present field has a value
    return value
  }

  /// A required id-like string: ids, senders and reactions must not be empty.
  private static func requiredID(
    _ value: String?, _ state: FieldState, _ key: WireKey
  ) throws(StreamDecodingError) -> String {
    let value = try Self.required(value, nil, state, key)
    guard !value.isEmpty else { throw .empty(key.name) }
    return value
  }

  /// An optional id (`"after"`, `"before"`) that must not be empty when given.
  private static func optionalID(
    _ value: String?, _ state: FieldState, _ key: WireKey
  ) throws(StreamDecodingError) -> String? {
    try state.allowAbsent(key)
    guard let value else { return nil }
    guard !value.isEmpty else { throw .empty(key.name) }
    return value
  }
}
