import ChatTranscript
import ChatTranscriptMessages
import Foundation
import Testing

@testable import ChatTranscriptStreams

/// Keeps `Documentation/WireFormat.md` true.
///
/// Every `ndjson` block of the document is fed, as one stream, through the line reader, the
/// decoder and a fresh `StreamTranscript` (by a `StreamFeeder`, as the command line does), and
/// every annotation in it must hold: each line's outcome (`# → applies`, `# → bad: MESSAGE`,
/// `# → skipped`) and the transcript's state (`# ids: …`, `# item: {…}`). The document must also
/// show every op, every item field, every status and every reason a line can be rejected for:
/// the lists below name them, and exhaustive switches over the error codes make a new reason fail
/// to compile until it is listed here (and then fail until the document shows it).
@Suite struct WireFormatDocumentTests {
  /// The name diagnostics give the examples' stream.
  static let source = "example.ndjson"

  @Test func documentHasExamples() throws {
    let document = try WireFormatDocument.load()
    #expect(document.problems == [])
    #expect(!document.blocks.isEmpty, "no ndjson blocks")
    #expect(document.exampleCount > 0, "no example lines")
    for block in document.blocks {
      #expect(!block.examples.isEmpty, "\(WireFormatDocument.name):\(block.fenceLine): a block without lines")
    }
  }

