import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams

/// libFuzzer entry point for the NDJSON event decoder and the stream transcript behind it.
///
/// Why these checks: the decoder reads untrusted bytes from files and pipes, so it must never
/// trap, and whatever it accepts must survive `StreamEncoder` unchanged (backends and the
/// generator write streams with the encoder and expect the decoder to read them back). Events
/// that decode are then applied, the way the CLI applies a stream, to a `StreamTranscript`
/// with a controller attached, and compared with a plain array of ids after each line.
///
/// The input is decoded whole as one line first (JSON whitespace includes line feeds). When it
/// holds line feeds it is also read as an NDJSON stream, one event per line, so the fuzzer can
/// build sequences of inserts, deletes and prepends that exercise the transcript.
///
/// A broken invariant ends in `fatalError`, which libFuzzer reports as a crash with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
  let decoder = StreamDecoder()
  let whole = decoder.decode(bytes)
  checkDiagnostics(of: whole)
  if case .success(let event) = whole {
    checkRoundTrip(event)
  }
  guard bytes.contains(UInt8(ascii: "\n")) else {
    if case .success(let event) = whole {
      var stream = StreamHarness()
      stream.apply(event)
    }
    return 0
  }
  var stream = StreamHarness()
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    let result = decoder.decode(UnsafeRawBufferPointer(rebasing: line))
    checkDiagnostics(of: result)
    if case .success(let event) = result {
      checkRoundTrip(event)
      stream.apply(event)
    }
  }
  return 0
}

/// Encoding an event and decoding the line again must give the same event.
private func checkRoundTrip(_ event: StreamEvent) {
  let line = StreamEncoder().encode(event)
  switch StreamDecoder().decode(line) {
  case .success(let decoded) where decoded == event:
    break
  case .success(let decoded):
    fatalError("round trip changed the event:\n  \(event)\n  \(line)\n  \(decoded)")
  case .failure(let error):
    fatalError("the decoder rejects the encoder's line: \(error)\n  \(event)\n  \(line)")
  }
  guard !line.utf8.contains(UInt8(ascii: "\n")) else {
    fatalError("the encoder wrote a line break inside a line: \(line)")
  }
}

/// Diagnostics are printed for every bad line of a stream: building them must not trap either.
private func checkDiagnostics(of result: Result<StreamEvent, StreamDecodingError>) {
  guard case .failure(let error) = result else { return }
  if error.description.isEmpty { fatalError("an empty diagnostic") }
  if let column = error.column, column < 1 { fatalError("column \(column) of \(error)") }
}

/// A stream transcript with a controller attached, and the reference model it must match.
///
/// The model is what the wire format promises in `Documentation/WireFormat.md`, written as plainly
/// as possible: an array of ids, the senders typing in the order they started, the reactions
/// of each item, each reader's newest read item and the local user's last-read mark.
private struct StreamHarness {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController
  var ids: [String] = []
  var typing: [String] = []
  /// One entry per item in `ids`: the reactions it lists, and who gave which through `react`.
  var reactions: [ModelReactions] = []
  /// Each reader and the newest item they read, in the order they reached it.
  var readers: [(name: String, item: String)] = []
  /// The item the local user last read up to.
  var mark: String?

  struct ModelReactions {
    var id: String
    var given: [String]
    var senders: [(reaction: String, senders: [String])] = []

    /// Every reaction the item shows a count for: its own, then those only senders gave.
    var names: [String] {
      var names = given
      for (reaction, _) in senders where !names.contains(where: { $0.hasSameBytes(as: reaction) }) {
        names.append(reaction)
      }
      return names
    }
  }

  init() {
    // No builders: every item gets the fallback presenter, which measures its placeholder text.
    controller = ChatTranscriptController(buildersByType: [:], viewport: Viewport(width: 30, height: 8))
    controller.dataSource = transcript
  }

