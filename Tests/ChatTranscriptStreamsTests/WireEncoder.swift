import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport

/// A test-only encoder of stream events, written as plainly as possible so it can serve as the
/// reference the decoder is checked against.
///
/// It varies everything the wire format leaves free, driven by a seeded generator: key order, whitespace,
/// optional escapes (`\uXXXX`, surrogate pairs, `\/`), `null` for absent fields, unknown fields with
/// arbitrary nested values, number spellings and date offsets. Unknown fields of items are the items'
/// own extra fields, written as they are, in their order, among the known fields.
struct WireEncoder {
  var random: SeededRandom

  mutating func line(for event: StreamEvent) -> String {
    var members: [(String, String)]
    switch event {
    case .insert(let item, let position):
      members = [("op", string("insert")), ("item", object(for: item))]
      switch position {
      case .end: break
      case .after(let id): members.append(("after", string(id)))
      case .before(let id): members.append(("before", string(id)))
      }
    case .update(let item):
      members = [("op", string("update")), ("item", object(for: item))]
    case .status(let id, let status):
      members = [("op", string("status")), ("id", string(id)), ("status", string(status.rawValue))]
    case .delete(let id):
      members = [("op", string("delete")), ("id", string(id))]
    case .prepend(let items):
      let elements = items.map { object(for: $0) }
      members = [("op", string("prepend")), ("items", array(elements))]
    case .typing(let sender, let isActive):
      members = [
        ("op", string("typing")), ("sender", string(sender)), ("active", isActive ? "true" : "false"),
      ]
    case .react(let id, let sender, let reaction, let isActive):
      members = [("op", string("react")), ("id", string(id)), ("sender", string(sender))]
      members.append(("reaction", string(reaction)))
      // `"active"` may be left out when true.
      if !isActive || chance(1, in: 2) { members.append(("active", isActive ? "true" : "false")) }
    case .read(let sender, let upTo):
      members = [("op", string("read")), ("sender", string(sender)), ("upTo", string(upTo))]
    case .lastRead(let id):
      members = [("op", string("lastRead")), ("id", string(id))]
    }
    return space() + object(members) + space()
  }

  mutating func object(for item: StreamItem) -> String {
    var members = [("id", string(item.id)), ("type", string(item.type))]
    optional("sender", item.sender.map { string($0) }, into: &members)
    optional("incoming", item.isIncoming.map { $0 ? "true" : "false" }, into: &members)
    optional("date", item.date.map { string(date($0)) }, into: &members)
    optional("status", item.status.map { string($0.rawValue) }, into: &members)
    optional("text", item.text.map { string($0) }, into: &members)
    optional("width", item.width.map { number($0) }, into: &members)
    optional("height", item.height.map { number($0) }, into: &members)
    optional("caption", item.caption.map { string($0) }, into: &members)
    optional("replyTo", item.replyTo.map { string($0) }, into: &members)
    optional("edited", item.isEdited.map { $0 ? "true" : "false" }, into: &members)
    optional("deleted", item.isDeleted.map { $0 ? "true" : "false" }, into: &members)
    // The reactions keep their order, as the decoder does.
    let reactions = item.reactions.map { (string($0.reaction), number(Double($0.count))) }
    optional(
      "reactions",
      item.reactions.isEmpty
        ? nil : object(reactions, keyedByJSON: true, shuffled: false, addsUnknownMembers: false),
      into: &members)
    members = members.map { (string($0.0), $0.1) }
    members.shuffle(using: &random)
    // The extra fields keep their order: each goes somewhere after the one before it.
    var position = 0
    for field in item.extraFields {
      position = Int.random(in: position...members.count, using: &random)
      members.insert(("\"" + field.rawName + "\"", field.json), at: position)
      position += 1
    }
    return object(members, keyedByJSON: true, shuffled: false, addsUnknownMembers: false)
  }

  /// Adds a present field, or for an absent one sometimes `null`.
  private mutating func optional(_ key: String, _ value: String?, into members: inout [(String, String)]) {
    if let value {
      members.append((key, value))
    } else if chance(1, in: 4) {
      members.append((key, "null"))
    }
  }

  /// An object of the members, by default in random order with random unknown members mixed in.
  ///
  /// - Parameter keyedByJSON: Whether the keys are JSON string literals already; else they are
  ///   names, written with random escapes.
  private mutating func object(
    _ members: [(String, String)], keyedByJSON: Bool = false, shuffled: Bool = true,
    addsUnknownMembers: Bool = true
  ) -> String {
    var members = keyedByJSON ? members : members.map { (string($0.0), $0.1) }
    if addsUnknownMembers {
      for _ in 0..<Int.random(in: 0...2, using: &random) where chance(1, in: 2) {
        members.append((string("x-" + randomText(maximumLength: 6)), anyValue(depth: 3)))
      }
    }
    if shuffled { members.shuffle(using: &random) }
    let parts = members.map { key, value in
      space() + key + space() + ":" + space() + value + space()
    }
    return "{" + (parts.isEmpty ? space() : parts.joined(separator: ",")) + "}"
  }

