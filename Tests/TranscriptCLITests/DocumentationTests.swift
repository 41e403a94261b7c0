import Foundation
import TestSupport
import Testing

/// The documents quote `Samples/getting-started` and `Samples/backend-sample`, which CI builds
/// and runs: every Swift block they show must be one sample file's lines, in that file's order,
/// and the output they show must be what the built sample prints.
@Suite struct DocumentationTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The heading of GettingStarted.md's section on `Samples/backend-sample`.
  static let backendHeading = "## A backend: several clients, row changes, snapshots"

  /// The Swift files the documents may quote, each as its lines without indentation.
  static func sampleFiles() throws -> [(path: String, lines: [String])] {
    let folder = "Samples/backend-sample"
    let names = try FileManager.default.contentsOfDirectory(
      atPath: CommandRunner.packageRoot.appendingPathComponent(folder).path)
    let backend = names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    return try (["Samples/getting-started/main.swift"] + backend).map { path in
      (path, try read(path).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    }
  }

  /// The part of `markdown` from the line `heading` to the next heading of its level (`before`
  /// false), or everything before that line (`before` true).
  static func section(_ heading: String, of markdown: String, before: Bool = false) -> String {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    let start = lines.firstIndex { $0 == heading } ?? lines.endIndex
    if before { return lines[..<start].joined(separator: "\n") }
    let end = lines[start...].dropFirst().firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
    return lines[start..<end].joined(separator: "\n")
  }

  /// The blocks of `markdown` fenced with ```` ```info ````, each as its lines.
  ///
  /// Blocks with another info string are skipped whole, so that with an empty `info` the fence
  /// closing a ```` ```swift ```` block does not open a block.
  static func blocks(_ info: String, in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    var isInOtherBlock = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if isInOtherBlock {
        isInOtherBlock = line != "```"
      } else if current != nil {
        if line == "```" {
          blocks.append(current ?? [])
          current = nil
        } else {
          current?.append(line)
        }
      } else if line == "```" + info {
        current = []
      } else if line.hasPrefix("```") {
        isInOtherBlock = true
      }
    }
    return blocks
  }

  /// Whether `lines` (without blank lines and the documents' `// In Type:` signposts) occur
  /// in `sample` in this order.
  static func isQuoted(_ lines: [String], from sample: [String]) -> Bool {
    var position = sample.startIndex
    for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) })
    where !line.isEmpty && !line.hasPrefix("// In ") {
      guard let found = sample[position...].firstIndex(of: line) else { return false }
      position = found + 1
    }
    return true
  }

  @Test(arguments: ["README.md", "Documentation/GettingStarted.md"])
  func swiftSnippetsAreTheSamplesCode(document: String) throws {
    let samples = try Self.sampleFiles()
    // A package manifest shown for the reader's own package is not the sample's.
    let blocks = Self.blocks("swift", in: try Self.read(document))
      .filter { $0.first?.hasPrefix("// swift-tools-version") != true }
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        samples.contains { Self.isQuoted(block, from: $0.lines) },
        "\(document) quotes code no sample file has:\n\(block.joined(separator: "\n"))")
    }
  }

  /// The backend section quotes `Samples/backend-sample` itself, not only the first sample.
  @Test func theBackendSectionQuotesTheBackendSample() throws {
    let section = Self.section(Self.backendHeading, of: try Self.read("Documentation/GettingStarted.md"))
    let backend = try Self.sampleFiles().filter { $0.path.hasPrefix("Samples/backend-sample/") }
    let blocks = Self.blocks("swift", in: section)
    #expect(!blocks.isEmpty, "GettingStarted.md has a section \(Self.backendHeading) with Swift blocks")
    for block in blocks {
      #expect(
        backend.contains { Self.isQuoted(block, from: $0.lines) },
        "the backend section quotes code backend-sample does not have:\n\(block.joined(separator: "\n"))")
    }
  }

  @Test func theOutputShownIsWhatTheSamplePrints() throws {
    let guide = Self.section(
      Self.backendHeading, of: try Self.read("Documentation/GettingStarted.md"), before: true)
    let shown = Self.blocks("", in: guide)
      .filter { $0.contains { $0.contains("call ended") } }
    let block = try #require(shown.first, "GettingStarted.md shows the sample's output")
    let result = try CommandRunner.run("getting-started", [])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(block.joined(separator: "\n") + "\n"))
  }

  /// Each output excerpt of the backend section is a run of whole lines `backend-sample` prints.
  @Test func theBackendOutputShownIsWhatTheSamplePrints() throws {
    let section = Self.section(Self.backendHeading, of: try Self.read("Documentation/GettingStarted.md"))
    let shown = Self.blocks("", in: section)
    #expect(!shown.isEmpty, "the backend section shows some of the sample's output")
    let result = try CommandRunner.run("backend-sample", [])
    #expect(result.status == 0)
    for block in shown {
      #expect(
        ("\n" + result.standardOutput).contains("\n" + block.joined(separator: "\n") + "\n"),
        "backend-sample does not print:\n\(block.joined(separator: "\n"))")
    }
  }
}