  /// Applies `event` to the transcript and the model, then compares them.
  mutating func apply(_ event: StreamEvent) {
    let expectedErrors = applyToModel(event)
    let errors = transcript.apply(event)
    if errors.count != expectedErrors {
      fatalError("\(event): \(errors.count) errors, the model expects \(expectedErrors): \(errors)")
    }
    for error in errors where error.description.isEmpty {
      fatalError("an empty event error for \(event)")
    }
    controller.applyPendingUpdates()
    check(after: event)
  }

  /// The model's view of `event`: how many errors the transcript should report.
  private mutating func applyToModel(_ event: StreamEvent) -> Int {
    switch event {
    case .insert(let item, let position):
      guard !item.id.hasSameBytes(as: TypingIndicatorItem.reservedID), modelIndex(of: item.id) == nil else {
        return 1
      }
      switch position {
      case .end:
        ids.append(item.id)
      case .after(let anchor):
        guard let index = modelIndex(of: anchor) else { return 1 }
        ids.insert(item.id, at: index + 1)
      case .before(let anchor):
        guard let index = modelIndex(of: anchor) else { return 1 }
        ids.insert(item.id, at: index)
      }
      reactions.append(ModelReactions(id: item.id, given: item.reactions.map(\.reaction)))
    case .update(let item):
      guard let index = reactionsIndex(of: item.id) else { return 1 }
      reactions[index].given = item.reactions.map(\.reaction)
    case .status(let id, _):
      return modelIndex(of: id) == nil ? 1 : 0
    case .delete(let id):
      guard let index = modelIndex(of: id) else { return 1 }
      ids.remove(at: index)
      reactions.removeAll { $0.id.hasSameBytes(as: id) }
      // A removed item's readers are forgotten; the mark moves to the item before it.
      readers.removeAll { $0.item.hasSameBytes(as: id) }
      if let mark, mark.hasSameBytes(as: id) { self.mark = index > 0 ? ids[index - 1] : nil }
    case .react(let id, let sender, let reaction, let isActive):
      guard let index = reactionsIndex(of: id) else { return 1 }
      var entry = reactions[index]
      let slot = entry.senders.firstIndex { $0.reaction.hasSameBytes(as: reaction) }
      let gave = slot.map { entry.senders[$0].senders.contains { $0.hasSameBytes(as: sender) } } ?? false
      guard isActive != gave else { return 0 }
      if !isActive, let slot {
        entry.senders[slot].senders.removeAll { $0.hasSameBytes(as: sender) }
        if entry.senders[slot].senders.isEmpty { entry.senders.remove(at: slot) }
      } else if let slot {
        entry.senders[slot].senders.append(sender)
      } else {
        entry.senders.append((reaction, [sender]))
      }
      // A reaction too many is refused and changes nothing.
      guard !isActive || entry.names.count <= StreamDecoder.maximumReactionsPerItem else { return 1 }
      reactions[index] = entry
    case .prepend(let items):
      var accepted: [String] = []
      var rejected = 0
      for item in items {
        if item.id.hasSameBytes(as: TypingIndicatorItem.reservedID) || modelIndex(of: item.id) != nil
          || accepted.contains(where: { $0.hasSameBytes(as: item.id) })
        {
          rejected += 1
        } else {
          accepted.append(item.id)
        }
      }
      ids.insert(contentsOf: accepted, at: 0)
      for item in items where accepted.contains(where: { $0.hasSameBytes(as: item.id) }) {
        reactions.append(ModelReactions(id: item.id, given: item.reactions.map(\.reaction)))
      }
      // The first few rejected items are reported one by one, the rest in one diagnostic.
      let limit = StreamTranscript.reportedPrependRejections
      return min(rejected, limit) + (rejected > limit ? 1 : 0)
    case .typing(let sender, let isActive):
      typing.removeAll { $0.hasSameBytes(as: sender) }
      if isActive { typing.append(sender) }
    case .read(let sender, let upTo):
      guard let index = modelIndex(of: upTo) else { return 1 }
      if let reader = readers.firstIndex(where: { $0.name.hasSameBytes(as: sender) }) {
        // Readers only move forward.
        guard let reached = modelIndex(of: readers[reader].item), reached < index else { return 0 }
        readers.remove(at: reader)
      }
      readers.append((sender, upTo))
    case .lastRead(let id):
      guard let index = modelIndex(of: id) else { return 1 }
      if let mark, let marked = modelIndex(of: mark), marked >= index { return 0 }
      mark = id
    }
    return 0
  }

