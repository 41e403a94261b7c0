import ChatTranscript
import ChatTranscriptMessages
import Foundation

@testable import ChatTranscriptStreams

/// A block fed through the reader, the decoder and a fresh transcript, line by line.
struct BlockRun {
  /// The diagnostics of each line the reader delivered (empty when it applied).
  var diagnostics: [Int: [StreamDiagnostic]] = [:]
  /// Each delivered line as text.
  var lines: [Int: String] = [:]
  /// What the decoder made of each delivered line.
  var events: [Int: StreamEvent] = [:]
  var decodingErrors: [Int: StreamDecodingError] = [:]
  /// What a second transcript, fed the same events, rejected them for.
  var eventErrors: [Int: [TranscriptEventError]] = [:]
  /// The transcript after each delivered line: its ids, and its items as the encoder writes them.
  private var snapshots: [(number: Int, state: Snapshot)] = []

  struct Snapshot {
    var ids: [String] = []
    var items: [String] = []
    /// What each item shows of who read up to it (`read`), by id.
    var receipts: [String: ReadReceipt] = [:]
    /// The ids of the items the unread divider follows (`lastRead`).
    var unreadAfter: [String] = []
  }

  init(_ block: ExampleBlock) throws {
    var stream: [UInt8] = []
    for example in block.examples { stream += example.bytes + [0x0A] }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wire-format-\(UUID().uuidString).ndjson")
    try Data(stream).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let limit = block.maxLineLength ?? NDJSONLineReader.defaultMaxLineLength
    var reader = try NDJSONLineReader(path: file.path, maxLineLength: limit)
    var feeder = StreamFeeder(transcript: StreamTranscript(), source: WireFormatDocumentTests.source)
    let second = StreamTranscript()
    let decoder = StreamDecoder()
    let encoder = StreamEncoder()
    var run = self
    func takeSnapshot(after number: Int) {
      let items = feeder.transcript.chatItems
      let streamItems = items.compactMap { $0 as? StreamItem }
      let encoded = streamItems.map { encoder.object(for: $0) }
      let receipts = Dictionary(streamItems.map { ($0.id, $0.readReceipt) }) { first, _ in first }
      let unreadAfter = streamItems.filter(\.isFollowedByUnreadDivider).map(\.id)
      run.snapshots.append(
        (number, Snapshot(ids: items.map(\.id), items: encoded, receipts: receipts, unreadAfter: unreadAfter))
      )
    }
    reader.forEachLine { line, number in
      run.diagnostics[number] = feeder.feed(line, lineNumber: number)
      run.lines[number] = String(decoding: line, as: UTF8.self)
      switch decoder.decode(line) {
      case .success(let event):
        run.events[number] = event
        run.eventErrors[number] = second.apply(event)
      case .failure(let error):
        run.decodingErrors[number] = error
      }
      takeSnapshot(after: number)
    } tooLong: { number in
      let error = StreamDecodingError.lineTooLong(limit: limit)
      run.diagnostics[number] = [
        StreamDiagnostic(source: WireFormatDocumentTests.source, line: number, message: error.description)
      ]
      run.decodingErrors[number] = error
      takeSnapshot(after: number)
    }
    if let failure = reader.failure { throw failure }
    self = run
  }

  /// The transcript after the first `count` lines of the stream.
  func snapshot(after count: Int) -> Snapshot {
    snapshots.last { $0.number <= count }?.state ?? Snapshot()
  }

  /// The events of the lines that applied without a diagnostic.
  var appliedEvents: [StreamEvent] {
    events.filter { diagnostics[$0.key]?.isEmpty == true }.sorted { $0.key < $1.key }.map(\.value)
  }
}

extension StreamEvent {
  /// The items the event carries.
  var items: [StreamItem] {
    switch self {
    case .insert(let item, _), .update(let item): [item]
    case .prepend(let items): items
    case .status, .delete, .typing, .react, .read, .lastRead: []
    }
  }
}
