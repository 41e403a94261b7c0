import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct StreamTranscriptTests {
  /// Feeds lines and returns the diagnostics.
  static func feed(_ lines: [String], into transcript: StreamTranscript) -> [String] {
    var feeder = StreamFeeder(transcript: transcript, source: "chat.ndjson")
    var diagnostics: [String] = []
    for (index, line) in lines.enumerated() {
      diagnostics += feeder.feed(line, lineNumber: index + 1).map(\.description)
    }
    return diagnostics
  }

  static func ids(_ transcript: StreamTranscript) -> [String] {
    transcript.chatItems.map(\.id)
  }

  @Test func eventsEditTheTranscript() {
    let transcript = StreamTranscript()
    let diagnostics = Self.feed(
      [
        #"{"op":"insert","item":{"id":"a","type":"text","text":"hi"}}"#,
        #"{"op":"insert","item":{"id":"c","type":"text"}}"#,
        #"{"op":"insert","item":{"id":"b","type":"text"},"after":"a"}"#,
        #"{"op":"insert","item":{"id":"0","type":"text"},"before":"a"}"#,
        #"{"op":"status","id":"a","status":"failed"}"#,
        #"{"op":"update","item":{"id":"c","type":"photo","width":10,"height":5}}"#,
        #"{"op":"delete","id":"b"}"#,
        #"{"op":"prepend","items":[{"id":"h1","type":"text"},{"id":"h2","type":"text"}]}"#,
      ], into: transcript)
    #expect(diagnostics.isEmpty)
    #expect(Self.ids(transcript) == ["h1", "h2", "0", "a", "c"])
    #expect((transcript.item(withID: "a") as? StreamItem)?.status == .failed)
    #expect((transcript.item(withID: "a") as? StreamItem)?.text == "hi")
    #expect(transcript.item(withID: "c")?.type == "photo")
  }

  /// Items are values: one read out before a status, a reaction, a receipt, a quote or the
  /// unread divider changes it keeps what it had, while the transcript's changes in place.
  @Test func anItemReadOutKeepsItsValuesWhenTheTranscriptChangesIt() throws {
    let transcript = StreamTranscript()
    let setUp = Self.feed(
      [
        #"{"op":"insert","item":{"id":"m1","type":"text","text":"hi","status":"sent"}}"#,
        #"{"op":"insert","item":{"id":"m2","type":"text","text":"re","replyTo":"m1"}}"#,
      ], into: transcript)
    #expect(setUp.isEmpty)
    let first = try #require(transcript.item(withID: "m1") as? StreamItem)
    let reply = try #require(transcript.item(withID: "m2") as? StreamItem)
    let diagnostics = Self.feed(
      [
        #"{"op":"status","id":"m1","status":"read"}"#,
        #"{"op":"react","id":"m1","sender":"bob","reaction":"👍"}"#,
        #"{"op":"read","sender":"bob","upTo":"m1"}"#,
        #"{"op":"lastRead","id":"m1"}"#,
        #"{"op":"update","item":{"id":"m1","type":"text","text":"hello","status":"read"}}"#,
      ], into: transcript)
    #expect(diagnostics.isEmpty)
    #expect(first.status == .sent && first.reactions.isEmpty && first.readReceipt.isEmpty)
    #expect(!first.isFollowedByUnreadDivider)
    #expect(reply.quote == .message(sender: "", text: "hi"))
    let now = try #require(transcript.item(withID: "m1") as? StreamItem)
    #expect(now.status == .read && now.reactions == [MessageReaction(reaction: "👍", count: 1)])
    #expect(!now.readReceipt.isEmpty)
    #expect((transcript.item(withID: "m2") as? StreamItem)?.quote == .message(sender: "", text: "hello"))
  }

  @Test func badLinesAreReportedWithFileAndLineAndSkipped() {
    let transcript = StreamTranscript()
    let diagnostics = Self.feed(
      [
        #"{"op":"insert","item":{"id":"a","type":"text"}}"#,
        #"{"op":"insert","item":{"id":"a","type":"text"}}"#,
        #"{"op":"status","id":"zz","status":"read"}"#,
        #"{"op":"insert","item":{"id":"b","type":"text"},"after":"nope"}"#,
        #"{"op":"delete","id":"gone"}"#,
        ##"{"op":"insert","item":{"id":"#typing","type":"text"}}"##,
        #"{"op":"prepend","items":[{"id":"a","type":"text"},{"id":"p","type":"text"},{"id":"p","type":"text"}]}"#,
        "garbage",
        #"{"op":"insert","item":{"id":"z","type":"text"}}"#,
      ], into: transcript)
    #expect(
      diagnostics == [
        #"chat.ndjson:2: duplicate id "a""#,
        #"chat.ndjson:3: unknown id "zz""#,
        #"chat.ndjson:4: "after": unknown id "nope""#,
        #"chat.ndjson:5: unknown id "gone""#,
        ##"chat.ndjson:6: id "#typing" is reserved"##,
        #"chat.ndjson:7: prepend item 1: duplicate id "a""#,
        #"chat.ndjson:7: prepend item 3: duplicate id "p""#,
        "chat.ndjson:8: not JSON: unexpected character 'g' at column 1",
      ])
    #expect(Self.ids(transcript) == ["p", "a", "z"])
  }

  @Test func hostileIDsAreQuotedSafelyInDiagnostics() {
    let transcript = StreamTranscript()
    let diagnostics = Self.feed([#"{"op":"delete","id":"\u001b[2Jx\u202e"}"#], into: transcript)
    #expect(diagnostics == [#"chat.ndjson:1: unknown id "\u{1B}[2Jx\u{202E}""#])
  }

  @Test func typingIndicatorStaysLast() {
    let transcript = StreamTranscript()
    _ = Self.feed(
      [
        #"{"op":"insert","item":{"id":"a","type":"text"}}"#,
        #"{"op":"typing","sender":"bob","active":true}"#,
        #"{"op":"typing","sender":"eve","active":true}"#,
        #"{"op":"insert","item":{"id":"b","type":"text"}}"#,
      ], into: transcript)
    #expect(Self.ids(transcript) == ["a", "b", "#typing"])
    #expect((transcript.chatItems.last as? TypingIndicatorItem)?.senders == ["bob", "eve"])
    _ = Self.feed(
      [#"{"op":"typing","sender":"bob","active":false}"#, #"{"op":"typing","sender":"eve","active":false}"#],
      into: transcript)
    #expect(Self.ids(transcript) == ["a", "b"])
  }

  /// A long transcript's items are copied on all cores, chunk by chunk: they still come in
  /// order, each once, with the typing row last. Checked against the ids in a plain array
  /// edited alike, past the length where the copy goes parallel, with pages of history
  /// and deletions spread over the chunks.
  @Test(arguments: [3, 11] as [UInt64]) func aLongTranscriptListsItsItemsInOrder(seed: UInt64) {
    let transcript = StreamTranscript()
    var expected: [String] = []
    var random = SeededRandom(seed: seed)
    for number in 0..<30_000 {
      switch random.next() % 200 {
      case 0..<10 where !expected.isEmpty:
        let id = expected.remove(at: Int(random.next() % UInt64(expected.count)))
        transcript.apply(.delete(id: id))
      case 10:
        let page = (0..<50).map { StreamItem(id: "p\(number)-\($0)", type: "text", text: "old") }
        transcript.apply(.prepend(page))
        expected.insert(contentsOf: page.map(\.id), at: 0)
      default:
        transcript.apply(.insert(StreamItem(id: "m\(number)", type: "text", text: "new"), position: .end))
        expected.append("m\(number)")
      }
    }
    #expect(transcript.count == expected.count && expected.count > 30_000)
    #expect(Self.ids(transcript) == expected)
    transcript.apply(.typing(sender: "bob", isActive: true))
    #expect(Self.ids(transcript) == expected + [TypingIndicatorItem.reservedID])
  }

  /// The controller fed by exact edits ends where a fresh controller over the final items does.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func randomStreamsDriveTheControllerExactly(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let transcript = StreamTranscript()
    let controller = ChatTranscriptController(
      buildersByType: [:], decorator: UniformDecorator(bottomMargin: 1),
      viewport: Viewport(width: 30, height: 8))
    controller.dataSource = transcript
    var reference: [String] = []
    var nextID = 0
    for _ in 0..<2_000 {
      let roll = random.int(in: 0...9)
      if roll < 4 || reference.isEmpty {
        nextID += 1
        let id = "m\(nextID)"
        let position: InsertPosition
        let index: Int
        switch random.int(in: 0...2) {
        case 0 where !reference.isEmpty:
          let anchor = random.int(in: 0...reference.count - 1)
          (position, index) = (.after(reference[anchor]), anchor + 1)
        case 1 where !reference.isEmpty:
          let anchor = random.int(in: 0...reference.count - 1)
          (position, index) = (.before(reference[anchor]), anchor)
        default: (position, index) = (.end, reference.count)
        }
        transcript.apply(.insert(StreamItem(id: id, type: "text"), position: position))
        reference.insert(id, at: index)
      } else if roll < 6 {
        let index = random.int(in: 0...reference.count - 1)
        transcript.apply(.delete(id: reference.remove(at: index)))
      } else if roll < 8 {
        let id = reference[random.int(in: 0...reference.count - 1)]
        transcript.apply(.status(id: id, DeliveryStatus.allCases[random.int(in: 0...4)]))
      } else {
        let ids = (0..<random.int(in: 1...5)).map { _ in
          nextID += 1
          return "m\(nextID)"
        }
        transcript.apply(.prepend(ids.map { StreamItem(id: $0, type: "text") }))
        reference.insert(contentsOf: ids, at: 0)
      }
      if random.chance(0.05) { controller.applyPendingUpdates() }
    }
    controller.applyPendingUpdates()
    #expect(Self.ids(transcript) == reference, "seed \(seed)")
    #expect(controller.rowFrames.map(\.id) == reference, "seed \(seed)")
    for (index, id) in reference.enumerated() where index % 97 == 0 {
      #expect(transcript.index(ofID: id) == index, "seed \(seed)")
    }
    #expect(controller.contentHeight == Double(2 * reference.count))
  }
}

/// What `transcript generate` writes must read as a conversation.
@Suite struct GeneratedStreamTests {
  /// A page of history lists its items oldest first, and its newest item is older than the
  /// top of the transcript it joins, so the history reads forward in time down to it.
  @Test(arguments: [1, 3, 42] as [UInt64])
  func historyPagesComeOldestFirst(seed: UInt64) {
    let transcript = StreamTranscript()
    var pages = 0
    for event in SyntheticTranscript(count: 20_000, seed: seed) {
      if case .prepend(let items) = event {
        pages += 1
        let dates = items.compactMap(\.date)
        #expect(dates == dates.sorted(), "seed \(seed): page \(pages) is not oldest first")
        let top = transcript.chatItems.lazy.compactMap { ($0 as? StreamItem)?.date }.first
        if let top, let newest = dates.last {
          #expect(newest <= top, "seed \(seed): page \(pages) is newer than the transcript's top")
        }
      }
      _ = transcript.apply(event)
    }
    #expect(pages > 0)
  }
}

@Suite struct GeneratedMessageContentTests {
  /// About one message in ten replies, one in five gets reactions, a few are edited or deleted,
  /// and every event applies: the generator writes what a messenger shows today.
  @Test(arguments: [1, 7] as [UInt64])
  func generatedStreamsHaveRealisticRepliesReactionsEditsAndDeletions(seed: UInt64) {
    let transcript = StreamTranscript()
    var errors: [TranscriptEventError] = []
    var reactOps = 0
    var takenBack = 0
    for event in SyntheticTranscript(count: 20_000, seed: seed) {
      if case .react(_, _, _, let isActive) = event {
        reactOps += 1
        if !isActive { takenBack += 1 }
      }
      errors += transcript.apply(event)
    }
    #expect(errors.isEmpty, "seed \(seed): \(errors.prefix(3))")
    let messages = transcript.chatItems.compactMap { $0 as? StreamItem }.filter { $0.type == "text" }
    func share(_ isCounted: (StreamItem) -> Bool) -> Double {
      Double(messages.count { isCounted($0) }) / Double(messages.count)
    }
    let replies = share { $0.replyTo != nil }
    let reacted = share { $0.reactions.contains { $0.count > 0 } }
    let edited = share { $0.isEdited == true }
    let deleted = share { $0.isDeleted == true }
    #expect((0.06...0.14).contains(replies), "seed \(seed): \(replies) replies")
    #expect((0.12...0.30).contains(reacted), "seed \(seed): \(reacted) with reactions")
    #expect((0.005...0.05).contains(edited), "seed \(seed): \(edited) edited")
    #expect((0.002...0.03).contains(deleted), "seed \(seed): \(deleted) deleted")
    #expect(
      reactOps > 1_000 && takenBack > 50, "seed \(seed): \(reactOps) reactions, \(takenBack) taken back")
    // Replies resolve: most quote a message that is there.
    let resolved = share { if case .message = $0.quote { true } else { false } }
    #expect(resolved > replies * 0.6, "seed \(seed): \(resolved) resolved of \(replies)")
  }
}

