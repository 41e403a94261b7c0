import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// Random streams of every edit the wire format has — reactions, read receipts, the last-read
/// mark, status changes, replies and their quotes among them — applied to a stream transcript
/// shown with the kit's presenters and decorator: after every update the incremental layout
/// must be the one a fresh controller lays out from the same items. The text metrics cache is
/// tiny, so re-measurements miss it as an old message's do in a long transcript, and the
/// width is narrow, so reactions lines wrap and grow rows.
@Suite struct StreamEditsDifferentialTests {
  static let senders = ["alice", "bob", "me"]
  static let reactions = ["👍", "❤️", "😂", "🎉", "ok", "a longer reaction"]
  static let readers = ["ann", "bob", "yuki", "omar", "eve", "zoe"]

  @Test(arguments: [("compact", 24.0), ("compact", 40.0), ("roomy", 30.0)])
  func randomStreamsMatchAFreshLayout(theme: String, width: Double) {
    let seed = SeededRandom.seed(fromEnvironment: "STREAM_EDITS_SEED", default: 5)
    for run in 0..<12 as Range<UInt64> {
      var random = SeededRandom(seed: seed &+ run)
      let transcript = StreamTranscript()
      let controller = Self.controller(theme: theme, width: width, cacheCapacity: 4)
      controller.dataSource = transcript
      var made = 0
      for step in 0..<120 {
        let ids = transcript.chatItems.compactMap { ($0 as? StreamItem)?.id }
        let event = Self.randomEvent(ids: ids, made: &made, using: &random)
        transcript.apply(event)
        guard random.chance(0.6) else { continue }
        controller.applyPendingUpdates()
        let fresh = Self.controller(theme: theme, width: width, cacheCapacity: 20_000)
        fresh.dataSource = transcript
        fresh.requestUpdate(.firstLoad)
        fresh.applyPendingUpdates()
        let place = "seed \(seed &+ run), step \(step), \(theme) at \(width): \(event)"
        #expect(Self.dump(controller) == Self.dump(fresh), "\(place)")
        if Self.dump(controller) != Self.dump(fresh) { return }
      }
    }
  }

  /// Bursts as `transcript follow` applies them: 64 to 300 new messages at the end, among
  /// edits of the last messages (which join the burst's last window), people typing (whose
  /// row follows the new messages) and edits of any others. The
  /// new messages are made in a pass of their own and the old ones they follow decorated
  /// again: the layout must be the fresh one, and the update must report exactly the rows
  /// that came and went, by id and, for the new ones, by index.
  @Test func burstsOfNewMessagesMatchAFreshLayout() {
    let seed = SeededRandom.seed(fromEnvironment: "STREAM_EDITS_SEED", default: 9)
    func rowIDs(_ controller: ChatTranscriptController) -> [RowID] {
      (0..<controller.rowCount).map { controller.rowID(atRow: $0) }
    }
    for run in 0..<6 as Range<UInt64> {
      var random = SeededRandom(seed: seed &+ run)
      let transcript = StreamTranscript()
      let controller = Self.controller(theme: "compact", width: 40, cacheCapacity: 4)
      controller.dataSource = transcript
      var updates: [TranscriptUpdate] = []
      controller.onUpdate = { updates.append($0) }
      var made = 0
      for step in 0..<8 {
        let before = Set(rowIDs(controller))
        updates = []
        for _ in 0..<random.int(in: 64...300) {
          let ids = transcript.chatItems.compactMap { ($0 as? StreamItem)?.id }
          if ids.isEmpty || random.chance(0.8) {
            made += 1
            var item = Self.randomItem(id: "m\(made)", made: made, ids: ids, using: &random)
            // Half a minute apart, mostly: messages group with the ones before them, so the
            // last message of a burst's start loses its tail to the first new one.
            item.date = Timestamp(secondsSince1970: 1_700_000_000 + Int64(made) * 30)
            transcript.apply(.insert(item, position: .end))
          } else if random.chance(0.2) {
            // Someone starts or stops typing: the typing row follows the burst's messages.
            transcript.apply(.typing(sender: Self.senders[random.below(2)], isActive: random.chance(0.7)))
          } else if random.chance(0.5), let last = ids.last {
            transcript.apply(
              random.chance(0.5)
                ? .react(id: last, sender: "ann", reaction: "👍", isActive: true) : .status(id: last, .read))
          } else {
            transcript.apply(Self.randomEvent(ids: ids, made: &made, using: &random))
          }
        }
        controller.applyPendingUpdates()
        let fresh = Self.controller(theme: "compact", width: 40, cacheCapacity: 20_000)
        fresh.dataSource = transcript
        fresh.requestUpdate(.firstLoad)
        fresh.applyPendingUpdates()
        let place = "seed \(seed &+ run), step \(step)"
        #expect(Self.dump(controller) == Self.dump(fresh), "\(place)")
        let after = rowIDs(controller)
        let (came, left) = (Set(after).subtracting(before), before.subtracting(Set(after)))
        let inserted = Set(updates.flatMap(\.insertedRows))
        let deleted = Set(updates.flatMap(\.deletedRows))
        // An item updated to another type is another row under the same id: it left and came.
        let retyped = inserted.intersection(deleted)
        #expect(inserted.subtracting(retyped) == came.subtracting(retyped), "\(place)")
        #expect(deleted.subtracting(retyped) == left.subtracting(retyped), "\(place)")
        #expect(came.isSubset(of: inserted) && left.isSubset(of: deleted), "\(place)")
        if updates.count == 1 {
          let newByIndex = Set(updates[0].rowChanges.insertedRows.map { after[$0] })
          #expect(newByIndex.subtracting(retyped) == came.subtracting(retyped), "\(place)")
        }
      }
    }
  }