  /// The transcript, its id index and the controller's rows all agree with the model.
  private func check(after event: StreamEvent) {
    if transcript.count != ids.count {
      fatalError("\(event): \(transcript.count) items, the model has \(ids.count)")
    }
    let expected = typing.isEmpty ? ids : ids + [TypingIndicatorItem.reservedID]
    let actual = transcript.chatItems.map(\.id)
    if !haveSameBytes(actual, expected) {
      fatalError("\(event): items \(actual), the model has \(expected)")
    }
    for (index, id) in ids.enumerated() where transcript.index(ofID: id) != index {
      fatalError(
        "\(event): index(ofID: \(id)) is \(String(describing: transcript.index(ofID: id))), not \(index)")
    }
    if let typingItem = transcript.chatItems.last as? TypingIndicatorItem {
      let named = Array(typing.prefix(TypingIndicatorItem.namedSenderLimit))
      if !haveSameBytes(typingItem.senders, named) || typingItem.otherCount != typing.count - named.count {
        fatalError(
          "\(event): typing \(typingItem.senders) and \(typingItem.otherCount) others, the model has \(typing)"
        )
      }
    }
    let rows = controller.rowFrames.map(\.id)
    if !haveSameBytes(rows, expected) {
      fatalError("\(event): controller rows \(rows), the transcript has \(expected)")
    }
    for entry in reactions {
      let shown = (transcript.item(withID: entry.id) as? StreamItem)?.reactions.map(\.reaction) ?? []
      if !haveSameBytes(shown, entry.names) {
        fatalError("\(event): \(entry.id) shows reactions \(shown), the model has \(entry.names)")
      }
    }
    checkReads(after: event)
  }

  /// Every item shows the readers whose newest read it is, in order, and the divider follows the
  /// mark exactly while an incoming message comes after it.
  private func checkReads(after event: StreamEvent) {
    let items = transcript.chatItems.compactMap { $0 as? StreamItem }
    let markIndex = mark.flatMap { modelIndex(of: $0) }
    for (index, item) in items.enumerated() {
      let expected = ReadReceipt(readers: readers.filter { $0.item.hasSameBytes(as: item.id) }.map(\.name))
      let shown = item.readReceipt
      if !haveSameBytes(shown.readers, expected.readers)
        || shown.otherReaderCount != expected.otherReaderCount
      {
        fatalError("\(event): \(item.id) shows readers \(shown), the model has \(expected)")
      }
      let isNews = { (later: StreamItem) in
        later.isIncoming != false && later.isDeleted != true
          && (later.type == "text" || later.type == "photo")
      }
      let divider = index == markIndex && items[(index + 1)...].contains(where: isNews)
      if item.isFollowedByUnreadDivider != divider {
        fatalError(
          "\(event): \(item.id) divider \(item.isFollowedByUnreadDivider), the model says \(divider)")
      }
    }
  }

  /// Where the reactions of the item `id` are in the model; `nil` when it has no such item.
  private func reactionsIndex(of id: String) -> Int? {
    reactions.firstIndex { $0.id.hasSameBytes(as: id) }
  }

  /// Where `id` is in the model: ids compare by their UTF-8 bytes, as the wire format says.
  private func modelIndex(of id: String) -> Int? {
    ids.firstIndex { $0.hasSameBytes(as: id) }
  }
}

/// Whether two lists of ids hold the same ids, byte for byte, in the same order.
private func haveSameBytes(_ lhs: [String], _ rhs: [String]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.hasSameBytes(as: $1) }
}
