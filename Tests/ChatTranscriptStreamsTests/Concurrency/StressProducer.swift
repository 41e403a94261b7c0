import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TranscriptGenerator

/// One writer of the concurrency stress test: a seeded sequence of stream events on items
/// only this writer owns.
///
/// A writer inserts (at the end, after or before one of its items), edits text, changes
/// delivery status and type, deletes, prepends pages of history and toggles its typing flag.
/// It touches only its own ids and its own typing flag, so every event it makes applies
/// whatever the other writers did in between: its sequence is fixed by the seed, and only the
/// interleaving with the other writers differs from run to run.
struct StressProducer {
  /// Item types a type change picks from; `poll` has no presenter (the fallback shows it).
  static let types = ["text", "photo", "system", "poll"]

  let index: Int
  private var random: SeededRandom
  /// This writer's items as they are now, in no particular order.
  private var items: [StreamItem] = []
  private var madeCount = 0
  private var isTyping = false

  init(index: Int, seed: UInt64) {
    self.index = index
    random = SeededRandom(seed: seed &+ 0x9E37_79B9 &* UInt64(index + 1))
  }

  private var sender: String { "p\(index)" }

  /// The next event, already applied to this writer's own view of its items.
  mutating func nextEvent() -> StreamEvent {
    let roll = random.below(100)
    guard !items.isEmpty, roll >= 25 else { return insert(at: .end) }
    let chosen = random.below(items.count)
    let id = items[chosen].id
    switch roll {
    case 25..<35: return insert(at: random.chance(0.5) ? .after(id) : .before(id))
    case 35..<50:
      items[chosen].text = makeText()
      return .update(items[chosen])
    case 50..<60:
      let status = DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)]
      items[chosen].status = status
      return .status(id: id, status)
    case 60..<68:
      items[chosen] = makeItem(id: id, type: Self.types[random.below(Self.types.count)])
      return .update(items[chosen])
    case 68..<80:
      items.remove(at: chosen)
      return .delete(id: id)
    case 80..<92:
      let page = (0...random.below(4)).map { _ in makeItem(id: makeID(), type: "text") }
      items.append(contentsOf: page)
      return .prepend(page)
    default:
      isTyping.toggle()
      return .typing(sender: sender, isActive: isTyping)
    }
  }

  private mutating func insert(at position: InsertPosition) -> StreamEvent {
    let item = makeItem(id: makeID(), type: random.chance(0.8) ? "text" : "photo")
    items.append(item)
    return .insert(item, position: position)
  }

  private mutating func makeID() -> String {
    madeCount += 1
    return "\(sender)-\(madeCount)"
  }

  private mutating func makeItem(id: String, type: String) -> StreamItem {
    switch type {
    case "photo":
      StreamItem(
        id: id, type: type, sender: sender, status: .sent, width: Double(100 + random.below(1500)),
        height: Double(100 + random.below(1500)), caption: random.chance(0.5) ? makeText() : nil)
    case "system":
      StreamItem(id: id, type: type, text: makeText())
    default:
      StreamItem(id: id, type: type, sender: sender, status: .sending, text: makeText())
    }
  }

  /// Text from empty to a few lines at the test's widths, so heights depend on the width.
  private mutating func makeText() -> String {
    String(repeating: "lorem ", count: random.below(30)) + "\(sender) \(madeCount)"
  }
}