  @Test func everyExampleHasItsDocumentedOutcome() throws {
    let document = try WireFormatDocument.load()
    #expect(document.problems == [])
    for block in document.blocks {
      let run = try BlockRun(block)
      for step in block.steps {
        switch step {
        case .example(let example):
          check(example, in: run, canonical: block.isCanonical)
        case .ids(let ids, let line, let after):
          #expect(
            run.snapshot(after: after).ids == ids,
            "\(WireFormatDocument.name):\(line): the transcript's ids")
        case .item(let json, let line, let after):
          let items = run.snapshot(after: after).items
          #expect(
            items.contains(json),
            "\(WireFormatDocument.name):\(line): no such item; the transcript holds \(items)")
        }
      }
    }
  }

  @Test func everyOpHasAnExampleThatApplies() throws {
    let runs = try Self.runs()
    let shown = Set(runs.flatMap { $0.appliedEvents.map(Op.init) })
    for op in Op.allCases {
      #expect(shown.contains(op), "no example of \(op.rawValue) that applies")
    }
  }

  /// The op list is the decoder's: every wire name it knows is tried as an op.
  @Test func opListNamesEveryOpTheDecoderAccepts() {
    let decoder = StreamDecoder()
    let accepted = WireKey.allCases.map(\.name).filter { name in
      decoder.decode(#"{"op":"\#(name)"}"#) != .failure(.unknownOp(name))
    }
    #expect(Set(accepted) == Set(Op.allCases.map(\.wireName)))
  }

  /// Every name the decoder acts on is an op, a field of a line or a field of an item listed here.
  @Test func fieldListsNameEveryWireKey() {
    let listed = Set(Op.allCases.map(\.wireName)).union(Self.eventFields).union(
      ItemField.allCases.map(\.rawValue))
    #expect(Set(WireKey.allCases.map(\.name)) == listed)
  }

  @Test func everyItemFieldAndStatusHasAnExampleThatApplies() throws {
    let events = try Self.runs().flatMap(\.appliedEvents)
    let items = events.flatMap(\.items)
    for field in ItemField.allCases {
      #expect(items.contains { field.isSet(in: $0) }, "no applied item with \"\(field.rawValue)\"")
    }
    for status in DeliveryStatus.allCases {
      let shown = events.contains {
        if case .status(_, status) = $0 { return true }
        return $0.items.contains { $0.status == status }
      }
      #expect(shown, "no applied example with the status \(status.rawValue)")
    }
  }

  @Test func everyDecodingReasonHasAnExample() throws {
    let errors = try Self.runs().flatMap(\.decodingErrors.values)
    let shown = Set(errors.flatMap { DecodingReason.reasons(of: $0.code) })
    for reason in DecodingReason.allCases {
      #expect(shown.contains(reason), "no example of a line rejected for \(reason)")
    }
  }

  @Test func everyApplicationReasonHasAnExample() throws {
    let errors = try Self.runs().flatMap { $0.eventErrors.values.joined() }
    let shown = Set(errors.flatMap { ApplicationReason.reasons(of: $0.code) })
    for reason in ApplicationReason.allCases {
      #expect(shown.contains(reason), "no example of an event rejected for \(reason)")
    }
  }

  @Test func blankLinesHaveAnExample() throws {
    let examples = try WireFormatDocument.load().blocks.flatMap(\.examples)
    #expect(examples.contains { $0.outcome == .skipped }, "no example of a skipped line")
  }

  // MARK: Checking one line

  private func check(_ example: Example, in run: BlockRun, canonical: Bool) {
    let place = "\(WireFormatDocument.name):\(example.documentLine)"
    guard let diagnostics = run.diagnostics[example.number] else {
      #expect(
        example.outcome == .skipped, "\(place): the reader skipped the line, documented: \(example.outcome)")
      return
    }
    let messages = diagnostics.map(\.message)
    let actual: Outcome = messages.isEmpty ? .applies : .bad(messages)
    #expect(actual == example.outcome, "\(place): \(example.text)")
    for diagnostic in diagnostics {
      #expect(diagnostic.description == "\(Self.source):\(example.number): \(diagnostic.message)", "\(place)")
    }
    // The feeder and the decoder with a second transcript agree, so the reasons classified from the
    // latter are the former's.
    let expected =
      run.decodingErrors[example.number].map { [$0.description] }
      ?? run.eventErrors[example.number].map { $0.map(\.description) } ?? []
    #expect(messages == expected, "\(place)")
    if canonical, let event = run.events[example.number] {
      #expect(run.lines[example.number] == StreamEncoder().encode(event), "\(place): not canonical")
    }
  }

  /// Every block of the document, run.
  private static func runs() throws -> [BlockRun] {
    let document = try WireFormatDocument.load()
    #expect(document.problems == [])
    return try document.blocks.map(BlockRun.init)
  }

  // MARK: What the document must show

  /// The ops, with the three insert positions apart.
  enum Op: String, CaseIterable {
    case insert
    case insertAfter = "insert with \"after\""
    case insertBefore = "insert with \"before\""
    case update, status, delete, prepend, typing

    init(_ event: StreamEvent) {
      switch event {
      case .insert(_, .end): self = .insert
      case .insert(_, .after): self = .insertAfter
      case .insert(_, .before): self = .insertBefore
      case .update: self = .update
      case .status: self = .status
      case .delete: self = .delete
      case .prepend: self = .prepend
      case .typing: self = .typing
      }
    }

    /// The value of `"op"`.
    var wireName: String {
      switch self {
      case .insert, .insertAfter, .insertBefore: "insert"
      case .update: "update"
      case .status: "status"
      case .delete: "delete"
      case .prepend: "prepend"
      case .typing: "typing"
      }
    }
  }

  /// The fields of a line (besides those of its item).
  static let eventFields: Set = [
    "op", "id", "status", "sender", "active", "after", "before", "item", "items",
  ]

  /// The fields of an item.
  enum ItemField: String, CaseIterable {
    case id, type, sender, incoming, date, status, text, width, height, caption

    func isSet(in item: StreamItem) -> Bool {
      switch self {
      case .id: !item.id.isEmpty
      case .type: !item.type.isEmpty
      case .sender: item.sender != nil
      case .incoming: item.isIncoming != nil
      case .date: item.date != nil
      case .status: item.status != nil
      case .text: item.text != nil
      case .width: item.width != nil
      case .height: item.height != nil
      case .caption: item.caption != nil
      }
    }
  }

  /// Every reason the decoder rejects a line for.
  enum DecodingReason: CaseIterable {
    case invalidUTF8
    case unexpectedCharacter, unexpectedEnd, invalidEscape, invalidUnicodeEscape, loneSurrogate
    case controlCharacter, tooDeep, notAnObject
    case unknownOp, missing, empty, wrongType, invalidStatus, invalidDate, conflictingPositions
    case itemNotAnObject, prependItem

    /// The reasons an error gives. A bad prepend item gives `prependItem`, and `itemNotAnObject` when
    /// that is why; the item's other reasons need examples of their own, outside a prepend.
    static func reasons(of code: StreamDecodingError.Code) -> [Self] {
      switch code {
      case .invalidUTF8: [.invalidUTF8]
      case .syntax(let syntax, _):
        switch syntax {
        case .unexpectedCharacter: [.unexpectedCharacter]
        case .unexpectedEnd: [.unexpectedEnd]
        case .invalidEscape: [.invalidEscape]
        case .invalidUnicodeEscape: [.invalidUnicodeEscape]
        case .loneSurrogate: [.loneSurrogate]
        case .controlCharacter: [.controlCharacter]
        case .tooDeep: [.tooDeep]
        }
      case .notAnObject: [.notAnObject]
      case .missing: [.missing]
      case .empty: [.empty]
      case .wrongType: [.wrongType]
      case .invalidStatus: [.invalidStatus]
      case .invalidDate: [.invalidDate]
      case .unknownOp: [.unknownOp]
      case .conflictingPositions: [.conflictingPositions]
      case .itemNotAnObject: [.itemNotAnObject]
      case .prependItem(_, .itemNotAnObject): [.prependItem, .itemNotAnObject]
      case .prependItem: [.prependItem]
      }
    }
  }

  /// Every reason the transcript rejects a well-formed event for.
  enum ApplicationReason: CaseIterable {
    case duplicateID, unknownID, unknownPositionID, reservedID, prependItem

    /// The reasons an error gives; a rejected prepend item gives `prependItem` only.
    static func reasons(of code: TranscriptEventError.Code) -> [Self] {
      switch code {
      case .duplicateID: [.duplicateID]
      case .unknownID(_, nil): [.unknownID]
      case .unknownID(_, _?): [.unknownPositionID]
      case .reservedID: [.reservedID]
      case .prependItem: [.prependItem]
      }
    }
  }
}