@Suite struct GeneratedReadReceiptTests {
  /// The others' receipts are a few percent of the events, each for one of the newest messages,
  /// so at the end every reader sits near the bottom; the local user's mark moves now and then
  /// and leaves new messages after it, so the transcript ends with its one divider.
  @Test(arguments: [1, 7] as [UInt64])
  func generatedStreamsHaveReceiptsAndALastReadMark(seed: UInt64) throws {
    let transcript = StreamTranscript()
    var errors: [TranscriptEventError] = []
    var reads = 0
    var marks = 0
    let count = 20_000
    for event in SyntheticTranscript(count: count, seed: seed) {
      switch event {
      case .read(let sender, _):
        reads += 1
        #expect(sender != "me", "seed \(seed): the local user sends no receipts")
      case .lastRead: marks += 1
      default: break
      }
      errors += transcript.apply(event)
    }
    #expect(errors.isEmpty, "seed \(seed): \(errors.prefix(3))")
    #expect((0.04...0.08).contains(Double(reads) / Double(count)), "seed \(seed): \(reads) reads")
    #expect((0.002...0.01).contains(Double(marks) / Double(count)), "seed \(seed): \(marks) marks")
    let items = transcript.chatItems.compactMap { $0 as? StreamItem }
    let read = items.indices.filter { !items[$0].readReceipt.isEmpty }
    let readers = read.reduce(0) {
      $0 + items[$1].readReceipt.readers.count + items[$1].readReceipt.otherReaderCount
    }
    #expect(readers == 6, "seed \(seed): every other participant has read something")
    let newest = try #require(read.last)
    #expect(items.count - newest < 40, "seed \(seed): readers are near the bottom")
    #expect(items.count { $0.isFollowedByUnreadDivider } == 1, "seed \(seed)")
  }
}
