import Foundation
import TestSupport
import Testing

/// `transcript measure --font`: wrapping in pixels with a real font (Debian's fonts-dejavu-core,
/// which `.ci/run` installs; the tests fail without it).
@Suite struct MeasureFontCommandTests {
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  static func stream(_ texts: [(id: String, text: String)]) throws -> Data {
    let lines = try texts.map { entry -> String in
      let item = ["id": entry.id, "type": "text", "text": entry.text]
      let json = try JSONSerialization.data(
        withJSONObject: ["op": "insert", "item": item], options: [.sortedKeys])
      return String(decoding: json, as: UTF8.self)
    }
    return Data(lines.joined(separator: "\n").utf8)
  }

  @Test func measuresInPixelsWithKerning() throws {
    #expect(FileManager.default.fileExists(atPath: Self.dejaVuSans), "install fonts-dejavu-core")
    let input = try Self.stream([
      ("av", "AV"), ("spaces", "word    "), ("wrapped", "the quick brown fox"), ("empty", ""),
    ])
    let result = try CommandRunner.run(
      "transcript", ["measure", "--font", Self.dejaVuSans, "--size", "15", "--wrap", "60"], input: input)
    #expect(result.status == 0)
    // AV: (10508 + 10508 − 982) / 1024 px. "word": w 1675, o 1253, r 842, d 1300 font units,
    // and r-d kerns by −36 (fontTools), each scaled by 15 × 1024 / 2048 and rounded.
    let word = [1675, 1253, 842, 1300, -36].reduce(0) { $0 + ($1 * 491_520 + 32768) >> 16 }
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "av\t1\t\(String(format: "%.2f", Double(20034) / 1024))")
    #expect(lines[1] == "spaces\t1\t\(String(format: "%.2f", Double(word) / 1024))")
    #expect(lines[2].hasPrefix("wrapped\t4\t"))  // the, quick, brown, fox: no two fit in 60 px
    #expect(lines[3] == "empty\t1\t0.00")
  }

  @Test func fallbackFontsAreTriedInOrder() throws {
    let input = try Self.stream([("a", "Ab")])
    let one = try CommandRunner.run(
      "transcript", ["measure", "--font", Self.dejaVuSans, "--size", "15", "--wrap", "100"], input: input)
    let two = try CommandRunner.run(
      "transcript",
      [
        "measure", "--font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "--font", Self.dejaVuSans,
        "--size", "15", "--wrap", "100",
      ], input: input)
    #expect(one.status == 0 && two.status == 0)
    // Mono's 1233-unit cells: 2 × 9.03 px.
    #expect(two.standardOutput == "a\t1\t18.06\n")
    #expect(one.standardOutput != two.standardOutput)
  }

  @Test func aFileThatIsNotAFontIsAnError() throws {
    let result = try CommandRunner.run(
      "transcript",
      ["measure", "--font", "Samples/Data/conversation.ndjson", "--size", "15", "--wrap", "100"],
      input: try Self.stream([("a", "a")]))
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix("transcript measure: Samples/Data/conversation.ndjson: not a font"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test func aMissingFontCannotBeOpened() throws {
    let result = try CommandRunner.run(
      "transcript", ["measure", "--font", "/nonexistent.ttf", "--size", "15", "--wrap", "100"],
      input: try Self.stream([("a", "a")]))
    #expect(result.status == 2)
    #expect(result.standardError == "transcript measure: cannot open font /nonexistent.ttf\n")
  }

  @Test(arguments: [
    (["--font", dejaVuSans, "--wrap", "100"], "--size is required with --font"),
    (["--font", dejaVuSans, "--size", "15"], "--wrap is required with --font"),
    (["--font", dejaVuSans, "--size", "0", "--wrap", "100"], "--size must be a number"),
    (["--size", "15", "--wrap", "100"], "--size needs --font"),
    (["--wrap", "100", "--font"], "--font needs a value"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", ["measure"] + arguments, input: try Self.stream([]))
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("transcript measure: \(message)"), "\(result.standardError)")
  }
}
