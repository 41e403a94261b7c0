import ChatTranscriptStreams
import Testing

@testable import transcript

/// What `follow` keeps of its diagnostics for the end, on a terminal: the newest, and a count of
/// the others.
@Suite struct RecentDiagnosticsTests {
  static func diagnostic(_ line: Int) -> StreamDiagnostic {
    StreamDiagnostic(source: "chat.ndjson", line: line, message: "not JSON")
  }

  @Test func keepsEverythingUpToItsCapacity() {
    var recent = RecentDiagnostics(capacity: 3)
    for line in 1...3 { recent.append(Self.diagnostic(line)) }
    #expect(recent.droppedCount == 0)
    #expect(
      recent.lines == ["chat.ndjson:1: not JSON", "chat.ndjson:2: not JSON", "chat.ndjson:3: not JSON"])
  }

  /// Whatever the count, the newest `capacity` are kept and the note counts the rest.
  @Test(arguments: [4, 5, 6, 7, 1_000])
  func keepsTheNewestAndCountsTheRest(count: Int) {
    var recent = RecentDiagnostics(capacity: 3)
    for line in 1...count { recent.append(Self.diagnostic(line)) }
    #expect(recent.droppedCount == count - 3)
    #expect(
      recent.lines == [
        "transcript: \(count - 3) earlier diagnostics not shown; the last 3 follow",
        "chat.ndjson:\(count - 2): not JSON", "chat.ndjson:\(count - 1): not JSON",
        "chat.ndjson:\(count): not JSON",
      ])
  }

  /// A million diagnostics, with the default capacity of `follow`.
  @Test func keepsAThousandOfAMillion() {
    var recent = RecentDiagnostics(capacity: Follower.deferredDiagnosticLimit)
    for line in 1...1_000_000 { recent.append(Self.diagnostic(line)) }
    #expect(recent.droppedCount == 999_000)
    #expect(recent.lines.count == 1_001)
  }
}
