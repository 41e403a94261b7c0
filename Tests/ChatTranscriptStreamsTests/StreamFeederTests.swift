import ChatTranscript
import ChatTranscriptStreams
import Foundation
import Testing

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
}
