import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `transcript follow` on a terminal (a tmux pane), fed through a named pipe the test writes
/// to over time: the screen must always be the bottom of what `render` draws for the lines
/// written so far, redrawn in place.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the full-screen tests need it"))
struct FollowScreenTests {
  static let rows = 12
  static let width = 50

  /// On a terminal, diagnostics wait for the end; only the newest 1,000 are kept, and the
  /// note before them says how many were left out.
  @Test func keepsTheNewestThousandDiagnosticsForTheEnd() throws {
    let script = try TerminalScript()
    let stream =
      (1...1_500).map { "not json \($0)\n" }.joined()
      + FollowCommandTests.insert("m1", sender: "alice", incoming: true, text: "still here")
    try stream.write(
      to: script.directory.appendingPathComponent("bad.ndjson"), atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      width: Self.width, height: Self.rows,
      command: script.command(["follow", "--width", "\(Self.width)", "bad.ndjson"], noColor: true))
    #expect(script.waitForFile("status") == "1\n")
    let history = try session.history()
    #expect(history.contains("transcript: 500 earlier diagnostics not shown; the last 1000 follow"))
    #expect(history.contains("bad.ndjson:501: not JSON"))
    #expect(history.contains("bad.ndjson:1500: not JSON"))
    #expect(!history.contains("bad.ndjson:500: not JSON"))
  }

  @Test func redrawsInPlaceAndFollowsTheBottom() throws {
    let script = try TerminalScript()
    let fifo = script.path("stream.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let session = try TmuxSession(
      width: Self.width, height: Self.rows,
      command: script.command(["follow", "--width", "\(Self.width)", "stream.fifo"], noColor: true))
    let writer = try #require(Self.openForWriting(fifo), "follow never opened the pipe")
    defer { _ = try? writer.close() }
    var written = ""
    func send(_ lines: String) throws {
      written += lines
      try writer.write(contentsOf: Data(lines.utf8))
    }

    // Two messages; the outgoing one is still sending.
    try send(
      FollowCommandTests.insert("m1", sender: "me", incoming: false, status: "sending", text: "On my way")
        + FollowCommandTests.insert("m2", sender: "alice", incoming: true, text: "See you there"))
    try expectScreen(session, shows: written, status: " stream.fifo · 2 items", "two messages")

    // Its status changes: redrawn in place, "sending…" gone.
    try send(#"{"op":"status","id":"m1","status":"read"}"# + "\n")
    try expectScreen(session, shows: written, status: " stream.fifo · 2 items", "status change")
    #expect(try !session.screen().contains("sending…"))

    // A burst of 300: every one is counted, the screen follows the bottom.
    try send(
      (0..<300).map {
        FollowCommandTests.insert(
          "b\($0)", sender: $0 % 2 == 0 ? "ann" : "me", incoming: $0 % 2 == 0, text: "burst \($0)")
      }.joined())
    try expectScreen(session, shows: written, status: " stream.fifo · 302 items", "burst")
    #expect(try !session.screenWithAttributes().contains(";2;"), "NO_COLOR is set: no colours")

    // A bad line is counted in the status bar and listed at the end.
    try send("not json\n")
    let counted = try session.waitForScreen { $0.contains("302 items · 1 bad") }
    #expect(counted.matched, "bad line:\n\(counted.screen)")
    try writer.close()
    #expect(script.waitForFile("status") == "1\n")
    let ended = try session.screen()
    #expect(!ended.contains("following") && ended.contains("ended"), "end:\n\(ended)")
    #expect(ended.contains("stream.fifo:304: not JSON"))
  }

  /// Waits until the transcript rows of the pane are the bottom of `render` for `stream`, and
  /// the status bar starts with `status`.
  private func expectScreen(
    _ session: TmuxSession, shows stream: String, status: String, _ step: String
  ) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "follow-\(UUID().uuidString).ndjson")
    try stream.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let rendered = try GeneratedTranscript.renderedLines(of: file.path, width: Self.width)
    let viewportRows = Self.rows - 1
    let expected = PinnedDayHeading.screen(
      of: rendered, from: max(rendered.count - viewportRows, 0), rows: viewportRows)
    let result = try session.waitForScreen { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      return lines.count >= Self.rows && Array(lines.prefix(viewportRows)) == expected
        && lines[viewportRows].hasPrefix(status)
    }
    #expect(result.matched, "\(step):\n\(result.screen)")
  }

  /// Opens the named pipe for writing once `follow` has opened it for reading.
  private static func openForWriting(_ path: String, timeout: Duration = .seconds(60)) -> FileHandle? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      // Without a reader, a non-blocking open fails (ENXIO) instead of waiting forever.
      let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }
}
