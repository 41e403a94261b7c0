import Foundation
import TestSupport
import Testing

@Suite struct LayoutCommandTests {
  @Test func layoutOfTheSampleConversationMatchesGolden() throws {
    let result = try CommandRunner.run(
      "transcript", ["layout", "--width", "60", "Samples/Data/conversation.ndjson"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == GoldenFile.expected("layout-60.txt", actual: result.standardOutput))
  }

  /// `--format json` prints the layout snapshot: the same rows as the tab-separated output,
  /// with their types, decorations and whether they were injected.
  @Test func theJSONSnapshotHasTheRowsOfTheTable() throws {
    let arguments = ["layout", "--width", "60", "Samples/Data/conversation.ndjson"]
    let table = try CommandRunner.run("transcript", arguments)
    let json = try CommandRunner.run("transcript", arguments + ["--format", "json"])
    #expect(json.status == 0)
    #expect(json.standardError == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["width"] as? Double == 60)
    let rows = try #require(object["rows"] as? [[String: Any]])
    let tableRows = table.standardOutput.split(separator: "\n").map {
      $0.split(separator: "\t").map(String.init)
    }
    #expect(rows.count == tableRows.count)
    for (row, fields) in zip(rows, tableRows) {
      #expect(row["id"] as? String == fields[0])
      #expect((row["y"] as? Double).map { String(Int($0)) } == fields[1])
      #expect((row["height"] as? Double).map { String(Int($0)) } == fields[2])
      #expect(row["isInjected"] as? Bool == (fields[3] == "injected"))
      #expect((row["decoration"] as? [String: Any])?["groupPosition"] is String)
    }
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let result = try CommandRunner.run(
      "transcript", ["layout", "--format", "xml", "Samples/Data/conversation.ndjson"])
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix("transcript layout: --format must be one of tsv, json, not \"xml\"\n"))
  }

  @Test func badLinesAreReportedSkippedAndExitOne() throws {
    let result = try CommandRunner.run(
      "transcript", ["layout", "--width", "40", "Samples/Data/bad-lines.ndjson"])
    #expect(result.status == 1)
    #expect(result.standardOutput == "a1\t0\t2\titem\na2\t3\t1\titem\n")
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

  @Test func readsStandardInput() throws {
    let input = Data(#"{"op":"insert","item":{"id":"x","type":"text","text":"twelve chars"}}"#.utf8)
    let result = try CommandRunner.run("transcript", ["layout", "--width", "20", "-"], input: input)
    #expect(result.status == 0)
    // A 13-column bubble wraps the text at 11 columns: "twelve " and "chars".
    #expect(result.standardOutput == "x\t0\t2\titem\n")
  }

  @Test(arguments: [
    (
      ["layout", "--width", "0"],
      "transcript layout: --width must be a whole number from 1 to 10000, not \"0\""
    ),
    (["layout", "--bogus"], "transcript layout: unknown option --bogus"),
    (["layout", "a", "b"], "transcript layout: expected at most one input file"),
    (["frobnicate"], "transcript: unknown subcommand 'frobnicate'"),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix(message + "\n"))
    #expect(result.standardOutput == "")
  }

  @Test func missingFileIsReportedAndExitsTwo() throws {
    let result = try CommandRunner.run("transcript", ["layout", "no/such/file.ndjson"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("no/such/file.ndjson"))
  }

  @Test func helpIsPrintedOnStandardOutput() throws {
    for subcommand in ["layout", "measure"] {
      let result = try CommandRunner.run("transcript", [subcommand, "--help"])
      #expect(result.status == 0)
      #expect(result.standardOutput.hasPrefix("USAGE: transcript \(subcommand)"))
    }
  }
}

@Suite struct RenderCommandTests {
  @Test(arguments: ["ansi", "plain", "svg", "html"])
  func renderOfTheSampleConversationMatchesGolden(format: String) throws {
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "60", "--format", format, "Samples/Data/conversation.ndjson"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput == GoldenFile.expected("render-60.\(format)", actual: result.standardOutput))
  }

  @Test func supportChatWithNoticesFailuresEditsAndDeletesMatchesGolden() throws {
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "64", "--format", "plain", "Samples/Data/support-chat.ndjson"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput == GoldenFile.expected("support-chat-64.plain", actual: result.standardOutput))
  }

  @Test func defaultsToPlainTextWhenNotATerminal() throws {
    let arguments = ["render", "--width", "50", "Samples/Data/conversation.ndjson"]
    let plain = try CommandRunner.run("transcript", arguments + ["--format", "plain"])
    let automatic = try CommandRunner.run("transcript", arguments)
    #expect(automatic.standardOutput == plain.standardOutput)
    #expect(!automatic.standardOutput.contains("\u{1B}"))
  }

  @Test func roomyThemeDiffersFromCompact() throws {
    let arguments = ["render", "--width", "60", "--format", "plain", "Samples/Data/conversation.ndjson"]
    let compact = try CommandRunner.run("transcript", arguments)
    let roomy = try CommandRunner.run("transcript", arguments + ["--theme", "roomy"])
    #expect(roomy.status == 0)
    #expect(roomy.standardOutput != compact.standardOutput)
    #expect(roomy.standardOutput.contains("· read"))
  }

  @Test func unknownFormatAndThemeAreUsageErrors() throws {
    let format = try CommandRunner.run("transcript", ["render", "--format", "pdf"])
    #expect(format.status == 2)
    #expect(
      format.standardError.hasPrefix("transcript render: --format must be one of ansi, plain, svg, html"))
    let theme = try CommandRunner.run("transcript", ["render", "--theme", "neon"])
    #expect(theme.status == 2)
    #expect(theme.standardError.hasPrefix("transcript render: --theme must be one of compact, roomy"))
  }
}
