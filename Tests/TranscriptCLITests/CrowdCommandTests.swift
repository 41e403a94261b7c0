import Foundation
import TestSupport
import Testing

/// Streams that repeat one thing many times: the output stays proportional to what is shown.
@Suite struct CrowdCommandTests {
  /// A page of 100,000 items with one id: ten diagnostics and a count, not 99,999 lines.
  @Test func aPageOfOneRepeatedIDGivesElevenDiagnostics() throws {
    let page = Array(repeating: #"{"id":"x","type":"text"}"#, count: 100_000).joined(separator: ",")
    let input = #"{"op":"prepend","items":["# + page + "]}\n"
    let result = try CommandRunner.run(
      "transcript", ["layout", "--width", "40", "-"], input: Data(input.utf8))
    #expect(result.status == 1)
    #expect(result.standardOutput == "x\t0\t1\titem\n")
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines.first == #"<stdin>:1: prepend item 2: duplicate id "x""#)
    #expect(lines.last == "<stdin>:1: prepend: … and 99989 more items rejected")
  }

  /// A thousand people typing: one line naming two of them.
  @Test func aThousandTypistsShowAsOneLine() throws {
    let input =
      (0..<1_000).map { #"{"op":"typing","sender":"u\#($0)","active":true}"# + "\n" }.joined()
      + #"{"op":"typing","sender":"u0","active":false}"# + "\n"
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "60", "--format", "plain", "-"], input: Data(input.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("u1, u2 and 997 others are typing…"))
    let layout = try CommandRunner.run(
      "transcript", ["layout", "--width", "60", "-"], input: Data(input.utf8))
    #expect(layout.standardOutput == "#typing\t0\t1\titem\n")
  }
}
