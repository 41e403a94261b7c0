import ChatTranscript
import ChatTranscriptMessages
import Testing

@testable import ChatTranscriptStreams

/// How `StreamTranscript` resolves quotes and counts reactions, and what it tells its delegate:
/// a change to a quoted message reloads its replies and nothing else, a reaction reloads one row.
@Suite struct RepliesAndReactionsTests {
  /// A transcript fed `lines`, with the edits it reported for each line after the first `skip`.
  final class Recorder: ChatDataSourceDelegate {
    let transcript = StreamTranscript()
    /// Each edit as `replace ID at N`, `insert IDS at N` or `remove N..<M`.
    var edits: [String] = []
    /// The type of each exact edit reported.
    var updateTypes: [UpdateType] = []
    var fullUpdates = 0

    init() {
      transcript.delegate = self
    }

    @discardableResult
    func feed(_ lines: String...) -> [String] {
      var diagnostics: [String] = []
      var feeder = StreamFeeder(transcript: transcript, source: "chat.ndjson")
      for (index, line) in lines.enumerated() {
        diagnostics += feeder.feed(line, lineNumber: index + 1).map(\.description)
      }
      return diagnostics
    }

    func item(_ id: String) -> StreamItem? {
      transcript.item(withID: id) as? StreamItem
    }

    func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) { fullUpdates += 1 }

