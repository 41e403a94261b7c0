import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import Testing

/// Receipt rows and the unread divider as a controller shows a `StreamTranscript`: readers
/// arriving reload the rows they change and nothing else, a crowd is one row, and names from
/// the stream are drawn, never obeyed.
@Suite struct ReadReceiptRowsTests {
  /// A stream transcript of `count` incoming messages `m1`… behind a controller.
  static func session(messages count: Int, width: Double = 50) -> (StreamTranscript, ChatTranscriptController)
  {
    let transcript = StreamTranscript()
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: 30))
    controller.dataSource = transcript
    for number in 1...count {
      let item = StreamItem(
        id: "m\(number)", type: "text", sender: number % 2 == 0 ? "ann" : "bob", isIncoming: true,
        text: "message \(number)")
      transcript.apply(.insert(item, position: .end))
    }
    controller.applyPendingUpdates()
    return (transcript, controller)
  }

  /// The message's own row shows nothing of its readers: a reader joining reloads the receipt
  /// row only, and the message keeps its presenter and height.
  @Test func aReaderJoiningReloadsOnlyTheReceiptRow() throws {
    let (transcript, controller) = Self.session(messages: 3)
    transcript.apply(.read(sender: "bob", upTo: "m2"))
    controller.applyPendingUpdates()
    let row = try #require(controller.row(ofItemWithID: "m2"))
    let presenter = controller.presenter(atRow: row)
    var updates: [TranscriptUpdate] = []
    let observation = controller.addUpdateObserver { updates.append($0) }
    transcript.apply(.read(sender: "yuki", upTo: "m2"))
    controller.applyPendingUpdates()
    let update = try #require(updates.last)
    #expect(update.updatedRows == [RowID(id: "m2/seen", isInjected: true)])
    #expect(controller.presenter(atRow: row) === presenter)
    #expect(PlainTextRenderer().render(controller.collectionView).contains("seen by bob, yuki"))
    withExtendedLifetime(observation) {}
  }

  @Test func aCrowdIsOneRow() throws {
    let (transcript, controller) = Self.session(messages: 2)
    for index in 0..<10_000 { transcript.apply(.read(sender: "r\(index)", upTo: "m2")) }
    controller.applyPendingUpdates()
    let rows = controller.rowFrames.filter { $0.isInjected && $0.id == "m2/seen" }
    #expect(rows.map(\.frame.height) == [1])
    #expect(
      PlainTextRenderer().render(controller.collectionView).contains("seen by r0, r1, r2 and 9997 others"))
  }

  /// Reader names come from the stream: controls and escape sequences in them are drawn as
  /// visible symbols, as in message text.
  @Test func readerNamesAreShownNotObeyed() {
    let (transcript, controller) = Self.session(messages: 1, width: 60)
    transcript.apply(.read(sender: "\u{1B}[2J\u{202E}eve", upTo: "m1"))
    controller.applyPendingUpdates()
    let drawing = PlainTextRenderer().render(controller.collectionView)
    #expect(!drawing.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(drawing.contains("seen by ␛[2J"))
  }

  /// However the mark moves and the transcript changes, one divider at most is drawn.
  @Test func thereIsOnlyEverOneDivider() {
    let (transcript, controller) = Self.session(messages: 6)
    let events: [StreamEvent] = [
      .lastRead(id: "m2"), .lastRead(id: "m4"), .delete(id: "m4"), .lastRead(id: "m5"),
      .insert(StreamItem(id: "m7", type: "text", sender: "ann", text: "new"), position: .end),
    ]
    for event in events {
      transcript.apply(event)
      controller.applyPendingUpdates()
      let dividers = controller.rowFrames.filter { $0.isInjected && $0.id.hasSuffix("/unread") }.map(\.id)
      #expect(dividers.count <= 1, "\(event): \(dividers)")
    }
    #expect(
      controller.rowFrames.filter { $0.isInjected && $0.id.hasSuffix("/unread") }.map(\.id) == ["m5/unread"])
  }
}
