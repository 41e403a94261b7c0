import Foundation
import TestSupport
import Testing

/// Options are spelled `--name` (or `--name=value`) and `-n`, nothing else; an input that cannot
/// be opened is trouble (2, as for grep), not a bad line (1).
@Suite struct ArgumentsCommandTests {
  static let misspelledOptions: [(arguments: [String], message: String)] = [
    (["layout", "---width", "40", "-"], "transcript layout: unknown option ---width"),
    (["layout", "----width=40", "-"], "transcript layout: unknown option ----width=40"),
    (["layout", "-width", "40", "-"], "transcript layout: unknown option -width"),
    (["measure", "--wrap=40", "--h", "-"], "transcript measure: unknown option --h"),
    (["render", "-h=1"], "transcript render: unknown option -h=1"),
    (["render", "--help=yes"], "transcript render: --help takes no value"),
    (["follow", "--=40", "-"], "transcript follow: unknown option --=40"),
    (["generate", "--count"], "transcript generate: --count needs a value"),
  ]

  @Test(arguments: misspelledOptions)
  func misspelledOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments)
    #expect(result.status == 2)
    let command = message.prefix { $0 != ":" }
    #expect(result.standardError == "\(message)\nRun '\(command) --help' for usage.\n")
    #expect(result.standardOutput == "")
  }

  @Test(arguments: [["--width=40"], ["--width", "40"]])
  func optionsSpelledRightAreTaken(width: [String]) throws {
    let input = Data(BadInputCommandTests.stream([BadInputCommandTests.message("a1", from: "alice", "hi")]))
    let result = try CommandRunner.run("transcript", ["layout"] + width + ["-"], input: input)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("a1\t0\t2"))
  }

  @Test(arguments: BadInputCommandTests.commands)
  func aFileThatCannotBeOpenedExitsTwo(command: [String]) throws {
    let result = try CommandRunner.run("transcript", command + ["no/such/file.ndjson"])
    #expect(result.status == 2)
    #expect(
      result.standardError == "transcript: cannot open no/such/file.ndjson: No such file or directory\n")
    #expect(result.standardOutput == "")
  }

  @Test(arguments: BadInputCommandTests.commands.map { $0[0] } + ["view", "generate"])
  func everyHelpNamesTheExitStatuses(command: String) throws {
    let result = try CommandRunner.run("transcript", [command, "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("EXIT STATUS:"))
    #expect(result.standardOutput.contains("output cannot be written"))
    #expect(result.standardOutput.contains("--max-line-bytes N") == (command != "generate"))
  }
}
