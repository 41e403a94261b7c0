import Foundation
import TestSupport
import Testing

/// `transcript layout --font` and `transcript render --font`: the transcript laid out in pixels
/// with a real font (Debian's fonts-dejavu-core, which `.ci/run` installs; the tests fail
/// without it).
@Suite struct PointLayoutCommandTests {
  static let font = TestFont.dejaVuSansPath
  static let conversation = "Samples/Data/conversation.ndjson"

  @Test func layoutInPixelsMatchesGolden() throws {
    #expect(FileManager.default.fileExists(atPath: Self.font), "install fonts-dejavu-core")
    let result = try CommandRunner.run("transcript", ["layout", "--font", Self.font, Self.conversation])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput == GoldenFile.expected("layout-font-390.txt", actual: result.standardOutput))
  }

  /// The defaults are 15 px and 390 px wide; a wider layout wraps into fewer lines.
  @Test func defaultsAreAPhoneAt15Pixels() throws {
    let defaults = try CommandRunner.run("transcript", ["layout", "--font", Self.font, Self.conversation])
    let explicit = try CommandRunner.run(
      "transcript", ["layout", "--font=\(Self.font)", "--size", "15", "--width", "390", Self.conversation])
    let desktop = try CommandRunner.run(
      "transcript", ["layout", "--font", Self.font, "--width", "1024", Self.conversation])
    #expect(defaults.standardOutput == explicit.standardOutput)
    func contentHeight(_ output: String) -> Double {
      output.split(separator: "\n").last.map { row -> Double in
        let fields = row.split(separator: "\t")
        return Double(fields[1])! + Double(fields[2])!
      } ?? 0
    }
    #expect(contentHeight(desktop.standardOutput) < contentHeight(defaults.standardOutput))
  }

  @Test func renderDrawsAWellFormedSVGInPixels() throws {
    let result = try CommandRunner.run(
      "transcript", ["render", "--font", Self.font, "--format", "svg", Self.conversation])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(MarkupChecker.xmlProblem(in: result.standardOutput) == nil)
    #expect(
      result.standardOutput.hasPrefix(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="390" height=""#))
    #expect(result.standardOutput.contains(#"font-family="&#39;DejaVuSans&#39;, sans-serif" font-size="15""#))
    // The default format with a font is svg.
    let byDefault = try CommandRunner.run("transcript", ["render", "--font", Self.font, Self.conversation])
    #expect(byDefault.standardOutput == result.standardOutput)
  }

  @Test(arguments: ["layout", "render"])
  func aFileThatIsNotAFontIsAnError(command: String) throws {
    let result = try CommandRunner.run(
      "transcript", [command, "--font", Self.conversation, Self.conversation])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("transcript \(command): \(Self.conversation): not a font"))
    #expect(result.standardOutput.isEmpty)
    let missing = try CommandRunner.run(
      "transcript", [command, "--font", "/nonexistent.ttf", Self.conversation])
    #expect(missing.status == 2)
    #expect(missing.standardError == "transcript \(command): cannot open font /nonexistent.ttf\n")
  }

  @Test(arguments: [
    (["render", "--font", font, "--format", "plain"], "--font draws only --format svg"),
    (["render", "--font", font, "--format", "html"], "--font draws only --format svg"),
    (["render", "--font", font, "--format", "pdf"], "--format must be one of"),
    (["layout", "--size", "15"], "--size needs --font"),
    (["render", "--size", "15"], "--size needs --font"),
    (["layout", "--theme", "phone"], "--theme phone needs --font"),
    (["layout", "--font", font, "--size", "0"], "--size must be a number"),
    (["layout", "--font", font, "--theme", "tiny"], "--theme must be one of compact, phone, roomy"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try CommandRunner.run("transcript", arguments + [Self.conversation])
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix("transcript \(arguments[0]): \(message)"), "\(result.standardError)")
  }
}
