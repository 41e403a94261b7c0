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
/// show every op, every item field, an item with unknown fields, every status and every reason a
/// line can be rejected for: the lists below name them, and exhaustive switches over the error codes
/// make a new reason fail to compile until it is listed here (and then fail until the document
/// shows it).
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
        case .seen(let id, let readers, let line, let after):
          let receipt = run.snapshot(after: after).receipts[id]
          #expect(
            receipt == ReadReceipt(readers: readers),
            "\(WireFormatDocument.name):\(line): the readers of \(id) are \(String(describing: receipt))")
        case .unreadAfter(let id, let line, let after):
          let shown = run.snapshot(after: after).unreadAfter
          #expect(
            shown == (id.map { [$0] } ?? []),
            "\(WireFormatDocument.name):\(line): the divider follows \(shown)")
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

  @Test func everyItemFieldUnknownFieldsAndEveryStatusHaveAnExampleThatApplies() throws {
    let events = try Self.runs().flatMap(\.appliedEvents)
    let items = events.flatMap(\.items)
    for field in ItemField.allCases {
      #expect(items.contains { field.isSet(in: $0) }, "no applied item with \"\(field.rawValue)\"")
    }
    #expect(items.contains { !$0.extraFields.isEmpty }, "no applied item with unknown fields")
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
    case update, status, delete, prepend, typing, react, read, lastRead

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
      case .react: self = .react
      case .read: self = .read
      case .lastRead: self = .lastRead
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
      case .react: "react"
      case .read: "read"
      case .lastRead: "lastRead"
      }
    }
  }

  /// The fields of a line (besides those of its item).
  static let eventFields: Set = [
    "op", "id", "status", "sender", "active", "after", "before", "item", "items", "reaction", "upTo",
  ]

  /// The fields of an item.
  enum ItemField: String, CaseIterable {
    case id, type, sender, incoming, date, status, text, width, height, caption, replyTo, edited, deleted
    case reactions

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
      case .replyTo: item.replyTo != nil
      case .edited: item.isEdited != nil
      case .deleted: item.isDeleted != nil
      case .reactions: !item.reactions.isEmpty
      }
    }
  }

  /// Every reason the decoder rejects a line for.
  enum DecodingReason: CaseIterable {
    case lineTooLong, invalidUTF8
    case unexpectedCharacter, unexpectedEnd, invalidEscape, invalidUnicodeEscape, loneSurrogate
    case controlCharacter, tooDeep, notAnObject
    case unknownOp, missing, empty, wrongType, invalidStatus, invalidDate, conflictingPositions
    case itemNotAnObject, tooManyExtraFields, invalidReactionCount, emptyReaction, tooManyReactions
    case prependItem

    /// The reasons an error gives. A bad prepend item gives `prependItem`, and `itemNotAnObject` when
    /// that is why; the item's other reasons need examples of their own, outside a prepend.
    static func reasons(of code: StreamDecodingError.Code) -> [Self] {
      switch code {
      case .lineTooLong: [.lineTooLong]
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
      case .tooManyExtraFields: [.tooManyExtraFields]
      case .invalidReactionCount: [.invalidReactionCount]
      case .emptyReaction: [.emptyReaction]
      case .tooManyReactions: [.tooManyReactions]
      case .prependItem(_, .itemNotAnObject): [.prependItem, .itemNotAnObject]
      case .prependItem: [.prependItem]
      }
    }
  }

  /// Every reason the transcript rejects a well-formed event for.
  enum ApplicationReason: CaseIterable {
    case duplicateID, unknownID, unknownPositionID, reservedID, tooManyReactions, prependItem

    /// The reasons an error gives; a rejected prepend item gives `prependItem` only.
    static func reasons(of code: TranscriptEventError.Code) -> [Self] {
      switch code {
      case .duplicateID: [.duplicateID]
      case .unknownID(_, nil): [.unknownID]
      case .unknownID(_, _?): [.unknownPositionID]
      case .reservedID: [.reservedID]
      case .tooManyReactions: [.tooManyReactions]
      case .prependItem, .morePrependItemsRejected: [.prependItem]
      }
    }
  }
}
