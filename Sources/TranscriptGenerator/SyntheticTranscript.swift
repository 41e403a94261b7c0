import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams

/// A realistic, reproducible stream of chat events: the same seed gives the same events.
///
/// Several people talk, mostly in short messages with the occasional long one; about one in
/// ten replies to a recent message; outgoing messages go from sending to read (a few fail);
/// people react to recent messages (and take a reaction back now and then), so about one
/// message in five gets reactions; a few messages are edited, deleted as tombstones or
/// removed; people start and stop typing; the others send read receipts for a message a few
/// behind the newest, and now and then the local user's last-read mark moves up to a message
/// some way behind it (so the unread divider has new messages after it); photos and an
/// unknown item type appear; pages of older history, with reactions and replies of their own,
/// arrive from time to time (oldest first, as `prepend` lists them). `Language.english` keeps
/// text ASCII-heavy; `.mixed` gives each person their own writing system.
public struct SyntheticTranscript: Sequence, IteratorProtocol {
  public enum Language: String, Sendable, CaseIterable {
    case mixed, english
  }

  private struct Person {
    var name: String
    var phrases: [String]
  }

  private var random: SeededRandom
  private let people: [Person]
  private var date: Int64 = 1_795_000_000
  private var historyDate: Int64 = 1_795_000_000
  private var nextNumber = 0
  private var nextHistoryNumber = 0
  /// Recent items still in the transcript, as last sent, newest last.
  private var recent: [StreamItem] = []
  /// Recent reactions given by `react` events, which their senders may take back.
  private var reactions: [(id: String, sender: String, reaction: String)] = []
  private var pendingStatuses: [(id: String, status: DeliveryStatus)] = []
  private var typing: Set<String> = []
  private var eventsLeft: Int

  /// - Parameters:
  ///   - count: how many events the sequence yields.
  ///   - seed: the same seed yields the same events.
  public init(count: Int, seed: UInt64, language: Language = .mixed) {
    random = SeededRandom(seed: seed)
    eventsLeft = Swift.max(count, 0)
    let english = PhraseBank.english
    switch language {
    case .english:
      people = ["me", "alice", "bob", "carol", "dave"].map { Person(name: $0, phrases: english) }
    case .mixed:
      people = [
        Person(name: "me", phrases: english), Person(name: "alice", phrases: english),
        Person(name: "dmitri", phrases: PhraseBank.russian),
        Person(name: "yuki", phrases: PhraseBank.japanese),
        Person(name: "wei", phrases: PhraseBank.chinese), Person(name: "priya", phrases: PhraseBank.hindi),
        Person(name: "omar", phrases: PhraseBank.arabic),
      ]
    }
  }

  public mutating func next() -> StreamEvent? {
    guard eventsLeft > 0 else { return nil }
    eventsLeft -= 1
    let roll = random.below(1000)
    switch roll {
    case 0..<90 where !pendingStatuses.isEmpty:
      let (id, status) = pendingStatuses.removeFirst()
      if let next = Self.status(after: status, failing: random.below(50) == 0) {
        pendingStatuses.append((id, next))
      }
      return .status(id: id, status)
    case 90..<110 where !recent.isEmpty:
      return edit() ?? .insert(newItem(), position: .end)
    case 110..<115 where recent.count > 10:
      let id = recent.remove(at: recent.count - 1 - random.below(10)).id
      pendingStatuses.removeAll { $0.id == id }
      reactions.removeAll { $0.id == id }
      return .delete(id: id)
    case 115..<125 where recent.count > 10:
      return tombstone()
    case 153..<343 where !recent.isEmpty:
      return react()
    case 343..<403 where !recent.isEmpty:
      return readReceipt()
    case 403..<408 where recent.count > 3:
      // The local user reads up to a message a few to a few dozen behind the newest.
      let behind = 3 + random.below(Swift.min(recent.count - 3, 28))
      return .lastRead(id: recent[recent.count - 1 - behind].id)
    case 120..<150:
      let person = people[1 + random.below(people.count - 1)].name
      let isActive = !typing.contains(person)
      if isActive { typing.insert(person) } else { typing.remove(person) }
      return .typing(sender: person, isActive: isActive)
    case 150..<153:
      // Each history item is older than the one before; a page lists them oldest first, as
      // the wire format's prepend does.
      return .prepend((0..<(20 + random.below(31))).map { _ in historyItem() }.reversed())
    default:
      return .insert(newItem(), position: .end)
    }
  }

  private static func status(after status: DeliveryStatus, failing: Bool) -> DeliveryStatus? {
    switch status {
    case .sending: failing ? .failed : .sent
    case .sent: .delivered
    case .delivered: .read
    case .read, .failed: nil
    }
  }

