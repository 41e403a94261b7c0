import Foundation
import TestSupport
import Testing

/// Ids a sender chooses to confuse the transcript: the id of a row the decorator injects, and
/// ids Swift's `String` calls equal though their bytes differ.
@Suite struct HostileIDCommandTests {
  /// One NDJSON line inserting a text item from `sender` at 10:`minute` on 1 January 2024.
  static func insert(_ id: String, from sender: String, minute: Int, text: String, after: String? = nil)
    -> String
  {
    let position = after.map { #","after":"\#($0)""# } ?? ""
    return #"{"op":"insert","item":{"id":"\#(id)","type":"text","text":"\#(text)","sender":"\#(sender)","#
      + #""date":"2024-01-01T10:\#(String(100 + minute).dropFirst()):00Z"}\#(position)}"# + "\n"
  }

  @Test func layoutTellsAnItemFromTheSeparatorWithItsID() throws {
    let input =
      Self.insert("a", from: "bob", minute: 0, text: "hi")
      + Self.insert("a/day", from: "eve", minute: 1, text: "forged")
    let result = try CommandRunner.run(
      "transcript", ["layout", "--width", "40", "-"], input: Data(input.utf8))
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == "a/day\t0\t1\tinjected\na\t2\t2\titem\na/day\t5\t2\titem\n")
  }

  /// The forged message arrives in a burst of its own, next to the separator that shares its id:
  /// `follow` prints the message, and the separator only once.
  @Test func followPrintsTheForgedMessageAndTheSeparatorOnce() throws {
    let command = try RunningCommand("transcript", ["follow", "--width", "40", "-"])
    let history =
      [Self.insert("a", from: "bob", minute: 0, text: "hi")]
      + (1...30).map { Self.insert("m\($0)", from: "bob", minute: 2, text: "line \($0)") }
    try command.write(history.joined())
    #expect(command.waitFor { output, _ in output.contains("line 30") })
    try command.write(Self.insert("a/day", from: "eve", minute: 1, text: "forged", after: "a"))
    let shown = command.waitFor(timeout: .seconds(20)) { output, _ in output.contains("forged") }
    #expect(shown, "the forged message was not shown; output:\n\(command.standardOutput)")
    try command.closeInput()
    let result = command.waitForExit()
    #expect(result.status == 0)
    #expect(result.standardOutput.components(separatedBy: "Mon 1 Jan 2024").count - 1 == 1)
    #expect(result.standardOutput.components(separatedBy: "forged").count - 1 == 1)
  }

  /// `café` spelled precomposed and decomposed: two messages; an update and a delete under one
  /// spelling leave the other alone.
  @Test func equivalentIDsAreTwoItems() throws {
    let input = [
      #"{"op":"insert","item":{"id":"caf\u00e9","type":"text","text":"one"}}"#,
      #"{"op":"insert","item":{"id":"cafe\u0301","type":"text","text":"two"}}"#,
      #"{"op":"update","item":{"id":"cafe\u0301","type":"text","text":"edited"}}"#,
      #"{"op":"delete","id":"caf\u00e9"}"#,
    ].joined(separator: "\n")
    let rendered = try CommandRunner.run(
      "transcript", ["render", "--width", "40", "--format", "plain", "-"], input: Data(input.utf8))
    #expect(rendered.status == 0)
    #expect(rendered.standardError == "")
    #expect(rendered.standardOutput.contains("edited"))
    #expect(!rendered.standardOutput.contains("one"))
    let laidOut = try CommandRunner.run(
      "transcript", ["layout", "--width", "40", "-"], input: Data(input.utf8))
    #expect(Array(laidOut.standardOutput.utf8) == Array("cafe\u{301}\t0\t1\titem\n".utf8))
  }
}
