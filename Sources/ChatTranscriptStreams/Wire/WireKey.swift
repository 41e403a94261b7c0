/// The field names and op names of the wire format the decoder acts on, recognised without making a
/// `String`.
///
/// A name of up to eight bytes is packed into a `UInt64` (first byte lowest) and matched with one
/// integer `switch`; the constants are those packings written out in hex, and a test checks each
/// against its `name`. `reactions`, the one longer name, is `reaction` and an `s`. Any other name (an
/// unknown field) maps to `nil`.
enum WireKey: CaseIterable {
  // Fields.
  case op, id, type, sender, incoming, date, status, text, width, height, caption
  case replyTo, edited, deleted, reactions
  case item, items, after, before, active, reaction, upTo
  // Op names that are not also field names.
  case insert, update, delete, prepend, typing, react, read, lastRead

  /// Recognises a name from its UTF-8 bytes.
  ///
  /// Names with a NUL byte (possible through `\u0000`) are never recognised, because the packing could
  /// not tell `"op\u0000"` from `"op"`.
  init?(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count == 9 {
      guard bytes[8] == UInt8(ascii: "s"), Self(UnsafeRawBufferPointer(rebasing: bytes[..<8])) == .reaction
      else { return nil }
      self = .reactions
      return
    }
    guard bytes.count <= 8 else { return nil }
    var packed: UInt64 = 0
    var shift: UInt64 = 0
    for byte in bytes {
      guard byte != 0 else { return nil }
      packed |= UInt64(byte) << shift
      shift &+= 8
    }
    self.init(packed: packed)
  }

  /// Recognises a name of at most eight bytes, none of them NUL, packed as `init?(_:)` packs it.
  ///
  /// The scanner packs the keys it meets with one load of the line's bytes, and comes here directly.
  init?(packed: UInt64) {
    switch packed {
    case 0x706f: self = .op
    case 0x6469: self = .id
    case 0x6570_7974: self = .type
    case 0x7265_646e_6573: self = .sender
    case 0x676e_696d_6f63_6e69: self = .incoming
    case 0x6574_6164: self = .date
    case 0x7375_7461_7473: self = .status
    case 0x7478_6574: self = .text
    case 0x68_7464_6977: self = .width
    case 0x7468_6769_6568: self = .height
    case 0x6e_6f69_7470_6163: self = .caption
    case 0x6f_5479_6c70_6572: self = .replyTo
    case 0x6465_7469_6465: self = .edited
    case 0x64_6574_656c_6564: self = .deleted
    case 0x6d65_7469: self = .item
    case 0x73_6d65_7469: self = .items
    case 0x72_6574_6661: self = .after
    case 0x6572_6f66_6562: self = .before
    case 0x6576_6974_6361: self = .active
    case 0x6e6f_6974_6361_6572: self = .reaction
    case 0x6f54_7075: self = .upTo
    case 0x7472_6573_6e69: self = .insert
    case 0x6574_6164_7075: self = .update
    case 0x6574_656c_6564: self = .delete
    case 0x64_6e65_7065_7270: self = .prepend
    case 0x676e_6970_7974: self = .typing
    case 0x74_6361_6572: self = .react
    case 0x6461_6572: self = .read
    case 0x6461_6552_7473_616c: self = .lastRead
    default: return nil
    }
  }

  /// Whether this is one of the fields of an item; in an item, every other name is an unknown field.
  var isItemField: Bool {
    switch self {
    case .id, .type, .sender, .incoming, .date, .status, .text, .width, .height, .caption, .replyTo, .edited,
      .deleted, .reactions:
      true
    default: false
    }
  }

  /// The name as it is spelled on the wire.
  ///
  /// Spelled out rather than derived with `String(describing:)`, which goes through reflection.
  var name: String {
    switch self {
    case .op: "op"
    case .id: "id"
    case .type: "type"
    case .sender: "sender"
    case .incoming: "incoming"
    case .date: "date"
    case .status: "status"
    case .text: "text"
    case .width: "width"
    case .height: "height"
    case .caption: "caption"
    case .replyTo: "replyTo"
    case .edited: "edited"
    case .deleted: "deleted"
    case .reactions: "reactions"
    case .item: "item"
    case .items: "items"
    case .after: "after"
    case .before: "before"
    case .active: "active"
    case .reaction: "reaction"
    case .upTo: "upTo"
    case .insert: "insert"
    case .update: "update"
    case .delete: "delete"
    case .prepend: "prepend"
    case .typing: "typing"
    case .react: "react"
    case .read: "read"
    case .lastRead: "lastRead"
    }
  }
}
