import Foundation
import TestSupport
import Testing
import TranscriptGenerator

#if canImport(Glibc)
  import Glibc
#endif

/// `transcript view` in a real pseudo-terminal (tmux), compared against `render` and `layout`:
/// whatever the viewer shows must be exactly the slice of the whole rendered transcript at the
/// position the keys lead to.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the full-screen tests need it"))
struct ViewCommandTests {
  /// Rows of the pane; the last one is the status bar.
  static let rows = 20
  static var viewportRows: Int { rows - 1 }

  @Test func opensOnTheNewestPageScrollsLoadsHistoryRelayoutsAndRestores() throws {
    let fixture = try GeneratedTranscript()
    let session = try TmuxSession(
      width: 60, height: Self.rows, command: fixture.script.command(["view", fixture.stream]))
    let render60 = try fixture.renderedLines(width: 60)
    let bottom60 = render60.count - Self.viewportRows

    // The first screen: the bottom of the transcript, only the newest page laid out.
    let first = try session.waitForScreen { Self.shows(render60, from: bottom60, on: $0) }
    #expect(first.matched, "first screen:\n\(first.screen)")
    let opening = try #require(ViewStatusBar(first.screen))
    #expect(opening.loaded == 200)
    #expect(opening.total == fixture.itemCount)
    // Left: counts and position; right, in 26 columns: the layout time and the key to quit.
    let left = " 200/\(fixture.itemCount) items · at \(opening.top)"
    #expect(
      ViewStatusBar.masked(first.screen)
        == left + String(repeating: " ", count: 60 - left.count - 26) + "layout ###.# ms · q quits")
    #expect(try session.format("#{alternate_on} #{cursor_flag}") == "1 0")
    #expect(try session.screenWithAttributes().contains("48;2;"), "colours expected without NO_COLOR")

    // Scrolling up loads older pages as the top nears, keeping what the reader sees in place.
    let pageUps = 60
    try session.send(contentsOf: Array(repeating: "PageUp", count: pageUps))
    let scrolledUp = try session.waitForScreen {
      Self.shows(render60, from: bottom60 - pageUps * (Self.viewportRows - 1), on: $0)
    }
    #expect(scrolledUp.matched, "after \(pageUps) PageUp:\n\(scrolledUp.screen)")
    let paged = try #require(ViewStatusBar(scrolledUp.screen))
    #expect(paged.loaded > opening.loaded)
    #expect(paged.loaded < paged.total, "history is loaded lazily, not all at once")

    // g: the very first item, every page loaded.
    try session.send("g")
    let top = try session.waitForScreen { screen in
      Self.shows(render60, from: 0, on: screen) && ViewStatusBar(screen).map { $0.loaded == $0.total } == true
    }
    #expect(top.matched, "after g:\n\(top.screen)")
    #expect(ViewStatusBar(top.screen)?.top == 1)

    // PageDown and two arrows: 18 + 2 rows down.
    try session.send("PageDown", "Down", "Down")
    let offset = Self.viewportRows - 1 + 2
    let scrolled = try session.waitForScreen { Self.shows(render60, from: offset, on: $0) }
    #expect(scrolled.matched, "after PageDown Down Down:\n\(scrolled.screen)")

    // A wider window: laid out again at 80 columns, the top row kept where it was.
    try session.resize(width: 80, height: Self.rows)
    let render80 = try fixture.renderedLines(width: 80)
    let expected80 = try fixture.offsetAfterRelayout(
      from: offset, width: 60, to: 80, viewportRows: Self.viewportRows)
    let resized = try session.waitForScreen { Self.shows(render80, from: expected80, on: $0) }
    #expect(resized.matched, "after resizing to 80 columns:\n\(resized.screen)")

    try session.send("End")
    let end = try session.waitForScreen {
      Self.shows(render80, from: render80.count - Self.viewportRows, on: $0)
    }
    #expect(end.matched, "after End:\n\(end.screen)")

    // Home: the first item again, at the new width.
    try session.send("Home")
    let home = try session.waitForScreen { Self.shows(render80, from: 0, on: $0) }
    #expect(home.matched, "after Home:\n\(home.screen)")

