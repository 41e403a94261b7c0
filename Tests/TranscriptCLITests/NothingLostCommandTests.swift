import Foundation
import TestSupport
import Testing

/// Bad lines of every kind mixed into a stream at seeded random places must cost exactly those
/// lines: the command's output is the output for the stream without them, and each of them is
/// reported once, at its line.
@Suite struct NothingLostCommandTests {
  static let seed = SeededRandom.seed(fromEnvironment: "NOTHING_LOST_SEED", default: 11)

  /// A generated stream (edits, deletes, statuses, typing, pages of history) with and without
  /// bad lines, in a temporary folder.
  struct Streams {
    let folder: TemporaryFolder
    let clean: String
    let mixed: String
    let badLineNumbers: [Int]

    init(goodLines: [String], badLineCount: Int, seed: UInt64) throws {
      folder = try TemporaryFolder(prefix: "nothing-lost")
      clean = try folder.write(Array((goodLines.joined(separator: "\n") + "\n").utf8), to: "clean.ndjson")
      let mixing = BadLineMixer.mix(goodLines, count: badLineCount, seed: seed)
      mixed = try folder.write(mixing.bytes, to: "mixed.ndjson")
      badLineNumbers = mixing.badLineNumbers
    }

    /// The line numbers in `diagnostics` (`FILE:LINE: reason` lines for the mixed stream).
    func reportedLineNumbers(_ diagnostics: String) -> [Int] {
      diagnostics.split(separator: "\n").compactMap { line in
        guard line.hasPrefix(mixed + ":") else { return nil }
        return Int(line.dropFirst(mixed.count + 1).prefix { $0 != ":" })
      }
    }
  }

  static func generatedLines(count: Int, seed: UInt64) throws -> [String] {
    let generated = try CommandRunner.run(
      "transcript", ["generate", "--count", "\(count)", "--seed", "\(seed)"])
    return generated.standardOutput.split(separator: "\n").map(String.init)
  }

  /// `layout`, `measure` and `render` print the whole final transcript: with the bad lines it
  /// must be byte for byte what it is without them.
  @Test(arguments: [
    ["layout", "--width", "60"], ["measure", "--wrap", "30"],
    ["render", "--width", "60", "--format", "plain"],
  ])
  func aGeneratedStreamLosesNothingToBadLines(command: [String]) throws {
    let streams = try Streams(
      goodLines: Self.generatedLines(count: 2_000, seed: Self.seed), badLineCount: 80, seed: Self.seed)
    let clean = try CommandRunner.run("transcript", command + [streams.clean])
    let mixed = try CommandRunner.run("transcript", command + [streams.mixed])

    #expect(clean.status == 0, "seed \(Self.seed)")
    #expect(clean.standardError == "")
    #expect(mixed.status == 1)
    #expect(streams.reportedLineNumbers(mixed.standardError) == streams.badLineNumbers, "seed \(Self.seed)")
    #expect(mixed.standardOutput == clean.standardOutput, "seed \(Self.seed)")
    #expect(!clean.standardOutput.isEmpty)
  }

  /// `follow` prints what each burst changed, and bursts depend on timing, so its output for a
  /// generated stream is not fixed; what is fixed is every diagnostic, in line order.
  @Test func followReportsEveryBadLineOfAGeneratedStreamInOrder() throws {
    let streams = try Streams(
      goodLines: Self.generatedLines(count: 2_000, seed: Self.seed), badLineCount: 80, seed: Self.seed)
    let result = try CommandRunner.run("transcript", ["follow", "--width", "60", streams.mixed])
    #expect(result.status == 1)
    #expect(streams.reportedLineNumbers(result.standardError) == streams.badLineNumbers, "seed \(Self.seed)")
    #expect(result.standardError.split(separator: "\n").count == streams.badLineNumbers.count)
  }

  /// In a stream that only appends messages, each from someone other than the one before, no
  /// row is ever re-decorated, so `follow`'s output is the transcript `render` draws whatever
  /// the bursts: with bad lines mixed in, it must still be exactly that of the clean stream.
  @Test func followOfAnAppendOnlyStreamWithBadLinesDrawsTheCleanTranscript() throws {
    let senders = ["ann", "bob", "cy"]
    let goodLines = (0..<600).map { index in
      #"{"op":"insert","item":{"id":"a\#(index)","type":"text","sender":"\#(senders[index % 3])","#
        + #""incoming":true,"date":"2026-11-21T10:00:00Z","text":"append-only message \#(index)"}}"#
    }
    let streams = try Streams(goodLines: goodLines, badLineCount: 60, seed: Self.seed)
    let rendered = try CommandRunner.run(
      "transcript", ["render", "--width", "50", "--format", "plain", streams.clean])
    let followed = try CommandRunner.run("transcript", ["follow", "--width", "50", streams.mixed])

    #expect(followed.status == 1)
    #expect(
      streams.reportedLineNumbers(followed.standardError) == streams.badLineNumbers, "seed \(Self.seed)")
    #expect(followed.standardOutput == rendered.standardOutput, "seed \(Self.seed)")
    #expect(rendered.standardOutput.contains("append-only message 599"))
  }
}