  private mutating func array(_ elements: [String]) -> String {
    let parts = elements.map { space() + $0 + space() }
    return "[" + (parts.isEmpty ? space() : parts.joined(separator: ",")) + "]"
  }

  /// A JSON string literal, escaping what must be escaped and, at random, some of the rest.
  mutating func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "/" where chance(1, in: 4): result += "\\/"
      case "\n" where chance(1, in: 2): result += "\\n"
      case "\t" where chance(1, in: 2): result += "\\t"
      case "\r" where chance(1, in: 2): result += "\\r"
      case "\u{8}" where chance(1, in: 2): result += "\\b"
      case "\u{C}" where chance(1, in: 2): result += "\\f"
      default:
        if scalar.value < 0x20 || chance(1, in: 8) {
          result += unicodeEscape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  private mutating func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let uppercase = chance(1, in: 2)
    func hex(_ unit: UInt32) -> String {
      let digits = String(unit, radix: 16, uppercase: uppercase)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    guard scalar.value > 0xFFFF else { return hex(scalar.value) }
    let value = scalar.value - 0x10000
    return hex(0xD800 + (value >> 10)) + hex(0xDC00 + (value & 0x3FF))
  }

  /// A number spelling that parses back to exactly `value`.
  private mutating func number(_ value: Double) -> String {
    if value == value.rounded(), value < 1e15 {
      let integer = String(Int64(value))
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return integer + ".0"
      case 1: return integer + "e0"
      case 2: return integer + "E+00"
      default: return integer
      }
    }
    return value.description  // the shortest spelling that round-trips, e.g. 1.5e-05
  }