    // q: the process exits 0 and the terminal is as it was.
    try session.send("q")
    #expect(fixture.script.waitForFile("status") == "0\n")
    #expect(fixture.script.waitForFile("stty-after") == fixture.script.waitForFile("stty-before"))
    #expect(try session.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test func terminationRestoresTheTerminal() throws {
    let fixture = try GeneratedTranscript()
    let session = try TmuxSession(
      width: 60, height: Self.rows, command: fixture.script.command(["view", fixture.stream]))
    let opened = try session.waitForScreen { ViewStatusBar($0) != nil }
    #expect(opened.matched)
    let pid = try #require(
      fixture.script.waitForFile("pid").flatMap { Int32($0.trimmingCharacters(in: .newlines)) })
    // Dispatch hears the signal through a signalfd, which a thread not blocking it would beat.
    for (thread, blocked) in try Self.blockedSignals(of: pid) {
      #expect(blocked.contains(SIGTERM) && blocked.contains(SIGWINCH), "thread \(thread) can take SIGTERM")
    }
    #expect(kill(pid, SIGTERM) == 0)
    #expect(fixture.script.waitForFile("status") == "143\n")
    #expect(fixture.script.waitForFile("stty-after") == fixture.script.waitForFile("stty-before"))
    #expect(try session.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  /// A newest message of form feeds used to trap the viewer at start-up and leave the terminal raw;
  /// seeded random keys and resizes after it must neither trap nor lose the terminal.
  @Test func lineBreakControlsAndRandomKeysNeitherTrapNorLeaveTheTerminalRaw() throws {
    let fixture = try GeneratedTranscript()
    let hostile =
      #"{"op":"insert","item":{"id":"v","type":"text","text":""#
      + String(repeating: "x", count: 30) + String(repeating: #"\f"#, count: 100) + "\"}}\n"
    let stream = fixture.script.path("hostile.ndjson")
    try (String(contentsOfFile: fixture.stream, encoding: .utf8) + hostile).write(
      toFile: stream, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      width: 60, height: Self.rows, command: fixture.script.command(["view", stream]))
    #expect(try session.waitForScreen { ViewStatusBar($0) != nil }.matched)
    var random = SeededRandom(seed: 3)
    let keys = ["Up", "Down", "PageUp", "PageDown", "Home", "End", "g", "G", "j", "k", "b", "Space", "C-l"]
    for _ in 0..<20 {
      try session.send(contentsOf: (0..<10).map { _ in keys[random.below(keys.count)] })
      try session.resize(width: random.int(in: 2...120), height: random.int(in: 2...40))
    }
    try session.resize(width: 60, height: Self.rows)
    #expect(try session.waitForScreen { ViewStatusBar($0) != nil }.matched)
    try session.send("q")
    #expect(fixture.script.waitForFile("status") == "0\n")
    #expect(fixture.script.waitForFile("stty-after") == fixture.script.waitForFile("stty-before"))
  }

  @Test func keysMustComeFromATerminal() throws {
    let fixture = try GeneratedTranscript()
    let session = try TmuxSession(
      width: 80, height: Self.rows,
      command: fixture.script.command(["view", fixture.stream], input: "/dev/null"))
    #expect(fixture.script.waitForFile("status") == "2\n")
    #expect(try session.screen().contains("transcript view: standard input is not a terminal"))
  }

  /// The signals each thread of process `pid` blocks, by thread id, from `/proc` (Linux's
  /// `SigBlk` mask: bit `n - 1` is signal `n`).
  static func blockedSignals(of pid: Int32) throws -> [(thread: String, signals: Set<Int32>)] {
    let tasks = "/proc/\(pid)/task"
    return try FileManager.default.contentsOfDirectory(atPath: tasks).sorted().map { thread in
      let status = try String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8)
      let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
      let hex = line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces)
      let mask = try #require(UInt64(hex, radix: 16))
      return (thread, Set((1...64).filter { mask >> ($0 - 1) & 1 == 1 }.map(Int32.init)))
    }
  }

  /// Whether the transcript rows of `screen` are `lines[offset ..< offset + viewportRows]`, the
  /// top one showing the day it is in (see ``PinnedDayHeading``).
  static func shows(_ lines: [String], from offset: Int, on screen: String) -> Bool {
    let screenLines = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(viewportRows)
    guard screenLines.count == viewportRows, offset >= 0 else { return false }
    return screenLines.map(String.init)
      == PinnedDayHeading.screen(of: lines, from: offset, rows: viewportRows)
  }
}

/// What `transcript view` refuses without a terminal (no tmux needed).
@Suite struct ViewCommandUsageTests {
  @Test(arguments: [
    (
      ["view", "Samples/Data/conversation.ndjson"],
      "transcript view: standard output is not a terminal (to print a transcript, use 'transcript render')"
    ),
    (["view", "--theme", "neon"], "transcript view: --theme must be one of compact, roomy, not \"neon\""),
    (["view", "a", "b"], "transcript view: expected at most one input file"),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix(message + "\n"))
    #expect(result.standardOutput == "")
  }
}
