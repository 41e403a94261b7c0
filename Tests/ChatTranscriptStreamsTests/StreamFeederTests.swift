import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Foundation
import Synchronization
import Testing
import TranscriptGenerator

@Suite struct StreamFeederTests {
  /// A line longer than the reader's limit is one diagnostic, in line order with the others,
  /// across batches; the lines around it still apply.
  @Test func reportsLinesLongerThanTheLimitInOrder() throws {
    let lines = [
      #"{"op":"insert","item":{"id":"a","type":"text"}}"#,
      #"{"op":"insert","item":{"id":"b","type":"text","text":"\#(String(repeating: "x", count: 100))"}}"#,
      #"{"op":"delete","id":"nobody"}"#,
      String(repeating: "@", count: 10_000),
      #"{"op":"insert","item":{"id":"c","type":"text"}}"#,
    ]
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feeder-\(UUID()).ndjson").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }

    var reader = try NDJSONLineReader(path: path, chunkSize: 16, maxLineLength: 64)
    let transcript = StreamTranscript()
    var feeder = StreamFeeder(transcript: transcript, source: "chat.ndjson")
    var diagnostics: [String] = []
    try feeder.feedAll(from: &reader, batchSize: 2) { diagnostics.append($0.description) }
    #expect(
      diagnostics == [
        "chat.ndjson:2: line longer than 64 bytes", #"chat.ndjson:3: unknown id "nobody""#,
        "chat.ndjson:4: line longer than 64 bytes",
      ])
    #expect(transcript.chatItems.map(\.id) == ["a", "c"])
    #expect(feeder.appliedCount == 2)
    #expect(feeder.rejectedCount == 3)
  }

  /// A batch is read into the buffers of the one applied two batches before: nothing of that
  /// one's lines may stay, such as which of them were too long.
  @Test func aBatchReadIntoSpentBuffersKeepsNothingOfTheirLines() throws {
    let insert = { (id: String) in #"{"op":"insert","item":{"id":"\#(id)","type":"text"}}"# }
    let lines =
      [insert("a"), String(repeating: "@", count: 100), insert("b"), insert("c")]
      + (0..<8).map { insert("d\($0)") }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feeder-\(UUID()).ndjson").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }

    var reader = try NDJSONLineReader(path: path, maxLineLength: 64)
    let transcript = StreamTranscript()
    var feeder = StreamFeeder(transcript: transcript, source: "chat.ndjson")
    var diagnostics: [String] = []
    try feeder.feedAll(from: &reader, batchSize: 2) { diagnostics.append($0.description) }
    #expect(diagnostics == ["chat.ndjson:2: line longer than 64 bytes"])
    #expect(transcript.chatItems.map(\.id) == ["a", "b", "c"] + (0..<8).map { "d\($0)" })
  }

  /// Events read ahead are prepared on the reading thread while the batch before them is
  /// still being applied: here the applier waits, after the first batch, until the whole
  /// second batch has been prepared.
  @Test func preparesEventsReadAheadWhileTheBatchBeforeApplies() throws {
    let stream = try Self.insertStream(count: 60)
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let prepared = PreparedEvents()
    var waits = 0
    let transcript = try Self.feed(stream, batchSize: 10) {
      waits += 1
      if waits == 1 { prepared.wait(forCount: 10) }
    } prepare: {
      prepared.add($0)
    }
    #expect(Array(prepared.ids.prefix(10)) == (10..<20).map { "m\($0)" })
    #expect(Set(prepared.ids).count == prepared.ids.count, "no event is prepared twice")
    #expect(transcript.chatItems.map(\.id) == (0..<60).map { "m\($0)" })
  }

  /// Preparing stops as soon as the batch before is applied, so it only fills time the
  /// reading thread would spend waiting: with a slow preparation and a fast applier, at most
  /// the event in hand when the applier finishes is prepared per batch, far from all.
  @Test func stopsPreparingWhenTheBatchBeforeIsApplied() throws {
    let stream = try Self.insertStream(count: 600)
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let prepared = PreparedEvents()
    let transcript = try Self.feed(stream, batchSize: 10) {
    } prepare: { event in
      prepared.add(event)
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(prepared.ids.count < 300, "\(prepared.ids.count) of 600 prepared")
    #expect(Set(prepared.ids).count == prepared.ids.count)
    let plain = try Self.feed(stream, batchSize: 10, afterBatch: {}, prepare: nil)
    #expect(
      transcript.chatItems.compactMap { $0 as? StreamItem }
        == plain.chatItems.compactMap { $0 as? StreamItem })
  }

  /// A file of `count` text inserts, `m0`, `m1`, …
  private static func insertStream(count: Int) throws -> String {
    let lines = (0..<count).map {
      #"{"op":"insert","item":{"id":"m\#($0)","type":"text","text":"hi \#($0)"}}"#
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feeder-\(UUID()).ndjson").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private static func feed(
    _ path: String, batchSize: Int, afterBatch: () -> Void, prepare: (@Sendable (StreamEvent) -> Void)?
  ) throws -> StreamTranscript {
    var reader = try NDJSONLineReader(path: path)
    let transcript = StreamTranscript()
    var feeder = StreamFeeder(transcript: transcript, source: "chat.ndjson")
    try feeder.feedAll(
      from: &reader, batchSize: batchSize, afterBatch: afterBatch, prepareWhileWaiting: prepare
    ) {
      Issue.record("unexpected diagnostic \($0)")
    }
    return transcript
  }
}

/// The ids of the inserts a feeder prepared, in order, from whichever thread prepared them.
private final class PreparedEvents: Sendable {
  private let state = Mutex<[String]>([])

  var ids: [String] { state.withLock { $0 } }

  func add(_ event: StreamEvent) {
    guard case .insert(let item, _) = event else { return }
    state.withLock { $0.append(item.id) }
  }

  /// Waits until `count` events are prepared, or ten seconds.
  func wait(forCount count: Int) {
    let deadline = ContinuousClock.now + .seconds(10)
    while ids.count < count, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
  }
}

/// A transcript nobody listens to (a CLI loading a file) skips building its edits; one that
/// reserved room for its ids skips growing the index. Neither may change what it holds.
@Suite struct UnobservedTranscriptTests {
  @Test(arguments: [UInt64(3), 11])
  func holdsWhatAnObservedOneHolds(seed: UInt64) {
    let observed = StreamTranscript()
    let mirror = EditMirror()
    observed.delegate = mirror
    let unobserved = StreamTranscript()
    unobserved.reserveCapacity(2_000)
    var events = 0
    for event in SyntheticTranscript(count: 6_000, seed: seed) {
      #expect(observed.apply(event).map(\.description) == unobserved.apply(event).map(\.description))
      events += 1
      if events % 250 == 0 {
        #expect(Self.staleQuotes(in: unobserved).isEmpty, "seed \(seed) event \(events)")
      }
    }
    let items = unobserved.chatItems.compactMap { $0 as? StreamItem }
    #expect(events == 6_000 && items.count > 2_000)
    #expect(items == observed.chatItems.compactMap { $0 as? StreamItem }, "seed \(seed)")
    #expect(mirror.items == items, "seed \(seed)")
    #expect(items.filter { $0.quote != nil }.count > 100)
    #expect(items.allSatisfy { unobserved.index(ofID: $0.id) == items.firstIndex(of: $0) })
  }

  /// Deleting and bringing back quoted messages, replies first: every reply shows its quoted
  /// message as it is now, whichever path inserted it.
  @Test func repliesFollowTheirMessageComingAndGoing() {
    let transcript = StreamTranscript()
    func item(_ id: String, replyTo: String? = nil, text: String = "hi") -> StreamItem {
      var item = StreamItem(id: id, type: "text", text: text)
      item.replyTo = replyTo
      return item
    }
    let steps: [StreamEvent] = [
      .insert(item("r1", replyTo: "m1"), position: .end),
      .insert(item("m0"), position: .end),
      .prepend([item("m1", text: "first"), item("r2", replyTo: "m1")]),
      .delete(id: "m1"),
      .insert(item("m1", text: "again"), position: .end),
      .insert(item("r3", replyTo: "r3"), position: .end),
      .delete(id: "r3"),
      .insert(item("r4", replyTo: "gone"), position: .end),
      .delete(id: "r4"),
      .insert(item("gone", text: "late"), position: .end),
    ]
    for (number, step) in steps.enumerated() {
      #expect(transcript.apply(step).isEmpty, "step \(number)")
      #expect(Self.staleQuotes(in: transcript).isEmpty, "step \(number)")
    }
    let quotes = transcript.chatItems.compactMap { ($0 as? StreamItem)?.quote }
    #expect(quotes == [.message(sender: "", text: "again"), .message(sender: "", text: "again")])
  }

  /// Replies whose quote is not what their quoted message shows now.
  static func staleQuotes(in transcript: StreamTranscript) -> [String] {
    let items = transcript.chatItems.compactMap { $0 as? StreamItem }
    return items.compactMap { reply in
      guard let quoted = reply.replyTo else { return nil }
      let expected: MessageQuote
      if let message = transcript.item(withID: quoted) as? StreamItem {
        expected =
          message.isDeleted == true
          ? .deleted
          : .message(sender: message.sender ?? "", text: message.text ?? message.caption ?? message.type)
      } else {
        expected = .notLoaded
      }
      return reply.quote == expected ? nil : reply.id
    }
  }
}

/// Applies the exact edits a data source reports to a list of its own (the typing row too).
private final class EditMirror: ChatDataSourceDelegate {
  var all: [any ChatItem] = []
  var items: [StreamItem] { all.compactMap { $0 as? StreamItem } }

  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
    all = dataSource.chatItems
  }

  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    for change in changes {
      switch change {
      case .insert(let new, let index): all.insert(contentsOf: new, at: index)
      case .remove(let range): all.removeSubrange(range)
      case .replace(let item, let index): all[index] = item
      }
    }
  }
}
