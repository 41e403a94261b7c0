import Foundation
import TestSupport
import Testing

/// What comes from outside (file names, arguments, ids) never reaches stderr or a record raw:
/// controls, line and field separators and bidi controls are escaped as `\u{X}`.
@Suite struct EscapingCommandTests {
  /// A file name that would set the terminal's title, ring its bell, colour and reverse the
  /// rest of the line and break it.
  static let hostileName = "chat\u{1B}[31m\u{07}\u{1B}]0;owned\u{07}\u{202E}\n.ndjson"
  static let escapedName = #"chat\u{1B}[31m\u{7}\u{1B}]0;owned\u{7}\u{202E}\u{A}.ndjson"#

  /// Whether `text` holds a character that a terminal obeys or that splits or reorders a line,
  /// other than the line feeds that end its lines.
  static func holdsRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar != "\n"
        && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
    }
  }

  @Test(arguments: BadInputCommandTests.commands)
  func aHostileFileNameIsEscapedInDiagnostics(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "hostile-name")
    try folder.write(
      BadInputCommandTests.stream([
        BadInputCommandTests.message("a1", from: "alice", "hi"), Array("oops".utf8),
      ]),
      to: Self.hostileName)
    let result = try CommandRunner.run("transcript", command + [folder.path(Self.hostileName)])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "\(folder.url.path)/\(Self.escapedName):2: not JSON: unexpected character 'o' at column 1\n")
    #expect(!Self.holdsRawControls(result.standardError))
  }

  @Test(arguments: BadInputCommandTests.commands)
  func aHostileFileNameThatCannotBeOpenedIsEscaped(command: [String]) throws {
    let result = try CommandRunner.run("transcript", command + ["no/such/" + Self.hostileName])
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "transcript: cannot open no/such/\(Self.escapedName): No such file or directory\n")
  }

  static let hostileArguments: [(arguments: [String], message: String)] = [
    (
      ["layout", "--width", "\u{1B}[2J\u{2028}"],
      #"transcript layout: --width must be a whole number from 1 to 10000, not "\u{1B}[2J\u{2028}""#
    ),
    (["layout", "--\u{1B}]0;x\u{07}"], #"transcript layout: unknown option --\u{1B}]0;x\u{7}"#),
    (
      ["render", "--theme", "a\nb\u{202E}"],
      #"transcript render: --theme must be one of compact, roomy, not "a\u{A}b\u{202E}""#
    ),
    (["\u{1B}[2J"], #"transcript: unknown subcommand '\u{1B}[2J'"#),
  ]

  @Test(arguments: hostileArguments)
  func hostileArgumentsAreEscapedInUsageErrors(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix(message + "\n"))
    #expect(!Self.holdsRawControls(result.standardError))
  }

  /// Ids with line and field separators and bidi controls, as JSON escapes in the stream.
  static let separatorIDs: [(json: String, escaped: String)] = [
    (#"a\u2028b"#, #"a\u{2028}b"#), (#"c\u2029d"#, #"c\u{2029}d"#), (#"e\u0085f"#, #"e\u{85}f"#),
    (#"g\u000Bh"#, #"g\u{B}h"#), (#"i\u000Cj"#, #"i\u{C}j"#), (#"k\u001Cl\u001Fm"#, #"k\u{1C}l\u{1F}m"#),
    (#"n\u061Co"#, #"n\u{61C}o"#), (#"p\u200Eq\u200Fr"#, #"p\u{200E}q\u{200F}r"#),
    (#"s\u202Et\u2066u"#, #"s\u{202E}t\u{2066}u"#), (#"v\tw\\x"#, #"v\tw\\x"#),
  ]

  /// Every id is one escaped field of one record, in `layout` and `measure`, and a diagnostic
  /// quoting such an id escapes it the same way.
  @Test(arguments: [["layout", "--width", "40"], ["measure", "--wrap", "40"]])
  func idsWithSeparatorsAndBidiControlsAreEscapedInRecords(command: [String]) throws {
    var lines = Self.separatorIDs.map {
      #"{"op":"insert","item":{"id":"\#($0.json)","type":"text","text":"hi"}}"#
    }
    lines.append(#"{"op":"delete","id":"x\u2028y\u061Cz"}"#)
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let result = try CommandRunner.run("transcript", command + ["-"], input: input)
    #expect(result.status == 1)
    #expect(result.standardError == #"<stdin>:11: unknown id "x\u{2028}y\u{61C}z""# + "\n")
    let records = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let ids = records.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    #expect(ids == Self.separatorIDs.map(\.escaped))
    #expect(!Self.holdsRawControls(result.standardOutput.replacingOccurrences(of: "\t", with: " ")))
  }

  /// The JSON snapshot is one line that decodes to the same ids: separators and bidi controls
  /// in ids are written as `\uXXXX`, never raw.
  @Test func idsWithSeparatorsAreEscapedInTheJSONSnapshot() throws {
    let lines = Self.separatorIDs.map {
      #"{"op":"insert","item":{"id":"\#($0.json)","type":"text","text":"hi"}}"#
    }
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let result = try CommandRunner.run("transcript", ["layout", "--format", "json", "-"], input: input)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasSuffix("}\n"))
    #expect(!Self.holdsRawControls(result.standardOutput))
    #expect(result.standardOutput.contains(#"a\u2028b"#))
    let snapshot = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let rows = snapshot?["rows"] as? [[String: Any]] ?? []
    let ids = rows.compactMap { $0["isInjected"] as? Bool == true ? nil : $0["id"] as? String }
    let expected = try Self.separatorIDs.map {
      try JSONDecoder().decode(String.self, from: Data("\"\($0.json)\"".utf8))
    }
    #expect(ids.count == expected.count)
    #expect(zip(ids, expected).allSatisfy { Array($0.utf8) == Array($1.utf8) })
  }
}
