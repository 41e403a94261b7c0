import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// `StreamTranscript.performBatchUpdates(_:)`: a burst's edits are reported in one
/// notification, in order, its appends merged, and the delegate never hears of a state the
/// transcript is not in.
@Suite struct BatchUpdatesTests {
  /// Replays every edit it hears on a list of ids of its own, and checks at each one that the
  /// list is the transcript's: what a delegate reading the data source while it hears an edit
  /// relies on.
  final class Mirror: ChatDataSourceDelegate {
    let transcript: StreamTranscript
    private(set) var ids: [String] = []
    /// Each notification, its edits as `insert IDS at N`, `remove N..<M` or `replace ID at N`.
    var notifications: [[String]] = []
    /// Each item as the edits last brought it, by id.
    private(set) var reported: [String: StreamItem] = [:]
    /// The type of each notification.
    var types: [UpdateType] = []
    /// Notifications at which the replayed ids were not the transcript's.
    private(set) var disagreements = 0

    /// Becomes `transcript`'s delegate, starting from its items as they are.
    init(_ transcript: StreamTranscript = StreamTranscript()) {
      self.transcript = transcript
      transcript.delegate = self
      ids = transcript.chatItems.map(\.id)
    }

    func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
      ids = transcript.chatItems.map(\.id)
      notifications.append(["reload"])
    }

