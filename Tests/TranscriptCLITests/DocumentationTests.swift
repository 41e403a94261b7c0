import Foundation
import TestSupport
import Testing

/// The documents quote `Samples/getting-started`, which CI builds and runs: every Swift line
/// they show must be the sample's, in the sample's order, and the output they show must be
/// what the built sample prints.
@Suite struct DocumentationTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The blocks of `markdown` fenced with ```` ```info ````, each as its lines.
  static func blocks(_ info: String, in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```" + info {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(line)
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
    let sample = try Self.read("Samples/getting-started/main.swift")
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // A package manifest shown for the reader's own package is not the sample's.
    let blocks = Self.blocks("swift", in: try Self.read(document))
      .filter { $0.first?.hasPrefix("// swift-tools-version") != true }
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        Self.isQuoted(block, from: sample),
        "\(document) quotes code the sample does not have:\n\(block.joined(separator: "\n"))")
    }
  }

  @Test func theOutputShownIsWhatTheSamplePrints() throws {
    let shown = Self.blocks("", in: try Self.read("Documentation/GettingStarted.md"))
      .filter { $0.contains { $0.contains("call ended") } }
    let block = try #require(shown.first, "GettingStarted.md shows the sample's output")
    let result = try CommandRunner.run("getting-started", [])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(block.joined(separator: "\n") + "\n"))
  }
}