// MARK: - The document

/// The examples of `Documentation/WireFormat.md`: its `ndjson` blocks, parsed.
private struct WireFormatDocument {
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
            block = ExampleBlock(fenceLine: number, isCanonical: info.dropFirst() == ["canonical"])
            if info.count > 1 && info.dropFirst() != ["canonical"] {
              problems.append("\(Self.name):\(number): unknown info string")
            }
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
private struct ExampleBlock {
  /// The document line of the opening fence.
  var fenceLine: Int
  /// Whether each line must be exactly what the encoder writes for its event (`ndjson canonical`).
  var isCanonical: Bool
  var steps: [Step] = []
  /// The line read last, until its outcomes are complete.
  var pending: PendingExample?

  init(fenceLine: Int, isCanonical: Bool) {
    self.fenceLine = fenceLine
    self.isCanonical = isCanonical
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
  }
}

/// One line of an example stream and its documented outcome.
private struct Example {
  var documentLine: Int
  /// The 1-based line number in the block's stream.
  var number: Int
  var text: String
  var bytes: [UInt8]
  var outcome: Outcome
}

private struct PendingExample {
  var documentLine: Int
  var number: Int
  var text: String
  var bytes: [UInt8]
  var outcome: Outcome?
}

private enum Outcome: Equatable, CustomStringConvertible {
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

// MARK: - Running a block

/// A block fed through the reader, the decoder and a fresh transcript, line by line.
private struct BlockRun {
  /// The diagnostics of each line the reader delivered (empty when it applied).
  var diagnostics: [Int: [StreamDiagnostic]] = [:]
  /// Each delivered line as text.
  var lines: [Int: String] = [:]
  /// What the decoder made of each delivered line.
  var events: [Int: StreamEvent] = [:]
  var decodingErrors: [Int: StreamDecodingError] = [:]
  /// What a second transcript, fed the same events, rejected them for.
  var eventErrors: [Int: [TranscriptEventError]] = [:]
  /// The transcript after each delivered line: its ids, and its items as the encoder writes them.
  private var snapshots: [(number: Int, state: Snapshot)] = []

  struct Snapshot {
    var ids: [String] = []
    var items: [String] = []
  }

  init(_ block: ExampleBlock) throws {
    var stream: [UInt8] = []
    for example in block.examples { stream += example.bytes + [0x0A] }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wire-format-\(UUID().uuidString).ndjson")
    try Data(stream).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    var reader = try NDJSONLineReader(path: file.path)
    var feeder = StreamFeeder(transcript: StreamTranscript(), source: WireFormatDocumentTests.source)
    let second = StreamTranscript()
    let decoder = StreamDecoder()
    let encoder = StreamEncoder()
    var run = self
    reader.forEachLine { line, number in
      run.diagnostics[number] = feeder.feed(line, lineNumber: number)
      run.lines[number] = String(decoding: line, as: UTF8.self)
      switch decoder.decode(line) {
      case .success(let event):
        run.events[number] = event
        run.eventErrors[number] = second.apply(event)
      case .failure(let error):
        run.decodingErrors[number] = error
      }
      let items = feeder.transcript.chatItems
      let encoded = items.compactMap { $0 as? StreamItem }.map { encoder.object(for: $0) }
      run.snapshots.append((number, Snapshot(ids: items.map(\.id), items: encoded)))
    }
    if let failure = reader.failure { throw failure }
    self = run
  }

  /// The transcript after the first `count` lines of the stream.
  func snapshot(after count: Int) -> Snapshot {
    snapshots.last { $0.number <= count }?.state ?? Snapshot()
  }

  /// The events of the lines that applied without a diagnostic.
  var appliedEvents: [StreamEvent] {
    events.filter { diagnostics[$0.key]?.isEmpty == true }.sorted { $0.key < $1.key }.map(\.value)
  }
}

extension StreamEvent {
  /// The items the event carries.
  fileprivate var items: [StreamItem] {
    switch self {
    case .insert(let item, _), .update(let item): [item]
    case .prepend(let items): items
    case .status, .delete, .typing: []
    }
  }
}
