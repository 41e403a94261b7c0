import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `transcript view` in a real pseudo-terminal (tmux), compared against `render` and `layout`:
/// whatever the viewer shows must be exactly the slice of the whole rendered transcript at the
/// position the keys lead to.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the full-screen tests need it"))
struct ViewCommandTests {
  static let transcript = CommandRunner.productsDirectory.appendingPathComponent("transcript").path
  /// Rows of the pane; the last one is the status bar.
  static let rows = 20
  static var viewportRows: Int { rows - 1 }

  @Test func opensOnTheNewestPageScrollsLoadsHistoryRelayoutsAndRestores() throws {
    let fixture = try Fixture()
    let session = try TmuxSession(width: 60, height: Self.rows, command: fixture.script(["view", fixture.stream]))
    let render60 = try fixture.renderedLines(width: 60)
    let bottom60 = render60.count - Self.viewportRows

    // The first screen: the bottom of the transcript, only the newest page laid out.
    let first = try session.waitForScreen { Self.shows(render60, from: bottom60, on: $0) }
    #expect(first.matched, "first screen:\n\(first.screen)")
    let opening = try #require(Status(first.screen))
    #expect(opening.loaded == 200)
    #expect(opening.total == fixture.itemCount)
    // Left: counts and position; right, in 26 columns: the layout time and the key to quit.
    let left = " 200/\(fixture.itemCount) items · at \(opening.top)"
    #expect(
      Status.masked(first.screen)
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
    let paged = try #require(Status(scrolledUp.screen))
    #expect(paged.loaded > opening.loaded)
    #expect(paged.loaded < paged.total, "history is loaded lazily, not all at once")

    // g: the very first item, every page loaded.
    try session.send("g")
    let top = try session.waitForScreen { screen in
      Self.shows(render60, from: 0, on: screen) && Status(screen).map { $0.loaded == $0.total } == true
    }
    #expect(top.matched, "after g:\n\(top.screen)")
    #expect(Status(top.screen)?.top == 1)

    // PageDown and two arrows: 18 + 2 rows down.
    try session.send("PageDown", "Down", "Down")
    let offset = Self.viewportRows - 1 + 2
    let scrolled = try session.waitForScreen { Self.shows(render60, from: offset, on: $0) }
    #expect(scrolled.matched, "after PageDown Down Down:\n\(scrolled.screen)")

    // A wider window: laid out again at 80 columns, the top row kept where it was.
    try session.resize(width: 80, height: Self.rows)
    let render80 = try fixture.renderedLines(width: 80)
    let expected80 = try fixture.offsetAfterRelayout(from: offset, width: 60, to: 80)
    let resized = try session.waitForScreen { Self.shows(render80, from: expected80, on: $0) }
    #expect(resized.matched, "after resizing to 80 columns:\n\(resized.screen)")

    try session.send("End")
    let end = try session.waitForScreen { Self.shows(render80, from: render80.count - Self.viewportRows, on: $0) }
    #expect(end.matched, "after End:\n\(end.screen)")

    // q: the process exits 0 and the terminal is as it was.
    try session.send("q")
    #expect(fixture.waitForFile("status") == "0\n")
    #expect(fixture.waitForFile("stty-after") == fixture.waitForFile("stty-before"))
    #expect(try session.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test func terminationRestoresTheTerminal() throws {
    let fixture = try Fixture()
    let session = try TmuxSession(width: 60, height: Self.rows, command: fixture.script(["view", fixture.stream]))
    let opened = try session.waitForScreen { Status($0) != nil }
    #expect(opened.matched)
    let pid = try #require(fixture.waitForFile("pid").flatMap { Int32($0.trimmingCharacters(in: .newlines)) })
    #expect(kill(pid, SIGTERM) == 0)
    #expect(fixture.waitForFile("status") == "143\n")
    #expect(fixture.waitForFile("stty-after") == fixture.waitForFile("stty-before"))
    #expect(try session.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test func keysMustComeFromATerminal() throws {
    let fixture = try Fixture()
    let session = try TmuxSession(
      width: 80, height: Self.rows, command: fixture.script(["view", fixture.stream], input: "/dev/null"))
    #expect(fixture.waitForFile("status") == "2\n")
    #expect(try session.screen().contains("transcript view: standard input is not a terminal"))
  }

  /// Whether the transcript rows of `screen` are `lines[offset ..< offset + viewportRows]`.
  static func shows(_ lines: [String], from offset: Int, on screen: String) -> Bool {
    let screenLines = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(viewportRows)
    guard screenLines.count == viewportRows, offset >= 0 else { return false }
    for row in 0..<viewportRows {
      let expected = offset + row < lines.count ? lines[offset + row] : ""
      if screenLines[screenLines.startIndex + row] != expected { return false }
    }
    return true
  }
}