  /// The instant in RFC 3339 with a random offset, fraction and spelling.
  private mutating func date(_ timestamp: Timestamp) -> String {
    let offsetMinutes =
      chance(1, in: 3) ? 0 : Int.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &random)
    let local = Timestamp(secondsSince1970: timestamp.secondsSince1970 + Int64(offsetMinutes * 60))
    var text = String(local.iso8601.dropLast())  // without the Z
    if chance(1, in: 3) {
      text.replace("T", with: ["t", " "].randomElement(using: &random) ?? "T")
    }
    if chance(1, in: 3) {
      text += "." + String(Int.random(in: 0...999_999, using: &random))
    }
    if offsetMinutes == 0, chance(1, in: 2) {
      return text + (chance(1, in: 2) ? "Z" : "z")
    }
    let sign = offsetMinutes < 0 || (offsetMinutes == 0 && chance(1, in: 2)) ? "-" : "+"
    let hours = twoDigits(abs(offsetMinutes) / 60)
    let minutes = twoDigits(abs(offsetMinutes) % 60)
    if abs(offsetMinutes) % 60 == 0, chance(1, in: 3) {
      return text + sign + hours
    }
    return text + sign + hours + (chance(1, in: 2) ? ":" : "") + minutes
  }

  private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// Any JSON value, for unknown fields.
  mutating func anyValue(depth: Int) -> String {
    switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &random) {
    case 0: return "null"
    case 1: return chance(1, in: 2) ? "true" : "false"
    case 2: return String(Int.random(in: -1_000_000...1_000_000, using: &random))
    case 3:
      return ["-0", "1e400", "-1.5E-7", "0.25", "12345678901234567890123"].randomElement(using: &random)
        ?? "0"
    case 4, 5: return string(randomText(maximumLength: 12))
    case 6:
      let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue(depth: depth - 1) }
      return array(elements)
    default:
      let members = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        (randomText(maximumLength: 5), anyValue(depth: depth - 1))
      }
      return object(members)
    }
  }

  // MARK: Random values

  /// Random text mixing ASCII, JSON's special characters, controls, accents, CJK, emoji and ZWJ.
  mutating func randomText(maximumLength: Int, allowsEmpty: Bool = true) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "b", "z", "A", "0", "9", " ", "-", "_", ".", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1F}",
      "\u{7F}", "é", "ß", "\u{301}", "漢", "字", "😀", "👍", "\u{200D}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}",
      "\u{2028}", "\u{A0}",
    ]
    let length = Int.random(in: (allowsEmpty ? 0 : 1)...maximumLength, using: &random)
    var text = ""
    for _ in 0..<length {
      text.unicodeScalars.append(pool.randomElement(using: &random) ?? "a")
    }
    return text
  }

  mutating func randomEvent() -> StreamEvent {
    switch Int.random(in: 0..<9, using: &random) {
    case 0:
      let position: InsertPosition
      switch Int.random(in: 0..<3, using: &random) {
      case 0: position = .end
      case 1: position = .after(randomText(maximumLength: 8, allowsEmpty: false))
      default: position = .before(randomText(maximumLength: 8, allowsEmpty: false))
      }
      return .insert(randomItem(), position: position)
    case 1: return .update(randomItem())
    case 2:
      return .status(
        id: randomText(maximumLength: 8, allowsEmpty: false),
        DeliveryStatus.allCases.randomElement(using: &random) ?? .sent)
    case 3: return .delete(id: randomText(maximumLength: 8, allowsEmpty: false))
    case 4: return .prepend((0..<Int.random(in: 0...4, using: &random)).map { _ in randomItem() })
    case 5:
      return .react(
        id: randomText(maximumLength: 8, allowsEmpty: false),
        sender: randomText(maximumLength: 8, allowsEmpty: false),
        reaction: randomText(maximumLength: 4, allowsEmpty: false), isActive: chance(1, in: 2))
    case 6:
      return .read(
        sender: randomText(maximumLength: 8, allowsEmpty: false),
        upTo: randomText(maximumLength: 8, allowsEmpty: false))
    case 7: return .lastRead(id: randomText(maximumLength: 8, allowsEmpty: false))
    default:
      return .typing(sender: randomText(maximumLength: 8, allowsEmpty: false), isActive: chance(1, in: 2))
    }
  }

  mutating func randomItem() -> StreamItem {
    let types = ["text", "photo", "system", "poll", "time-separator"]
    var item = StreamItem(
      id: randomText(maximumLength: 10, allowsEmpty: false),
      type: chance(1, in: 5)
        ? randomText(maximumLength: 6, allowsEmpty: false) : types.randomElement(using: &random) ?? "text")
    if chance(1, in: 2) { item.sender = randomText(maximumLength: 8) }
    if chance(1, in: 2) { item.isIncoming = chance(1, in: 2) }
    if chance(1, in: 2) {
      // Years 0001 to 9998, so any offset keeps the local time within four-digit years.
      item.date = Timestamp(
        secondsSince1970: Int64.random(in: -62_135_596_800...253_370_764_800, using: &random))
    }
    if chance(1, in: 2) { item.status = DeliveryStatus.allCases.randomElement(using: &random) }
    if chance(1, in: 2) { item.text = randomText(maximumLength: 40) }
    if chance(1, in: 3) { item.width = randomSize() }
    if chance(1, in: 3) { item.height = randomSize() }
    if chance(1, in: 3) { item.caption = randomText(maximumLength: 20) }
    if chance(1, in: 4) { item.replyTo = randomText(maximumLength: 8, allowsEmpty: false) }
    if chance(1, in: 4) { item.isEdited = chance(1, in: 2) }
    if chance(1, in: 4) { item.isDeleted = chance(1, in: 2) }
    if chance(1, in: 4) { item.reactions = randomReactions() }
    if chance(1, in: 3) { item.extraFields = randomExtraFields() }
    return item
  }

  /// Up to four reactions with distinct names and counts up to the limit.
  mutating func randomReactions() -> [MessageReaction] {
    var reactions: [MessageReaction] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let reaction = randomText(maximumLength: 4, allowsEmpty: false)
      guard !reactions.contains(where: { $0.reaction.utf8.elementsEqual(reaction.utf8) }) else { continue }
      let count =
        chance(1, in: 4) ? StreamDecoder.maximumReactionCount : Int.random(in: 0...50, using: &random)
      reactions.append(MessageReaction(reaction: reaction, count: count))
    }
    return reactions
  }

  /// Up to four extra fields with distinct names, some of them names the wire format knows outside
  /// items.
  mutating func randomExtraFields() -> [StreamItem.ExtraField] {
    var fields: [StreamItem.ExtraField] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let name =
        chance(1, in: 4)
        ? ["op", "item", "items", "active", "after", "delete"].randomElement(using: &random) ?? "op"
        : "x-" + randomText(maximumLength: 6)
      guard !fields.contains(where: { $0.name == name }),
        let field = StreamItem.ExtraField(name: name, json: anyValue(depth: 3))
      else { continue }
      fields.append(field)
    }
    return fields
  }

  private mutating func randomSize() -> Double {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return Double(Int.random(in: 0...10_000, using: &random))
    case 1: return Double.random(in: 0...10_000, using: &random)
    case 2: return Double.random(in: 0...1e-300, using: &random)
    default: return Double.random(in: 0...Double.greatestFiniteMagnitude, using: &random)
    }
  }

  mutating func chance(_ count: Int, in total: Int) -> Bool {
    Int.random(in: 0..<total, using: &random) < count
  }

  /// Random whitespace between tokens, usually none.
  private mutating func space() -> String {
    guard chance(1, in: 4) else { return "" }
    return [" ", "\t", "  ", "\r", "\n", " \r\n\t "].randomElement(using: &random) ?? " "
  }
}