  private mutating func newItem() -> StreamItem {
    nextNumber += 1
    let id = "m\(nextNumber)"
    date += Int64(gapSeconds())
    let person = people[random.below(10) < 3 ? 0 : random.below(people.count)]
    let isOutgoing = person.name == "me"
    var item = StreamItem(
      id: id, type: "text", sender: person.name, isIncoming: !isOutgoing,
      date: Timestamp(secondsSince1970: date))
    switch random.below(1000) {
    case 0..<40:
      item.type = "photo"
      item.width = Double([640, 1080, 1200, 1600, 3024][random.below(5)])
      item.height = Double([480, 800, 900, 1200, 4032][random.below(5)])
      if random.below(2) == 0 { item.caption = text(for: person, phrases: 1) }
    case 40..<42:
      item.type = "poll"
    default:
      item.text = text(for: person, phrases: phraseCount())
    }
    if isOutgoing {
      item.status = .sending
      pendingStatuses.append((id, .sent))
      // Receipts for old messages never come: keep the queue short (trimmed in batches).
      if pendingStatuses.count > 64 { pendingStatuses.removeFirst(pendingStatuses.count - 32) }
    }
    if !recent.isEmpty, random.below(10) == 0 {
      item.replyTo = recent[recent.count - 1 - random.below(Swift.min(recent.count, 15))].id
    }
    recent.append(item)
    // Trim in batches: removing from the front on every message would be O(n) each time.
    if recent.count > 400 { recent.removeFirst(recent.count - 200) }
    return item
  }

  /// An older message; some carry reactions, and some reply to a message older still, which
  /// a later page may bring.
  private mutating func historyItem() -> StreamItem {
    nextHistoryNumber += 1
    historyDate -= Int64(gapSeconds())
    let person = people[random.below(people.count)]
    var item = StreamItem(
      id: "h\(nextHistoryNumber)", type: "text", sender: person.name, isIncoming: person.name != "me",
      date: Timestamp(secondsSince1970: historyDate), status: person.name == "me" ? .read : nil,
      text: text(for: person, phrases: phraseCount()))
    if random.below(5) == 0 {
      item.reactions = (0...random.below(2)).map { index in
        // One of the first two kinds, then one of the next two: never the same one twice.
        MessageReaction(reaction: Self.reactionKinds[index * 2 + random.below(2)], count: 1 + random.below(4))
      }
    }
    if random.below(10) == 0 { item.replyTo = "h\(nextHistoryNumber + 1 + random.below(30))" }
    return item
  }

  /// The sender corrects a recent text message: more text, marked as edited.
  private mutating func edit() -> StreamEvent? {
    let index = recent.count - 1 - random.below(Swift.min(recent.count, 20))
    var item = recent[index]
    guard item.type == "text", let sender = item.sender else { return nil }
    let person = people.first { $0.name == sender } ?? people[0]
    item.text = (item.text ?? "") + " " + text(for: person, phrases: 1)
    item.isEdited = true
    if item.isIncoming == false { item.status = .sent }
    recent[index] = item
    return .update(item)
  }

  /// Mostly one or two phrases; now and then a long message.
  private mutating func phraseCount() -> Int {
    let roll = random.below(100)
    return roll < 55 ? 1 : roll < 85 ? 2 : roll < 97 ? 3 + random.below(3) : 8 + random.below(20)
  }

  /// Seconds between messages: mostly seconds to minutes, sometimes hours or a day.
  private mutating func gapSeconds() -> Int {
    let roll = random.below(100)
    return roll < 70
      ? 2 + random.below(60) : roll < 95 ? 60 + random.below(1800) : 3600 + random.below(90_000)
  }

  private mutating func text(for person: Person, phrases count: Int) -> String {
    var parts: [String] = []
    for _ in 0..<count {
      parts.append(person.phrases[random.below(person.phrases.count)])
      if random.below(6) == 0 { parts.append(PhraseBank.emoji[random.below(PhraseBank.emoji.count)]) }
    }
    if random.below(12) == 0 { parts.append(PhraseBank.english[random.below(PhraseBank.english.count)]) }
    return parts.joined(separator: " ")
  }

  /// Reactions people give, the usual ones first.
  private static let reactionKinds = ["👍", "❤️", "😂", "🎉", "🙏", "🔥", "👍🏽", "😮"]

  /// A reaction, the first two most often.
  private mutating func reactionKind() -> String {
    Self.reactionKinds[random.below(3) == 0 ? random.below(Self.reactionKinds.count) : random.below(2)]
  }

  /// Someone reacts to a recent message, or now and then takes back a reaction they gave.
  private mutating func react() -> StreamEvent {
    if !reactions.isEmpty, random.below(10) == 0 {
      let taken = reactions.remove(at: random.below(reactions.count))
      return .react(id: taken.id, sender: taken.sender, reaction: taken.reaction, isActive: false)
    }
    // Mostly the last few messages; several reactions gather on the same ones.
    let id = recent[recent.count - 1 - random.below(Swift.min(recent.count, 10))].id
    let sender = people[random.below(people.count)].name
    let reaction = reactionKind()
    reactions.append((id, sender, reaction))
    if reactions.count > 64 { reactions.removeFirst(32) }
    return .react(id: id, sender: sender, reaction: reaction, isActive: true)
  }

  /// One of the others has read up to one of the newest few messages. Receipts come a little
  /// out of order, as they do from several devices: one for a message before the reader's
  /// newest read is sent now and then, and changes nothing.
  private mutating func readReceipt() -> StreamEvent {
    let reader = people[1 + random.below(people.count - 1)].name
    let id = recent[recent.count - 1 - random.below(Swift.min(recent.count, 4))].id
    return .read(sender: reader, upTo: id)
  }

  /// A recent message deleted by its sender: it stays as a tombstone, without its text.
  private mutating func tombstone() -> StreamEvent {
    let index = recent.count - 1 - random.below(10)
    var item = recent[index]
    item.text = nil
    item.caption = nil
    item.isDeleted = true
    recent.remove(at: index)
    return .update(item)
  }
}