  /// A reaction that makes the reactions line wrap grows the row; taking it back shrinks it
  /// again.
  @Test func aReactionThatWrapsTheReactionsLineGrowsTheRow() {
    let transcript = StreamTranscript()
    let controller = Self.controller(theme: "compact", width: 24, cacheCapacity: 20_000)
    controller.dataSource = transcript
    transcript.apply(
      .insert(
        StreamItem(
          id: "m1", type: "text", sender: "bob", isIncoming: true, text: "hi",
          reactions: [MessageReaction(reaction: "👍", count: 2)]),
        position: .end))
    controller.applyPendingUpdates()
    let row = controller.row(ofItemWithID: "m1") ?? -1
    let oneLine = controller.frame(ofRow: row).height
    transcript.apply(.react(id: "m1", sender: "ann", reaction: "a longer reaction", isActive: true))
    controller.applyPendingUpdates()
    #expect(controller.frame(ofRow: row).height > oneLine)
    transcript.apply(.react(id: "m1", sender: "ann", reaction: "a longer reaction", isActive: false))
    controller.applyPendingUpdates()
    #expect(controller.frame(ofRow: row).height == oneLine)
  }

  static func controller(theme: String, width: Double, cacheCapacity: Int) -> ChatTranscriptController {
    let cache = TextMetricsCache(capacity: cacheCapacity)
    let builders =
      theme == "roomy"
      ? MessagesKit.builders(theme: RoomyTheme(), cache: cache)
      : MessagesKit.builders(theme: CompactTheme(), cache: cache)
    return ChatTranscriptController(
      buildersByType: builders, decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: 12))
  }

  /// Every row with what must match: id, frame and decoration.
  static func dump(_ controller: ChatTranscriptController) -> [String] {
    (0..<controller.rowCount).map { row in
      let frame = controller.frame(ofRow: row)
      return
        "\(controller.rowID(atRow: row)) y\(frame.minY) h\(frame.height) \(controller.decoration(atRow: row))"
    }
  }

  static func randomItem(id: String, made: Int, ids: [String], using random: inout SeededRandom) -> StreamItem
  {
    let sender = senders[random.below(senders.count)]
    let minute = made * random.int(in: 0...3)
    let texts = ["hi", "see you at the station at nine", "ok", "a message long enough to wrap twice here"]
    var reactions: [MessageReaction] = []
    if random.chance(0.3) {
      reactions.append(
        MessageReaction(reaction: Self.reactions[random.below(Self.reactions.count)], count: 1))
    }
    return StreamItem(
      id: id, type: random.chance(0.9) ? "text" : "system", sender: sender, isIncoming: sender != "me",
      date: Timestamp(secondsSince1970: 1_700_000_000 + Int64(minute) * 60),
      status: DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)],
      text: texts[random.below(texts.count)],
      replyTo: !ids.isEmpty && random.chance(0.2) ? ids[random.below(ids.count)] : nil,
      reactions: reactions)
  }

  static func randomEvent(ids: [String], made: inout Int, using random: inout SeededRandom) -> StreamEvent {
    func newItem() -> StreamItem {
      made += 1
      return randomItem(id: "m\(made)", made: made, ids: ids, using: &random)
    }
    guard !ids.isEmpty else { return .insert(newItem(), position: .end) }
    let existing = ids[random.below(ids.count)]
    switch random.below(20) {
    case 0..<3: return .insert(newItem(), position: .end)
    case 3: return .insert(newItem(), position: random.chance(0.5) ? .after(existing) : .before(existing))
    case 4: return .delete(id: existing)
    case 5:
      var item = randomItem(id: existing, made: made, ids: ids, using: &random)
      item.id = existing
      return .update(item)
    case 6: return .prepend([newItem()])
    case 7..<12:
      return .react(
        id: existing, sender: readers[random.below(readers.count)],
        reaction: reactions[random.below(reactions.count)], isActive: random.chance(0.7))
    case 12..<15: return .read(sender: readers[random.below(readers.count)], upTo: existing)
    case 15: return .lastRead(id: existing)
    case 16: return .typing(sender: senders[random.below(senders.count)], isActive: random.chance(0.5))
    default:
      return .status(id: existing, DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)])
    }
  }
}