/// What the status bar of `transcript view` says: ` LOADED/TOTAL items · at TOP … layout MS ms …`.
struct Status {
  var loaded: Int
  var total: Int
  var top: Int

  /// Reads the status bar, the last non-empty row of `screen`.
  init?(_ screen: String) {
    guard let line = screen.split(separator: "\n").last,
      let match = line.firstMatch(of: /^ (\d+)\/(\d+) items · at (\d+) +layout +\d+\.\d ms ·/),
      let loaded = Int(match.1), let total = Int(match.2), let top = Int(match.3)
    else { return nil }
    (self.loaded, self.total, self.top) = (loaded, total, top)
  }

  /// The status bar with the layout time (which varies run to run) masked.
  static func masked(_ screen: String) -> String {
    let line = screen.split(separator: "\n").last.map(String.init) ?? ""
    return line.replacing(/layout +\d+\.\d ms/, with: "layout ###.# ms")
  }
}

/// A generated transcript in a temporary folder, and what `render` and `layout` make of it.
struct Fixture {
  let directory: URL
  /// The stream's path.
  let stream: String
  /// Items in the final transcript.
  let itemCount: Int

  /// 3,000 generated events (15 pages of history), English, with every non-ASCII character but
  /// the dash removed: tmux's widths for emoji sequences (flags, skin tones, families) differ
  /// from the engine's grapheme clusters, and the screens must not depend on the tmux version.
  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "view-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let generated = try CommandRunner.run(
      "transcript", ["generate", "--count", "3000", "--seed", "3", "--language", "english"])
    var text = String.UnicodeScalarView()
    for scalar in generated.standardOutput.unicodeScalars where scalar.isASCII || scalar == "—" {
      text.append(scalar)
    }
    let url = directory.appendingPathComponent("stream.ndjson")
    try String(text).write(to: url, atomically: true, encoding: .utf8)
    stream = url.path
    let layout = try CommandRunner.run("transcript", ["layout", "--width", "60", stream])
    // Rows the decorator injected have ids with a slash (`m1/day`, `m2/status`).
    itemCount = layout.standardOutput.split(separator: "\n").count { !$0.prefix { $0 != "\t" }.contains("/") }
  }

  /// A shell script for tmux: runs `transcript` with `arguments` (standard input from `input`,
  /// if given), leaving `pid`, `status`, `stty-before` and `stty-after` in the folder.
  func script(_ arguments: [String], input: String? = nil) throws -> String {
    let command = ([ViewCommandTests.transcript] + arguments).map(Self.quoted).joined(separator: " ")
    let redirect = input.map { " < " + Self.quoted($0) } ?? ""
    let script = """
      unset NO_COLOR
      cd \(Self.quoted(directory.path))
      stty -g > stty-before
      sh -c 'echo $$ > pid; exec "$@"' sh \(command)\(redirect)
      echo $? > status
      stty -g > stty-after

      """
    let url = directory.appendingPathComponent("run.sh")
    try script.write(to: url, atomically: true, encoding: .utf8)
    return "sh " + Self.quoted(url.path)
  }

  /// `render --format plain` of the stream at `width`, one entry per row of the transcript.
  func renderedLines(width: Int) throws -> [String] {
    let result = try CommandRunner.run("transcript", ["render", "--width", "\(width)", "--format", "plain", stream])
    return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Where the viewport starts after a relayout from `oldWidth` to `newWidth` when it started
  /// at `offset`: the row at the top keeps its place, and so does the distance into it.
  func offsetAfterRelayout(from offset: Int, width oldWidth: Int, to newWidth: Int) throws -> Int {
    let old = try rows(width: oldWidth)
    let new = try rows(width: newWidth)
    let contentHeight = try renderedLines(width: newWidth).count
    guard let index = old.lastIndex(where: { $0.y <= offset }), index < new.count else { return 0 }
    let extent = (index + 1 < new.count ? new[index + 1].y : contentHeight) - new[index].y
    return min(new[index].y + min(offset - old[index].y, extent), contentHeight - ViewCommandTests.viewportRows)
  }

  /// `layout` of the stream: every row's y and height.
  private func rows(width: Int) throws -> [(id: String, y: Int, height: Int)] {
    let result = try CommandRunner.run("transcript", ["layout", "--width", "\(width)", stream])
    return result.standardOutput.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t")
      guard fields.count == 3, let y = Int(fields[1]), let height = Int(fields[2]) else { return nil }
      return (String(fields[0]), y, height)
    }
  }

  /// Waits until the file `name`, which the script writes, exists and is not empty.
  func waitForFile(_ name: String, timeout: Duration = .seconds(60)) -> String? {
    let url = directory.appendingPathComponent(name)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  /// `text` in single quotes for `sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: #"'\''"#) + "'"
  }
}
