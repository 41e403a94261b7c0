import Foundation
import TestSupport
import Testing

/// Bad input through the built `transcript` executable: every bad line is reported once as
/// `FILE:LINE: reason` on stderr and skipped, every good line around it still applies, and the
/// exit status says which happened (0 all applied, 1 some lines bad, 2 usage error).
@Suite struct BadInputCommandTests {
  /// The commands that apply a whole stream, each with the width its output is checked at.
  static let commands: [[String]] = [
    ["layout", "--width", "40"], ["measure", "--wrap", "40"],
    ["render", "--width", "40", "--format", "plain"],
    ["follow", "--width", "40"],
  ]

  /// A text message from `sender` as one NDJSON line (as bytes, so tests can splice bad ones in).
  static func message(_ id: String, from sender: String, _ text: String) -> [UInt8] {
    Array(
      #"{"op":"insert","item":{"id":"\#(id)","type":"text","sender":"\#(sender)","incoming":true,"text":"\#(text)"}}"#
        .utf8)
  }

  /// `lines` joined by line feeds, with a final one.
  static func stream(_ lines: [[UInt8]]) -> [UInt8] {
    Array(lines.joined(separator: [0x0A])) + [0x0A]
  }

  // MARK: Invalid UTF-8

  static let invalidUTF8Stream = stream([
    message("a1", from: "alice", "before the bad bytes"),
    Array(#"{"op":"insert","item":{"id":"u1","type":"text","text":"caf"#.utf8) + [0xC3] + Array(#""}}"#.utf8),
    [0x80] + Array(#"{"op":"insert","item":{"id":"u2","type":"text"}}"#.utf8),
    Array(#"{"op":"insert","item":{"id":"u3","type":"text","text":""#.utf8) + [0xC0, 0xAF]
      + Array(#""}}"#.utf8),
    Array(#"{"op":"insert","item":{"id":"u4","type":"text","text":""#.utf8) + [0xED, 0xA0, 0x80]
      + Array(#""}}"#.utf8),
    Array(#"{"op":"insert","item":{"id":"u5","type":"text","text":"x"}}"#.utf8) + [0xE2, 0x82],
    Array(#"{"op":"insert","item":{"id":"u6"#.utf8) + [0xFF] + Array(#"","type":"text"}}"#.utf8),
    message("a2", from: "bob", "after them"),
  ])

  /// A truncated sequence, a stray continuation byte, an overlong encoding, an encoded surrogate,
  /// a sequence cut by the end of the line and a byte that is never UTF-8: each named by the
  /// 1-based byte where it starts, whatever command reads the stream.
  @Test(arguments: commands)
  func invalidUTF8IsReportedByByteAndSkipped(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "bad-utf8")
    let file = try folder.write(Self.invalidUTF8Stream, to: "utf8.ndjson")
    let result = try CommandRunner.run("transcript", command + [file])
    #expect(result.status == 1)
    #expect(
      result.standardError == """
        \(file):2: invalid UTF-8 at byte 59
        \(file):3: invalid UTF-8 at byte 1
        \(file):4: invalid UTF-8 at byte 56
        \(file):5: invalid UTF-8 at byte 56
        \(file):6: invalid UTF-8 at byte 60
        \(file):7: invalid UTF-8 at byte 32

        """)
    switch command[0] {
    case "layout": #expect(result.standardOutput == "a1\t0\t2\titem\na2\t3\t2\titem\n")
    case "measure": #expect(result.standardOutput == "a1\t1\t20\na2\t1\t10\n")
    default:
      #expect(result.standardOutput.contains("before the bad bytes"))
      #expect(result.standardOutput.contains("after them"))
    }
  }

  // MARK: 10 MB lines

  /// "abcdefghi " a million times: wrapped at 80 columns, eight words a line (79 columns wide,
  /// the space after the eighth hangs), so 125,000 lines.
  static let tenMegabyteText = String(repeating: "abcdefghi ", count: 1_000_000)

  static let tenMegabyteMessageStream = stream([
    message("s1", from: "alice", "small before"), message("big", from: "bob", tenMegabyteText),
    message("s2", from: "carol", "small after"),
  ])

  @Test func aTenMegabyteMessageIsMeasuredAndLaidOut() throws {
    let folder = try TemporaryFolder(prefix: "big-line")
    let file = try folder.write(Self.tenMegabyteMessageStream, to: "big.ndjson")

    let measured = try CommandRunner.run("transcript", ["measure", "--wrap", "80", file])
    #expect(measured.status == 0)
    #expect(measured.standardError == "")
    #expect(measured.standardOutput == "s1\t1\t12\nbig\t125000\t79\ns2\t1\t11\n")

    // In an 80-column transcript the bubble leaves 50 columns for text: five words a line.
    let laidOut = try CommandRunner.run("transcript", ["layout", "--width", "80", file])
    #expect(laidOut.status == 0)
    #expect(laidOut.standardOutput == "s1\t0\t2\titem\nbig\t3\t200001\titem\ns2\t200005\t2\titem\n")
  }

  /// Every word of it is drawn, and the messages on either side too. As an HTML page, at the
  /// widest width (about 1,500 rows): drawing ten million characters into a terminal grid takes
  /// too long for a debug-build test (`aMessageTallerThanAHundredThousandRowsIsDrawnWhole`
  /// covers the text output of a message that tall).
  @Test func aTenMegabyteMessageIsDrawnWhole() throws {
    let folder = try TemporaryFolder(prefix: "big-line")
    let file = try folder.write(Self.tenMegabyteMessageStream, to: "big.ndjson")
    let result = try CommandRunner.run(
      "transcript", ["render", "--format", "html", "--width", "10000", file])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let output = result.standardOutput
    #expect(output.contains("small before"))
    #expect(output.contains("small after"))
    #expect(Self.occurrences(of: "abcdefghi", in: output) == 1_000_000)
  }

  /// A message of 100,001 short lines stands taller than the 100,000 rows one drawing may have:
  /// text output is drawn page by page, so all of it shows, and what comes after it. (It used to
  /// stop at row 100,000, dropping the rest of the transcript without a word.)
  @Test(arguments: ["render", "follow"])
  func aMessageTallerThanAHundredThousandRowsIsDrawnWhole(command: String) throws {
    let folder = try TemporaryFolder(prefix: "tall")
    let file = try folder.write(
      Self.stream([
        Self.message("s1", from: "alice", "small before"),
        Self.message("tall", from: "bob", String(repeating: #"line\n"#, count: 100_001) + "end"),
        Self.message("s2", from: "carol", "small after"),
      ]), to: "tall.ndjson")
    let arguments = command == "render" ? ["render", "--format", "plain"] : ["follow"]
    let result = try CommandRunner.run("transcript", arguments + ["--width", "20", file])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count { $0.hasSuffix(" line") } == 100_001)
    #expect(lines.suffix(4).contains { $0.hasSuffix("small after") })
  }

  /// Line-break controls (VT, FF, NEL) in a message used to trap the drawing: the row was sized
  /// for thousands of lines and its scene, scrolled past what the label held, asked for a line
  /// range that ran backwards. Every command that draws now gets past it.
  @Test(arguments: [["render", "--format", "plain"], ["render", "--format", "ansi"], ["follow"]])
  func lineBreakControlsAreDrawnWithoutATrap(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "form-feeds")
    let file = try folder.write(
      Self.stream([
        Self.message(
          "v", from: "mallory", String(repeating: "x", count: 30) + String(repeating: #"\f"#, count: 4_100)),
        Self.message("w", from: "mallory", #"\u000b\u0085\u000c"# + "vertical tab"),
        Self.message("s2", from: "carol", "small after"),
      ]), to: "ff.ndjson")
    let result = try CommandRunner.run("transcript", command + ["--width", "60", file])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.contains(String(repeating: "x", count: 30)))
    #expect(result.standardOutput.contains("small after"))
  }

  /// An SVG or HTML document is drawn a page at a time: a message of 100,001 lines is drawn
  /// whole, in one document, and what follows it too.
  @Test(arguments: ["svg", "html"])
  func aDocumentTallerThanAHundredThousandRowsIsDrawnWhole(format: String) throws {
    let folder = try TemporaryFolder(prefix: "tall-\(format)")
    let file = try folder.write(
      Self.stream([
        Self.message("tall", from: "bob", String(repeating: #"line\n"#, count: 100_001) + "end"),
        Self.message("after", from: "carol", "small after"),
      ]),
      to: "tall.ndjson")
    let result = try CommandRunner.run("transcript", ["render", "--format", format, "--width", "20", file])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(Self.occurrences(of: ">line<", in: result.standardOutput) == 100_001)
    #expect(result.standardOutput.contains(">end<"))
    #expect(result.standardOutput.contains("small after"))
    let end = format == "svg" ? "</svg>\n" : "</html>\n"
    #expect(result.standardOutput.hasSuffix(end))
    #expect(Self.occurrences(of: end, in: result.standardOutput) == 1)
  }

  /// How many times `word` occurs in `text`, compared byte by byte (searching ten megabytes
  /// as `String`s is far too slow in a debug build).
  static func occurrences(of word: String, in text: String) -> Int {
    let pattern = Array(word.utf8)
    var text = text
    return text.withUTF8 { bytes in
      var count = 0
      var index = 0
      while index + pattern.count <= bytes.count {
        if bytes[index] == pattern[0], pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] }) {
          count += 1
          index += pattern.count
        } else {
          index += 1
        }
      }
      return count
    }
  }

  /// Ten megabytes that are not JSON, and ten that start as an event but never close their
  /// string: each is one line of diagnostics, which quotes none of it. Read whole (`layout`) and
  /// by the reading thread of `follow`.
  @Test(arguments: [commands[0], commands[3]])
  func tenMegabyteGarbageLinesAreReportedOnceAndSkipped(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "big-garbage")
    let file = try folder.write(
      Self.stream([
        Self.message("s1", from: "alice", "small before"),
        Array(repeating: UInt8(ascii: "@"), count: 10_000_000),
        Array(#"{"op":"insert","item":{"id":"g1","type":"text","text":""#.utf8)
          + Array(repeating: UInt8(ascii: "y"), count: 10_000_000),
        Self.message("s2", from: "carol", "small after"),
      ]), to: "garbage.ndjson")
    let result = try CommandRunner.run("transcript", command + [file])
    #expect(result.status == 1)
    #expect(
      result.standardError == """
        \(file):2: not JSON: unexpected character '@' at column 1
        \(file):3: not JSON: unexpected end of line at column 10000056

        """)
    if command[0] == "layout" {
      #expect(result.standardOutput == "s1\t0\t2\titem\ns2\t3\t2\titem\n")
    } else {
      #expect(result.standardOutput.contains("small before"))
      #expect(result.standardOutput.contains("small after"))
    }
  }

  // MARK: Unknown ops and types

  @Test func unknownOpsAreReportedAndUnknownTypesShown() throws {
    let folder = try TemporaryFolder(prefix: "unknown-ops")
    let file = try folder.write(
      Self.stream(
        [
          #"{"op":"insert","item":{"id":"k1","type":"text","sender":"alice","incoming":true,"text":"kept"}}"#,
          #"{"op":"frobnicate","id":"k1"}"#,
          #"{"op":42,"id":"k1"}"#,
          #"{"id":"k1"}"#,
          #"{"op":"Insert","item":{"id":"k9","type":"text"}}"#,
          #"{"op":"\u001b[2Jwipe-the-screen-and-then-some-more-text-to-cut","id":"k1"}"#,
          #"{"op":"insert","item":{"id":"x1","type":"hologram","sender":"bob","incoming":true}}"#,
          #"{"op":"insert","item":{"id":"k2","type":"text","sender":"me","incoming":false,"text":"also kept"}}"#,
        ].map { Array($0.utf8) }), to: "ops.ndjson")

    let laidOut = try CommandRunner.run("transcript", ["layout", "--width", "40", file])
    #expect(laidOut.status == 1)
    // An escape sequence in an op name is shown escaped, and the name cut after 40 characters.
    #expect(
      laidOut.standardError == """
        \(file):2: unknown op "frobnicate"
        \(file):3: "op" must be a string
        \(file):4: missing "op"
        \(file):5: unknown op "Insert"
        \(file):6: unknown op "\\u{1B}[2Jwipe-the-screen-and-then-some-more-t…"

        """)
    #expect(laidOut.standardOutput == "k1\t0\t2\titem\nx1\t3\t1\titem\nk2\t5\t1\titem\n")

    let rendered = try CommandRunner.run(
      "transcript", ["render", "--width", "40", "--format", "plain", file])
    #expect(rendered.standardOutput.contains("unsupported item: hologram (x1)"))
    #expect(rendered.standardOutput.contains("also kept"))
  }

  /// A type nobody presents is not an error: the item is kept and shown as unsupported.
  @Test func anUnknownTypeAloneIsNotABadLine() throws {
    let input = Data(#"{"op":"insert","item":{"id":"x1","type":"hologram"}}"#.utf8)
    let result = try CommandRunner.run("transcript", ["layout", "--width", "40", "-"], input: input)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == "x1\t0\t1\titem\n")
  }

  // MARK: Duplicate and unknown ids

  @Test func duplicateAndUnknownIDsAreReportedAndTheRestApplies() throws {
    let folder = try TemporaryFolder(prefix: "bad-ids")
    let file = try folder.write(
      Self.stream(
        [
          #"{"op":"insert","item":{"id":"d1","type":"text","sender":"alice","incoming":true,"text":"first"}}"#,
          #"{"op":"insert","item":{"id":"d1","type":"text","text":"second insert of d1"}}"#,
          #"{"op":"prepend","items":[{"id":"h1","type":"text","sender":"bob","incoming":true,"text":"old"},"#
            + #"{"id":"d1","type":"text"},{"id":"h1","type":"text"}]}"#,
          ##"{"op":"insert","item":{"id":"#typing","type":"text"}}"##,
          #"{"op":"update","item":{"id":"ghost","type":"text","text":"boo"}}"#,
          #"{"op":"status","id":"ghost","status":"read"}"#,
          #"{"op":"delete","id":"ghost"}"#,
          #"{"op":"insert","item":{"id":"d2","type":"text"},"after":"ghost"}"#,
          #"{"op":"insert","item":{"id":"d3","type":"text"},"before":"ghost"}"#,
          #"{"op":"insert","item":{"id":"d4","type":"text"},"after":"d1","before":"d1"}"#,
          #"{"op":"insert","item":{"id":"d5","type":"text","sender":"me","incoming":false,"text":"last"},"after":"d1"}"#,
          #"{"op":"delete","id":"d1"}"#,
          #"{"op":"delete","id":"d1"}"#,
          #"{"op":"update","item":{"id":"d1","type":"text","text":"too late"}}"#,
        ].map { Array($0.utf8) }), to: "ids.ndjson")
    let result = try CommandRunner.run("transcript", ["layout", "--width", "40", file])
    #expect(result.status == 1)
    // The prepend page keeps its good first item; an id deleted is unknown from then on.
    #expect(
      result.standardError == """
        \(file):2: duplicate id "d1"
        \(file):3: prepend item 2: duplicate id "d1"
        \(file):3: prepend item 3: duplicate id "h1"
        \(file):4: id "#typing" is reserved
        \(file):5: unknown id "ghost"
        \(file):6: unknown id "ghost"
        \(file):7: unknown id "ghost"
        \(file):8: "after": unknown id "ghost"
        \(file):9: "before": unknown id "ghost"
        \(file):10: insert has both "after" and "before"
        \(file):13: unknown id "d1"
        \(file):14: unknown id "d1"

        """)
    #expect(result.standardOutput == "h1\t0\t2\titem\nd5\t3\t1\titem\n")
  }

  // MARK: Empty input and standard input

  /// An empty file, or one of blank lines only, is an empty transcript, not an error.
  @Test(arguments: commands)
  func emptyInputIsAnEmptyTranscript(command: [String]) throws {
    let folder = try TemporaryFolder(prefix: "empty")
    let empty = try folder.write([], to: "empty.ndjson")
    let blank = try folder.write(Array("\n  \n\t\n\r\n".utf8), to: "blank.ndjson")
    for file in [empty, blank] {
      let result = try CommandRunner.run("transcript", command + [file])
      #expect(result.status == 0)
      #expect(result.standardError == "")
      // `render` draws an empty transcript as one empty line; the others print nothing.
      #expect(result.standardOutput == (command[0] == "render" ? "\n" : ""))
    }
  }

  /// `-` (or no file at all) reads standard input, which diagnostics call `<stdin>`.
  @Test(arguments: commands)
  func standardInputIsReadAndNamedInDiagnostics(command: [String]) throws {
    let input = Data(
      Self.stream([
        Self.message("a1", from: "alice", "first"), Array("not json".utf8),
        Self.message("a2", from: "bob", "second"),
      ]))
    for arguments in [command + ["-"], command] {
      let result = try CommandRunner.run("transcript", arguments, input: input)
      #expect(result.status == 1)
      #expect(result.standardError == "<stdin>:2: not JSON: unexpected character 'o' at column 2\n")
      switch command[0] {
      case "layout": #expect(result.standardOutput == "a1\t0\t2\titem\na2\t3\t2\titem\n")
      case "measure": #expect(result.standardOutput == "a1\t1\t5\na2\t1\t6\n")
      default: #expect(result.standardOutput.contains("first") && result.standardOutput.contains("second"))
      }
    }
  }

  // MARK: Exit statuses

  /// The same three outcomes for every command: all applied, a bad line, a wrong command line
  /// (which reads nothing and prints nothing on stdout).
  @Test(arguments: commands)
  func exitStatusSaysWhatHappened(command: [String]) throws {
    let good = Data(Self.stream([Self.message("a1", from: "alice", "fine")]))
    let clean = try CommandRunner.run("transcript", command + ["-"], input: good)
    #expect(clean.status == 0)
    #expect(clean.standardError == "")

    let bad = Data(
      Self.stream([Self.message("a1", from: "alice", "fine"), Array(#"{"op":"delete","id":"x"}"#.utf8)]))
    let skipped = try CommandRunner.run("transcript", command + ["-"], input: bad)
    #expect(skipped.status == 1)
    #expect(skipped.standardError == "<stdin>:2: unknown id \"x\"\n")

    // No input: the command exits before reading any, and writing to its closed pipe would
    // kill the test process with SIGPIPE.
    let usage = try CommandRunner.run("transcript", command + ["--no-such-option", "-"])
    #expect(usage.status == 2)
    #expect(usage.standardError.hasPrefix("transcript \(command[0]): unknown option --no-such-option\n"))
    #expect(usage.standardOutput == "")
  }
}
