import Foundation
import TestSupport
import Testing

@Suite struct FollowCommandTests {
  /// One NDJSON line inserting a text item.
  static func insert(_ id: String, sender: String, incoming: Bool, status: String? = nil, text: String)
    -> String
  {
    let status = status.map { #","status":"\#($0)""# } ?? ""
    return
      #"{"op":"insert","item":{"id":"\#(id)","type":"text","sender":"\#(sender)","incoming":\#(incoming),"#
      + #""date":"2026-11-21T10:00:00Z"\#(status),"text":"\#(text)"}}"# + "\n"
  }

  /// Events written over time to a pipe that stays open: each step waits until the command has
  /// shown the previous one, so every step is a burst of its own and the output is exact.
  @Test func showsEachChangeAsItArrives() throws {
    let command = try RunningCommand("transcript", ["follow", "--width", "50", "-"])
    let steps: [(lines: String, shown: (String, String) -> Bool)] = [
      (
        Self.insert("m1", sender: "alice", incoming: true, text: "Hello from the backend"),
        { output, _ in output.contains("Hello from the backend") }
      ),
      (
        Self.insert("m2", sender: "me", incoming: false, status: "sending", text: "On my way"),
        { output, _ in output.contains("sending…") }
      ),
      (
        #"{"op":"status","id":"m2","status":"delivered"}"# + "\n",
        { output, _ in output.contains("~ updated m2") }
      ),
      (
        #"{"op":"update","item":{"id":"m1","type":"text","sender":"alice","incoming":true,"#
          + #""date":"2026-11-21T10:00:00Z","text":"Hello from the edited backend"}}"# + "\nnot json\n",
        { output, error in output.contains("edited backend") && error.contains("not JSON") }
      ),
      (#"{"op":"delete","id":"m2"}"# + "\n", { output, _ in output.contains("- deleted m2") }),
      (
        #"{"op":"status","id":"ghost","status":"read"}"# + "\n"
          + #"{"op":"typing","sender":"bob","active":true}"# + "\n",
        { output, error in output.contains("bob is typing") && error.contains("ghost") }
      ),
    ]
    for (number, step) in steps.enumerated() {
      try command.write(step.lines)
      let shown = command.waitFor(step.shown)
      #expect(shown, "step \(number + 1) not shown; output so far:\n\(command.standardOutput)")
      guard shown else { break }
    }
    try command.closeInput()
    let result = command.waitForExit()

    #expect(result.status == 1)
    #expect(
      result.standardError == """
        <stdin>:5: not JSON: unexpected character 'o' at column 2
        <stdin>:7: unknown id "ghost"

        """)
    #expect(result.standardOutput == GoldenFile.expected("follow-50.txt", actual: result.standardOutput))
  }

  /// Changes to rows in the middle of a long transcript (a reaction, an edit, a receipt row
  /// appearing under an old message) are found and drawn, each row once.
  @Test func changesFarFromBothEndsAreDrawn() throws {
    let lines = (0..<300).map { index in
      Self.insert(
        "m\(index)", sender: index % 2 == 0 ? "ann" : "me", incoming: index % 2 == 0, text: "line \(index)")
    }
    let command = try RunningCommand("transcript", ["follow", "--width", "50", "-"])
    try command.write(lines.joined())
    #expect(command.waitFor { output, _ in output.contains("line 299") })
    try command.write(
      #"{"op":"react","id":"m120","sender":"bob","reaction":"👍"}"# + "\n"
        + #"{"op":"update","item":{"id":"m151","type":"text","sender":"me","incoming":false,"#
        + #""date":"2026-11-21T10:00:00Z","text":"line 151, edited"}}"# + "\n"
        + #"{"op":"read","sender":"bob","upTo":"m181"}"# + "\n")
    #expect(command.waitFor { output, _ in output.contains("seen by bob") })
    try command.closeInput()
    let result = command.waitForExit()

    #expect(result.status == 0)
    let later = result.standardOutput.components(separatedBy: "line 299").last ?? ""
    #expect(later.components(separatedBy: "~ updated m120\n").count == 2)
    #expect(later.components(separatedBy: "~ updated m151\n").count == 2)
    #expect(later.contains("👍 1"))
    #expect(later.contains("line 151, edited"))
    #expect(later.components(separatedBy: "seen by bob").count == 2)
  }

  /// A thousand lines written at once: however they are grouped into bursts, every one shows.
  @Test func aBurstLosesNothing() throws {
    let count = 1_000
    let lines = (0..<count).map { index in
      Self.insert(
        "b\(index)", sender: index % 2 == 0 ? "ann" : "me", incoming: index % 2 == 0,
        text: "burst \(String(1_000_000 + index).dropFirst())")
    }
    let command = try RunningCommand("transcript", ["follow", "--width", "50", "-"])
    try command.write(lines.joined())
    try command.closeInput()
    let result = command.waitForExit()

    #expect(result.status == 0)
    #expect(result.standardError == "")
    var seen: [String: Int] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      guard let range = line.range(of: #"burst \d{6}"#, options: .regularExpression) else { continue }
      seen[String(line[range]), default: 0] += 1
    }
    #expect(seen.count == count)
    #expect(seen.values.allSatisfy { $0 == 1 })
    #expect(!result.standardOutput.contains("~ updated"))
  }

  /// An edit that changes an item's type (a text becoming a photo) takes its row out and puts a
  /// new one in within one update: the new row is drawn, whether the item arrived in the same
  /// burst or an earlier one.
  @Test func anItemWhoseTypeChangesIsDrawnAgain() throws {
    let lines =
      Self.insert("m1", sender: "alice", incoming: true, text: "soon a photo")
      + #"{"op":"update","item":{"id":"m1","type":"photo","sender":"alice","incoming":true,"#
      + #""width":40,"height":30,"caption":"the photo it became"}}"# + "\n"
    let result = try CommandRunner.run(
      "transcript", ["follow", "--width", "50", "-"], input: Data(lines.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("the photo it became"))
  }

  /// A file is followed to its end; diagnostics come in line order, whichever thread found them
  /// (decoding happens on the reading thread, applying on the main thread).
  @Test func followsAFileToItsEnd() throws {
    let result = try CommandRunner.run(
      "transcript", ["follow", "--width", "40", "Samples/Data/bad-lines.ndjson"])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("first good line"))
    #expect(result.standardOutput.contains("second good line"))
    #expect(
      result.standardError == """
        Samples/Data/bad-lines.ndjson:2: not JSON: unexpected character 'h' at column 2
        Samples/Data/bad-lines.ndjson:3: unknown op "frobnicate"
        Samples/Data/bad-lines.ndjson:4: missing "id"
        Samples/Data/bad-lines.ndjson:5: duplicate id "a1"
        Samples/Data/bad-lines.ndjson:6: unknown id "ghost"
        Samples/Data/bad-lines.ndjson:7: "status" must be one of sending, sent, delivered, read, failed

        """)
  }

  @Test func missingFileIsReportedAndExitsTwo() throws {
    let result = try CommandRunner.run("transcript", ["follow", "no/such/file.ndjson"])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("transcript: cannot open no/such/file.ndjson"))
    #expect(result.standardOutput == "")
  }

  @Test(arguments: [
    (
      ["follow", "--width", "0"],
      "transcript follow: --width must be a whole number from 1 to 10000, not \"0\""
    ),
    (
      ["follow", "--theme", "neon"], "transcript follow: --theme must be one of compact, roomy, not \"neon\""
    ),
    (["follow", "a", "b"], "transcript follow: expected at most one input file"),
    (["follow", "--bogus"], "transcript follow: unknown option --bogus"),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix(message + "\n"))
    #expect(result.standardOutput == "")
  }

  @Test func helpIsPrintedOnStandardOutput() throws {
    for subcommand in ["follow", "view"] {
      let result = try CommandRunner.run("transcript", [subcommand, "--help"])
      #expect(result.status == 0)
      #expect(result.standardOutput.hasPrefix("USAGE: transcript \(subcommand)"))
    }
    let overview = try CommandRunner.run("transcript", ["--help"])
    #expect(overview.standardOutput.contains("follow    "))
    #expect(overview.standardOutput.contains("view      "))
  }
}