    func chatDataSource(
      _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
    ) {
      var edits: [String] = []
      for change in changes {
        switch change {
        case .insert(let items, let index):
          ids.insert(contentsOf: items.map(\.id), at: index)
          for item in items { reported[item.id] = item as? StreamItem }
          edits.append("insert \(items.map(\.id).joined(separator: ",")) at \(index)")
        case .remove(let range):
          ids.removeSubrange(range)
          edits.append("remove \(range)")
        case .replace(let item, let index):
          ids[index] = item.id
          reported[item.id] = item as? StreamItem
          edits.append("replace \(item.id) at \(index)")
        }
      }
      notifications.append(edits)
      types.append(type)
      if ids != transcript.chatItems.map(\.id) { disagreements += 1 }
    }
  }

  static func append(_ id: String, sender: String = "ann") -> StreamEvent {
    .insert(StreamItem(id: id, type: "text", sender: sender, text: "hi \(id)"), position: .end)
  }

  /// The burst's new items arrive as one insert, their later edits in it; an edit of an item
  /// from before the batch stays an edit of its own.
  @Test func aBatchIsOneNotificationWithItsAppendsMerged() {
    let chat = Mirror()
    chat.transcript.apply(Self.append("o"))
    chat.notifications = []
    chat.transcript.performBatchUpdates {
      for id in ["a", "b", "c"] { chat.transcript.apply(Self.append(id)) }
      chat.transcript.apply(.status(id: "o", .read))
      chat.transcript.apply(.status(id: "a", .read))
      chat.transcript.apply(Self.append("d"))
      chat.transcript.apply(.typing(sender: "bob", isActive: true))
      chat.transcript.apply(Self.append("e"))
      chat.transcript.apply(Self.append("f"))
      chat.transcript.apply(.insert(StreamItem(id: "x", type: "text"), position: .after("a")))
      chat.transcript.apply(Self.append("g"))
      #expect(chat.notifications.isEmpty)
    }
    #expect(
      chat.notifications == [["insert a,x,b,c,d,e,f,g,#typing at 1", "replace o at 0"]])
    #expect(chat.disagreements == 0)
    #expect(chat.ids == ["o", "a", "x", "b", "c", "d", "e", "f", "g", "#typing"])
    #expect(chat.reported["o"]?.status == .read)
    #expect(chat.reported["a"]?.status == .read)
  }

  @Test func outsideABatchEveryAppendIsHeardAtOnce() {
    let chat = Mirror()
    for id in ["a", "b"] { chat.transcript.apply(Self.append(id)) }
    #expect(chat.notifications == [["insert a at 0"], ["insert b at 1"]])
  }

  @Test func nestedBatchesReportWhenTheOutermostEnds() {
    let chat = Mirror()
    chat.transcript.performBatchUpdates {
      chat.transcript.apply(Self.append("a"))
      chat.transcript.performBatchUpdates { chat.transcript.apply(Self.append("b")) }
      #expect(chat.notifications.isEmpty)
      chat.transcript.apply(Self.append("c"))
    }
    #expect(chat.notifications == [["insert a,b,c at 0"]])
  }

  /// A reply's quote and the unread divider reload items as an append lands: the new reply
  /// arrives with its quote resolved, the old last-read item as an edit of its own.
  @Test func reloadsAnAppendCausesFollowItsInsert() {
    let chat = Mirror()
    chat.transcript.apply(Self.append("m1"))
    chat.transcript.apply(.lastRead(id: "m1"))
    chat.notifications = []
    chat.transcript.performBatchUpdates {
      let reply = StreamItem(id: "m2", type: "text", sender: "bob", text: "yes", replyTo: "m3")
      chat.transcript.apply(.insert(reply, position: .end))
      // Brings the message m2 quotes, and the first unread message after the mark.
      chat.transcript.apply(Self.append("m3", sender: "bob"))
      chat.transcript.apply(Self.append("m4", sender: "bob"))
    }
    #expect(
      chat.notifications == [["insert m2,m3,m4 at 1", "replace m1 at 0"]])
    #expect(chat.reported["m2"]?.quote == .message(sender: "bob", text: "hi m3"))
    #expect(chat.reported["m1"]?.isFollowedByUnreadDivider == true)
    #expect(chat.disagreements == 0)
    let reply = chat.transcript.item(withID: "m2") as? StreamItem
    #expect(reply?.quote == .message(sender: "bob", text: "hi m3"))
    #expect((chat.transcript.item(withID: "m1") as? StreamItem)?.isFollowedByUnreadDivider == true)
  }

  /// A page of history is a `.pagination` update of its own, heard after the edits before it.
  @Test func aPageOfHistoryIsReportedOnItsOwn() {
    let chat = Mirror()
    chat.transcript.performBatchUpdates {
      chat.transcript.apply(Self.append("a"))
      chat.transcript.apply(.prepend([StreamItem(id: "h", type: "text")]))
      chat.transcript.apply(Self.append("b"))
    }
    #expect(chat.notifications == [["insert a at 0"], ["insert h at 0"], ["insert b at 2"]])
    #expect(chat.types == [.normal, .pagination, .normal])
    #expect(chat.disagreements == 0)
  }

  @Test func aDelegateReplacedInABatchHearsWhatCameBefore() {
    let first = Mirror()
    let transcript = first.transcript
    var second: Mirror?
    transcript.performBatchUpdates {
      transcript.apply(Self.append("a"))
      second = Mirror(transcript)
      transcript.apply(Self.append("b"))
    }
    #expect(first.notifications == [["insert a at 0"]])
    #expect(second?.notifications == [["insert b at 1"]])
    #expect(second?.disagreements == 0)
  }

  /// Generated streams (replies, reactions, receipts, edits, deletions, history pages, typing)
  /// applied in random bursts lay out exactly as the same events applied one by one, and the
  /// delegate's replayed list agrees with the transcript at every edit.
  @Test(arguments: [1, 5, 9] as [UInt64])
  func burstsLayOutAsEventsOneByOne(seed: UInt64) {
    func session() -> (StreamTranscript, ChatTranscriptController) {
      let transcript = StreamTranscript()
      let controller = ChatTranscriptController(
        buildersByType: MessagesKit.builders(theme: CompactTheme()),
        decorator: MessagesKit.decorator(), viewport: Viewport(width: 48, height: 20))
      controller.dataSource = transcript
      return (transcript, controller)
    }
    let (single, singleController) = session()
    let (batched, batchedController) = session()
    let mirror = Mirror()
    var random = SeededRandom(seed: seed)
    var events = SyntheticTranscript(count: 3_000, seed: seed).makeIterator()
    var insertedIDs: [String] = []
    var extraID = 0
    var ended = false
    while !ended {
      var burstEvents: [StreamEvent] = []
      for _ in 0..<random.int(in: 1...200) {
        guard let event = events.next() else {
          ended = true
          break
        }
        burstEvents.append(event)
        if case .insert(let item, _) = event { insertedIDs.append(item.id) }
        // Inserts among the old messages too, which the generator does not make (an anchor
        // deleted since is an error for both transcripts alike).
        if !insertedIDs.isEmpty, random.chance(0.05) {
          extraID += 1
          let anchor = insertedIDs[random.int(in: 0...insertedIDs.count - 1)]
          let item = StreamItem(id: "extra\(extraID)", type: "text", text: "between")
          burstEvents.append(.insert(item, position: random.chance(0.5) ? .after(anchor) : .before(anchor)))
        }
      }
      let singleErrors = burstEvents.map { single.apply($0).map(\.description) }
      let batchedErrors = batched.performBatchUpdates {
        burstEvents.map { batched.apply($0).map(\.description) }
      }
      mirror.transcript.performBatchUpdates { for event in burstEvents { mirror.transcript.apply(event) } }
      #expect(batchedErrors == singleErrors, "seed \(seed)")
      singleController.applyPendingUpdates()
      batchedController.applyPendingUpdates()
    }
    #expect(mirror.disagreements == 0, "seed \(seed)")
    #expect(mirror.ids == mirror.transcript.chatItems.map(\.id), "seed \(seed)")
    let frames = batchedController.rowFrames
    #expect(frames.count > 1_000)
    #expect(frames.map(\.id) == singleController.rowFrames.map(\.id), "seed \(seed)")
    #expect(frames.map(\.frame) == singleController.rowFrames.map(\.frame), "seed \(seed)")
  }
}
