/// The field names and op names of the wire format the decoder acts on, recognised without making a
/// `String`.
///
/// Every such name fits in eight bytes, so a name is packed into a `UInt64` (first byte lowest) and
/// matched with one integer `switch`. The raw values are those packings written out in hex; a test
/// checks each against its `name`. Any other name (an unknown field) maps to `nil`.
enum WireKey: UInt64, CaseIterable {
  // Fields.
  case op = 0x706f
  case id = 0x6469
  case type = 0x6570_7974
  case sender = 0x7265_646e_6573
  case incoming = 0x676e_696d_6f63_6e69
  case date = 0x6574_6164
  case status = 0x7375_7461_7473
  case text = 0x7478_6574
  case width = 0x68_7464_6977
  case height = 0x7468_6769_6568
  case caption = 0x6e_6f69_7470_6163
  case item = 0x6d65_7469
  case items = 0x73_6d65_7469
  case after = 0x72_6574_6661
  case before = 0x6572_6f66_6562
  case active = 0x6576_6974_6361
  // Op names that are not also field names.
  case insert = 0x7472_6573_6e69
  case update = 0x6574_6164_7075
  case delete = 0x6574_656c_6564
  case prepend = 0x64_6e65_7065_7270
  case typing = 0x676e_6970_7974

  /// Recognises a name from its UTF-8 bytes.
  ///
  /// Names with a NUL byte (possible through `\u0000`) are never recognised, because the packing could
  /// not tell `"op\u0000"` from `"op"`.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count <= 8 else { return nil }
    var packed: UInt64 = 0
    var shift: UInt64 = 0
    for byte in bytes {
      guard byte != 0 else { return nil }
      packed |= UInt64(byte) << shift
      shift &+= 8
    }
    self.init(rawValue: packed)
  }

  /// Whether this is one of the fields of an item; in an item, every other name is an unknown field.
  var isItemField: Bool {
    switch self {
    case .id, .type, .sender, .incoming, .date, .status, .text, .width, .height, .caption: true
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
    case .item: "item"
    case .items: "items"
    case .after: "after"
    case .before: "before"
    case .active: "active"
    case .insert: "insert"
    case .update: "update"
    case .delete: "delete"
    case .prepend: "prepend"
    case .typing: "typing"
    }
  }
}
