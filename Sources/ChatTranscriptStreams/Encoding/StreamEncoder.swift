import ChatTranscriptMessages

/// Writes stream events in the NDJSON wire format: one canonical line per event.
///
/// Backends use it to produce streams the decoder reads back exactly; the generator and the
/// benchmarks use it for synthetic transcripts. Keys come in a fixed order, absent optional
/// fields are left out, and strings are escaped so any text survives the round trip. An item's
/// ``StreamItem/extraFields`` follow its known fields, written exactly as they were decoded.
public struct StreamEncoder: Sendable {
  public init() {}

  /// The event as one JSON line, without the newline.
  public func encode(_ event: StreamEvent) -> String {
    var line = ""
    switch event {
    case .insert(let item, let position):
      line = #"{"op":"insert","item":"# + object(for: item)
      switch position {
      case .end: break
      case .after(let id): line += #","after":"# + Self.quoted(id)
      case .before(let id): line += #","before":"# + Self.quoted(id)
      }
    case .update(let item):
      line = #"{"op":"update","item":"# + object(for: item)
    case .status(let id, let status):
      line = #"{"op":"status","id":"# + Self.quoted(id) + #","status":"# + Self.quoted(status.rawValue)
    case .delete(let id):
      line = #"{"op":"delete","id":"# + Self.quoted(id)
    case .prepend(let items):
      line = #"{"op":"prepend","items":["# + items.map(object(for:)).joined(separator: ",") + "]"
    case .typing(let sender, let isActive):
      line =
        #"{"op":"typing","sender":"# + Self.quoted(sender) + #","active":"# + (isActive ? "true" : "false")
    case .react(let id, let sender, let reaction, let isActive):
      line =
        #"{"op":"react","id":"# + Self.quoted(id) + #","sender":"# + Self.quoted(sender) + #","reaction":"#
        + Self.quoted(reaction) + #","active":"# + (isActive ? "true" : "false")
    case .read(let sender, let upTo):
      line = #"{"op":"read","sender":"# + Self.quoted(sender) + #","upTo":"# + Self.quoted(upTo)
    case .lastRead(let id):
      line = #"{"op":"lastRead","id":"# + Self.quoted(id)
    }
    return line + "}"
  }

  /// The item as a JSON object: its known fields in the wire format's order, then its extra fields
  /// in their order, each as its raw key and JSON text.
  public func object(for item: StreamItem) -> String {
    var fields = [#""id":"# + Self.quoted(item.id), #""type":"# + Self.quoted(item.type)]
    if let sender = item.sender { fields.append(#""sender":"# + Self.quoted(sender)) }
    if let incoming = item.isIncoming { fields.append(#""incoming":"# + (incoming ? "true" : "false")) }
    if let date = item.date { fields.append(#""date":"# + Self.quoted(date.iso8601)) }
    if let status = item.status { fields.append(#""status":"# + Self.quoted(status.rawValue)) }
    if let text = item.text { fields.append(#""text":"# + Self.quoted(text)) }
    if let width = item.width { fields.append(#""width":"# + number(width)) }
    if let height = item.height { fields.append(#""height":"# + number(height)) }
    if let caption = item.caption { fields.append(#""caption":"# + Self.quoted(caption)) }
    if let replyTo = item.replyTo { fields.append(#""replyTo":"# + Self.quoted(replyTo)) }
    if let edited = item.isEdited { fields.append(#""edited":"# + (edited ? "true" : "false")) }
    if let deleted = item.isDeleted { fields.append(#""deleted":"# + (deleted ? "true" : "false")) }
    if !item.reactions.isEmpty {
      let counts = item.reactions.map { Self.quoted($0.reaction) + ":" + String($0.count) }
      fields.append(#""reactions":{"# + counts.joined(separator: ",") + "}")
    }
    for field in item.extraFields { fields.append("\"" + field.rawName + "\":" + field.json) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A JSON string literal: quotes, backslashes, control characters and the two line
  /// separators JavaScript rejects escaped. Public for tools that write JSON of their own.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Whole numbers without a fraction; others in Swift's shortest round-tripping form.
  func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