    func chatDataSource(
      _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
    ) {
      updateTypes.append(type)
      for change in changes {
        switch change {
        case .insert(let items, let index):
          edits.append("insert \(items.map(\.id).joined(separator: ",")) at \(index)")
        case .remove(let range): edits.append("remove \(range)")
        case .replace(let item, let index): edits.append("replace \(item.id) at \(index)")
        }
      }
    }
  }

  @Test func aReplyQuotesTheMessageAsItIsNow() throws {
    let chat = Recorder()
    let diagnostics = chat.feed(
      #"{"op":"insert","item":{"id":"m1","type":"text","sender":"ann","text":"Lunch?"}}"#,
      #"{"op":"insert","item":{"id":"m2","type":"text","sender":"bob","replyTo":"m1","text":"Yes"}}"#,
      #"{"op":"insert","item":{"id":"m3","type":"text","sender":"bob","replyTo":"m0","text":"And?"}}"#)
    #expect(diagnostics == [])
    #expect(chat.item("m2")?.quote == .message(sender: "ann", text: "Lunch?"))
    #expect(chat.item("m3")?.quote == .notLoaded)
    #expect(chat.item("m1")?.quote == nil)
    // What the kit reads: the quote, in the message model.
    #expect(MessageModel(of: try #require(chat.item("m2")))?.quote == .message(sender: "ann", text: "Lunch?"))
  }

  @Test func editingOrDeletingTheQuotedMessageReloadsOnlyItsReplies() {
    let chat = Recorder()
    chat.feed(
      #"{"op":"insert","item":{"id":"m1","type":"text","sender":"ann","text":"Lunch?"}}"#,
      #"{"op":"insert","item":{"id":"m2","type":"text","sender":"bob","replyTo":"m1","text":"Yes"}}"#,
      #"{"op":"insert","item":{"id":"m3","type":"text","sender":"eve","text":"Me too"}}"#,
      #"{"op":"insert","item":{"id":"m4","type":"text","sender":"eve","replyTo":"m1","text":"Where?"}}"#)
    chat.edits = []
    chat.feed(
      #"{"op":"update","item":{"id":"m1","type":"text","sender":"ann","text":"Lunch at 1?","edited":true}}"#)
    #expect(Set(chat.edits) == ["replace m1 at 0", "replace m2 at 1", "replace m4 at 3"])
    #expect(chat.edits.first == "replace m1 at 0")
    #expect(chat.item("m4")?.quote == .message(sender: "ann", text: "Lunch at 1?"))

    chat.edits = []
    chat.feed(#"{"op":"update","item":{"id":"m1","type":"text","sender":"ann","deleted":true}}"#)
    #expect(Set(chat.edits) == ["replace m1 at 0", "replace m2 at 1", "replace m4 at 3"])
    #expect(chat.item("m2")?.quote == .deleted)

    chat.edits = []
    chat.feed(#"{"op":"delete","id":"m1"}"#)
    #expect(chat.edits.first == "remove 0..<1")
    #expect(Set(chat.edits) == ["remove 0..<1", "replace m2 at 0", "replace m4 at 2"])
    #expect(chat.item("m2")?.quote == .notLoaded)

    // A status change does not touch what a quote shows: no reply is reloaded.
    chat.feed(#"{"op":"insert","item":{"id":"m5","type":"text","sender":"eve","replyTo":"m3","text":"?"}}"#)
    chat.edits = []
    chat.feed(#"{"op":"status","id":"m3","status":"read"}"#)
    #expect(chat.edits == ["replace m3 at 1"])
    #expect(chat.fullUpdates == 0)
  }

  @Test func aPageOfHistoryResolvesTheRepliesWaitingForIt() {
    let chat = Recorder()
    chat.feed(
      #"{"op":"insert","item":{"id":"m1","type":"text","sender":"bob","replyTo":"h2","text":"As I said"}}"#)
    #expect(chat.item("m1")?.quote == .notLoaded)
    chat.edits = []
    chat.feed(
      #"{"op":"prepend","items":[{"id":"h1","type":"text","sender":"ann","text":"Noon"},{"id":"h2","type":"text","sender":"bob","replyTo":"h1","text":"River"}]}"#
    )
    #expect(chat.edits == ["insert h1,h2 at 0", "replace m1 at 2"])
    #expect(chat.item("m1")?.quote == .message(sender: "bob", text: "River"))
    // Inside the page too.
    #expect(chat.item("h2")?.quote == .message(sender: "ann", text: "Noon"))
  }

  @Test func theReplyIndexFollowsTheRepliesThereAre() {
    let chat = Recorder()
    chat.feed(#"{"op":"insert","item":{"id":"m1","type":"text","text":"a"}}"#)
    for index in 0..<100 {
      chat.feed(#"{"op":"insert","item":{"id":"r\#(index)","type":"text","replyTo":"m\#(index % 3)"}}"#)
    }
    #expect(chat.transcript.replyAndReactionStorage.quotedIDs == 3)
    chat.feed(#"{"op":"update","item":{"id":"r0","type":"text","replyTo":"m1"}}"#)
    for index in 1..<100 { chat.feed(#"{"op":"update","item":{"id":"r\#(index)","type":"text"}}"#) }
    #expect(chat.transcript.replyAndReactionStorage.quotedIDs == 1)
    chat.feed(#"{"op":"delete","id":"r0"}"#)
    #expect(chat.transcript.replyAndReactionStorage.quotedIDs == 0)
  }

  @Test func eachSenderCountsOncePerReactionOnTopOfTheGivenCounts() {
    let chat = Recorder()
    chat.feed(#"{"op":"insert","item":{"id":"m1","type":"text","text":"Lunch?","reactions":{"👍":2,"🙏":0}}}"#)
    chat.edits = []
    let diagnostics = chat.feed(
      #"{"op":"react","id":"m1","sender":"bob","reaction":"👍"}"#,
      #"{"op":"react","id":"m1","sender":"bob","reaction":"👍","active":true}"#,
      #"{"op":"react","id":"m1","sender":"caf\u00e9","reaction":"❤️"}"#,
      #"{"op":"react","id":"m1","sender":"cafe\u0301","reaction":"❤️"}"#,
      #"{"op":"react","id":"m1","sender":"zoe","reaction":"❤️","active":false}"#)
    #expect(diagnostics == [])
    // Giving again and taking back what was not given change nothing: three edits, one row each.
    #expect(chat.edits == ["replace m1 at 0", "replace m1 at 0", "replace m1 at 0"])
    #expect(
      chat.item("m1")?.reactions == [
        MessageReaction(reaction: "👍", count: 3), MessageReaction(reaction: "🙏", count: 0),
        MessageReaction(reaction: "❤️", count: 2),
      ])
    // An update replaces the given counts; the senders' reactions stay.
    chat.feed(#"{"op":"update","item":{"id":"m1","type":"text","text":"Lunch at 1?","reactions":{"🎉":1}}}"#)
    #expect(
      chat.item("m1")?.reactions == [
        MessageReaction(reaction: "🎉", count: 1), MessageReaction(reaction: "👍", count: 1),
        MessageReaction(reaction: "❤️", count: 2),
      ])
    chat.feed(
      #"{"op":"react","id":"m1","sender":"bob","reaction":"👍","active":false}"#,
      #"{"op":"react","id":"m1","sender":"caf\u00e9","reaction":"❤️","active":false}"#,
      #"{"op":"react","id":"m1","sender":"cafe\u0301","reaction":"❤️","active":false}"#)
    #expect(chat.item("m1")?.reactions == [MessageReaction(reaction: "🎉", count: 1)])
    #expect(chat.transcript.replyAndReactionStorage.itemsWithReactions == 0)
  }

  @Test func reactionsToUnknownItemsOrPastTheLimitAreBadLines() {
    let chat = Recorder()
    let reactions = (0..<64).map { #""r\#($0)":1"# }.joined(separator: ",")
    chat.feed(#"{"op":"insert","item":{"id":"m1","type":"text","reactions":{\#(reactions)}}}"#)
    chat.edits = []
    let diagnostics = chat.feed(
      #"{"op":"react","id":"m9","sender":"bob","reaction":"👍"}"#,
      #"{"op":"react","id":"m1","sender":"bob","reaction":"👍"}"#,
      #"{"op":"react","id":"m1","sender":"bob","reaction":"r63"}"#,
      #"{"op":"react","id":"m1","sender":"bob"}"#)
    #expect(
      diagnostics == [
        #"chat.ndjson:1: unknown id "m9""#, #"chat.ndjson:2: item "m1" has more than 64 reactions"#,
        #"chat.ndjson:4: missing "reaction""#,
      ])
    #expect(chat.edits == ["replace m1 at 0"])
    #expect(chat.item("m1")?.reactions.last == MessageReaction(reaction: "r63", count: 2))
  }

  /// A reaction refused at the limit leaves no trace: its sender is not kept, so it does not
  /// come back when the item later has room.
  @Test func aReactionPastTheLimitIsNotKept() {
    let chat = Recorder()
    let reactions = (0..<63).map { #""r\#($0)":1"# }.joined(separator: ",")
    chat.feed(#"{"op":"insert","item":{"id":"m1","type":"text","reactions":{\#(reactions)}}}"#)
    let diagnostics = chat.feed(
      #"{"op":"react","id":"m1","sender":"bob","reaction":"x"}"#,
      #"{"op":"react","id":"m1","sender":"carol","reaction":"y"}"#,
      #"{"op":"react","id":"m1","sender":"bob","reaction":"x","active":false}"#,
      #"{"op":"react","id":"m1","sender":"dave","reaction":"z"}"#)
    #expect(diagnostics == [#"chat.ndjson:2: item "m1" has more than 64 reactions"#])
    let shown = chat.item("m1")?.reactions ?? []
    #expect(shown.count == 64)
    #expect(shown.last == MessageReaction(reaction: "z", count: 1))
    #expect(!shown.contains { $0.reaction == "y" || $0.reaction == "x" })
  }

  @Test func removingAnItemForgetsItsReactions() {
    let chat = Recorder()
    chat.feed(
      #"{"op":"insert","item":{"id":"m1","type":"text"}}"#,
      #"{"op":"react","id":"m1","sender":"bob","reaction":"👍"}"#)
    #expect(chat.transcript.replyAndReactionStorage.itemsWithReactions == 1)
    chat.feed(#"{"op":"delete","id":"m1"}"#, #"{"op":"insert","item":{"id":"m1","type":"text"}}"#)
    #expect(chat.transcript.replyAndReactionStorage.itemsWithReactions == 0)
    #expect(chat.item("m1")?.reactions == [])
  }

  /// A given count at the decoder's maximum plus a sender's reaction stays at the maximum, so
  /// the item written out again reads back.
  @Test func totalsStayWithinWhatTheDecoderReads() throws {
    let transcript = StreamTranscript()
    let maximum = StreamDecoder.maximumReactionCount
    let item = StreamItem(
      id: "m1", type: "text", text: "hi", reactions: [MessageReaction(reaction: "👍", count: maximum)])
    #expect(transcript.apply(.insert(item, position: .end)).isEmpty)
    #expect(transcript.apply(.react(id: "m1", sender: "bob", reaction: "👍", isActive: true)).isEmpty)
    let stored = try #require(transcript.chatItems.first as? StreamItem)
    #expect(stored.reactions.map(\.count) == [maximum])
    let line = StreamEncoder().encode(.insert(stored, position: .end))
    #expect((try? StreamDecoder().decode(line).get()) != nil, "\(line)")
  }
}
