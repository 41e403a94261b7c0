import Foundation

/// The examples of `Documentation/WireFormat.md`: its `ndjson` blocks, parsed.
struct WireFormatDocument {
  static let name = "WireFormat.md"

  var blocks: [ExampleBlock] = []
  /// What is wrong with the examples' notation, as `WireFormat.md:LINE: problem`.
  var problems: [String] = []

  var exampleCount: Int { blocks.reduce(0) { $0 + $1.examples.count } }

  /// The document in this repository, found from this file: up to the folder with `Package.swift`.
  static func url(testFile: String = #filePath) -> URL {
    var folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    while folder.path != "/",
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("Documentation").appendingPathComponent(name)
  }

  static func load() throws -> WireFormatDocument {
    WireFormatDocument(text: try String(contentsOf: url(), encoding: .utf8))
  }

  init(text: String) {
    var block: ExampleBlock?
    var isInOtherBlock = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = String(line)
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        if var finished = block {
          finish(&finished)
          blocks.append(finished)
          block = nil
        } else if isInOtherBlock {
          isInOtherBlock = false
        } else {
          let info = line.trimmingCharacters(in: .whitespaces).dropFirst(3).split(separator: " ")
          switch info.first {
          case "ndjson":
            var opened = ExampleBlock(fenceLine: number)
            for word in info.dropFirst() {
              if word == "canonical" {
                opened.isCanonical = true
              } else if word.hasPrefix("max-line-bytes="),
                let limit = Int(word.dropFirst("max-line-bytes=".count))
              {
                opened.maxLineLength = limit
              } else {
                problems.append("\(Self.name):\(number): unknown info string")
              }
            }
            block = opened
          default:
            isInOtherBlock = true
          }
        }
      } else if block != nil {
        read(line, number: number, into: &block)
      }
    }
    if let block { problems.append("\(Self.name):\(block.fenceLine): the block is not closed") }
  }

  /// Reads one line of an `ndjson` block.
  private mutating func read(_ line: String, number: Int, into block: inout ExampleBlock?) {
    guard var current = block else { return }
    defer { block = current }
    let place = "\(Self.name):\(number)"
    let outcomeMark = "# → "
    if line.hasPrefix(outcomeMark) {
      let text = line.dropFirst(outcomeMark.count)
      let outcome: Outcome
      if text == "applies" {
        outcome = .applies
      } else if text == "skipped" {
        outcome = .skipped
      } else if text.hasPrefix("bad: ") {
        outcome = .bad([String(text.dropFirst("bad: ".count))])
      } else {
        problems.append("\(place): unknown outcome")
        return
      }
      guard var example = current.pending else {
        problems.append("\(place): an outcome without a line before it")
        return
      }
      switch (example.outcome, outcome) {
      case (nil, _): example.outcome = outcome
      case (.bad(let earlier)?, .bad(let more)): example.outcome = .bad(earlier + more)
      default: problems.append("\(place): a second outcome that is not another \"bad\"")
      }
      current.pending = example
    } else if line.hasPrefix("# ids:") {
      finish(&current)
      let ids = line.dropFirst("# ids:".count).split(separator: " ").map(String.init)
      current.steps.append(.ids(ids, documentLine: number, after: current.examples.count))
    } else if line.hasPrefix("# item: ") {
      finish(&current)
      current.steps.append(
        .item(String(line.dropFirst("# item: ".count)), documentLine: number, after: current.examples.count))
    } else if line.hasPrefix("# seen: ") {
      finish(&current)
      let words = line.dropFirst("# seen: ".count).split(separator: " ").map(String.init)
      guard let id = words.first else {
        problems.append("\(place): \"seen\" without an id")
        return
      }
      current.steps.append(
        .seen(id: id, readers: Array(words.dropFirst()), documentLine: number, after: current.examples.count))
    } else if line.hasPrefix("# unread after:") {
      finish(&current)
      let id = line.dropFirst("# unread after:".count).split(separator: " ").first.map(String.init)
      current.steps.append(.unreadAfter(id, documentLine: number, after: current.examples.count))
    } else if line.hasPrefix("#") {
      problems.append("\(place): unknown annotation")
    } else {
      finish(&current)
      guard let bytes = Self.bytes(of: line) else {
        problems.append("\(place): a bad ⟨HH⟩ byte")
        return
      }
      current.pending = PendingExample(
        documentLine: number, number: current.examples.count + 1, text: line, bytes: bytes)
    }
  }

  /// Ends the line in progress; it must have an outcome.
  private mutating func finish(_ block: inout ExampleBlock) {
    guard let pending = block.pending else { return }
    block.pending = nil
    guard let outcome = pending.outcome else {
      problems.append("\(Self.name):\(pending.documentLine): a line without an outcome")
      return
    }
    let example = Example(
      documentLine: pending.documentLine, number: pending.number, text: pending.text, bytes: pending.bytes,
      outcome: outcome)
    block.steps.append(.example(example))
  }

  /// The bytes a line stands for: its UTF-8, with each `⟨HH⟩` replaced by the byte 0xHH.
  static func bytes(of line: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var scalars = Substring(line).unicodeScalars
    while let scalar = scalars.popFirst() {
      guard scalar == "⟨" else {
        UTF8.encode(scalar) { bytes.append($0) }
        continue
      }
      let digits = String(String.UnicodeScalarView(scalars.prefix(2)))
      guard scalars.dropFirst(2).first == "⟩", digits.count == 2, digits.allSatisfy(\.isHexDigit),
        digits == digits.uppercased(), let byte = UInt8(digits, radix: 16)
      else { return nil }
      bytes.append(byte)
      scalars = scalars.dropFirst(3)
    }
    return bytes
  }
}

/// One `ndjson` block: a stream of example lines with annotations.
struct ExampleBlock {
  /// The document line of the opening fence.
  var fenceLine: Int
  /// Whether each line must be exactly what the encoder writes for its event (`ndjson canonical`).
  var isCanonical = false
  /// The reader's line length limit for the block (`ndjson max-line-bytes=N`), if not the default.
  var maxLineLength: Int?
  var steps: [Step] = []
  /// The line read last, until its outcomes are complete.
  var pending: PendingExample?

  init(fenceLine: Int) {
    self.fenceLine = fenceLine
  }

  var examples: [Example] {
    steps.compactMap {
      if case .example(let example) = $0 { return example }
      return nil
    }
  }

  /// A line of the stream, or a check of the transcript after the first `after` lines.
  enum Step {
    case example(Example)
    case ids([String], documentLine: Int, after: Int)
    case item(String, documentLine: Int, after: Int)
    /// `# seen: ID NAME…`: the readers whose newest read the item `ID` is, in order (none when
    /// no name follows).
    case seen(id: String, readers: [String], documentLine: Int, after: Int)
    /// `# unread after: ID`: the item the unread divider follows (none when no id follows).
    case unreadAfter(String?, documentLine: Int, after: Int)
  }
}

/// One line of an example stream and its documented outcome.
struct Example {
  var documentLine: Int
  /// The 1-based line number in the block's stream.
  var number: Int
  var text: String
  var bytes: [UInt8]
  var outcome: Outcome
}

struct PendingExample {
  var documentLine: Int
  var number: Int
  var text: String
  var bytes: [UInt8]
  var outcome: Outcome?
}

enum Outcome: Equatable, CustomStringConvertible {
  case applies
  case skipped
  /// The diagnostics' messages, in order.
  case bad([String])

  var description: String {
    switch self {
    case .applies: "applies"
    case .skipped: "skipped"
    case .bad(let messages): messages.map { "bad: \($0)" }.joined(separator: "; ")
    }
  }
}
