import Foundation
import TestSupport
import Testing

/// `--max-line-bytes`: a line longer than the limit is reported as `FILE:LINE: line longer than N
/// bytes` and skipped without being kept, the lines after it still apply, and a line that never
/// ends costs the limit in memory, not the line.
@Suite struct LineLengthCommandTests {
  /// A 200-byte line between two messages, read with a limit of 100 bytes by every command that
  /// reads a stream without a terminal.
  @Test(arguments: BadInputCommandTests.commands)
  func aLineLongerThanTheLimitIsReportedAndSkipped(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "long-line")
    let file = try folder.write(
      BadInputCommandTests.stream([
        BadInputCommandTests.message("a1", from: "alice", "before"),
        Array(repeating: UInt8(ascii: "@"), count: 200),
        BadInputCommandTests.message("a2", from: "bob", "after"),
      ]), to: "long.ndjson")
    let result = try CommandRunner.run("transcript", command + ["--max-line-bytes", "100", file])
    #expect(result.status == 1)
    #expect(result.standardError == "\(file):2: line longer than 100 bytes\n")
    switch command[0] {
    case "measure": #expect(result.standardOutput == "a1\t1\t6\na2\t1\t5\n")
    default: #expect(result.standardOutput.contains("before") || result.standardOutput.contains("a1"))
    }
    #expect(result.standardOutput.contains("after") || result.standardOutput.contains("a2"))
  }

  /// The default limit is 16 MiB: a line of exactly that many bytes is read (and is not JSON),
  /// one byte more is skipped unread.
  @Test func theDefaultLimitIsSixteenMebibytes() throws {
    let folder = try TemporaryFolder(prefix: "default-limit")
    let file = try folder.write(
      BadInputCommandTests.stream([
        BadInputCommandTests.message("a1", from: "alice", "before"),
        Array(repeating: UInt8(ascii: "@"), count: 16 << 20),
        Array(repeating: UInt8(ascii: "@"), count: (16 << 20) + 1),
        BadInputCommandTests.message("a2", from: "bob", "after"),
      ]), to: "limit.ndjson")
    let result = try CommandRunner.run("transcript", ["measure", "--wrap", "40", file])
    #expect(result.status == 1)
    #expect(
      result.standardError == """
        \(file):2: not JSON: unexpected character '@' at column 1
        \(file):3: line longer than 16777216 bytes

        """)
    #expect(result.standardOutput == "a1\t1\t6\na2\t1\t5\n")
  }

  /// 200 MB without a line feed, read with a limit of 1,000 bytes: the command's memory stays near
  /// what it needs for an empty transcript (it used to grow past the line's size), and the line
  /// after it applies. Read whole (`layout`) and by the reading thread of `follow`.
  @Test(arguments: [["layout"], ["follow"]])
  func aLineThatNeverEndsCostsTheLimitNotTheLine(command: [String]) throws {
    let watched = try WatchedCommand(command + ["--max-line-bytes", "1000", "-"])
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    for _ in 0..<200 { try watched.write(zeros) }
    try watched.write([0x0A] + BadInputCommandTests.message("a1", from: "alice", "after the zeros") + [0x0A])
    try watched.closeInput()
    let result = watched.waitForExit()
    #expect(result.status == 1)
    #expect(result.standardError == "<stdin>:1: line longer than 1000 bytes\n")
    #expect(result.standardOutput.contains("a1") || result.standardOutput.contains("after the zeros"))
    #expect(watched.peakKilobytes > 0)
    #expect(watched.peakKilobytes < 100_000, "peak resident memory \(watched.peakKilobytes) KB")
  }

  @Test(arguments: ["0", "-1", "4294967297", "lots"])
  func aLimitOutOfRangeIsAUsageError(limit: String) throws {
    let result = try CommandRunner.run("transcript", ["layout", "--max-line-bytes", limit, "-"])
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix(
        "transcript layout: --max-line-bytes must be a whole number from 1 to 4294967296, not \"\(limit)\"\n")
    )
  }
}
