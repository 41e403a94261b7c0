import Foundation
import TestSupport
import Testing

@Suite struct MeasureCommandTests {
  @Test func measureOfTheSampleConversationMatchesGolden() throws {
    let result = try CommandRunner.run(
      "transcript", ["measure", "--wrap", "24", "Samples/Data/conversation.ndjson"])
    #expect(result.status == 0)
    #expect(result.standardOutput == GoldenFile.expected("measure-24.txt", actual: result.standardOutput))
  }

  @Test func measuresTextAloneByTheWrappingRules() throws {
    let lines = [
      #"{"op":"insert","item":{"id":"a","type":"text","text":"aaaa    b"}}"#,
      #"{"op":"insert","item":{"id":"b","type":"text","text":"   abc"}}"#,
      #"{"op":"insert","item":{"id":"c","type":"text","text":"abc\n\n"}}"#,
      #"{"op":"insert","item":{"id":"p","type":"photo","width":10,"height":10}}"#,
      #"{"op":"insert","item":{"id":"d","type":"text"}}"#,
    ]
    let result = try CommandRunner.run(
      "transcript", ["measure", "--wrap", "5"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(result.standardOutput == "a\t2\t4\nb\t2\t3\nc\t2\t3\nd\t1\t0\n")
  }

  @Test func wrapIsRequired() throws {
    let result = try CommandRunner.run("transcript", ["measure", "Samples/Data/conversation.ndjson"])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("transcript measure: --wrap is required"))
  }
}
