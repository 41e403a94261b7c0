import Dispatch
import Synchronization

/// Decodes NDJSON lines and applies them to a ``StreamTranscript``: every good line applies,
/// every bad one becomes a ``StreamDiagnostic`` and is skipped.
public struct StreamFeeder {
  public let transcript: StreamTranscript
  /// The name diagnostics give for the input.
  public let source: String
  private let decoder = StreamDecoder()
  /// Lines applied, and lines rejected, so far.
  public private(set) var appliedCount = 0
  public private(set) var rejectedCount = 0

  public init(transcript: StreamTranscript, source: String) {
    self.transcript = transcript
    self.source = source
  }

  /// Decodes and applies one line.
  ///
  /// - Returns: the problems found; empty when the line applied cleanly. A prepend line may
  ///   apply in part and still report its rejected items.
  public mutating func feed(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> [StreamDiagnostic] {
    apply(decoder.decode(line), lineNumber: lineNumber)
  }

  /// Feeds a whole line given as text (tests, generated streams).
  public mutating func feed(_ line: String, lineNumber: Int) -> [StreamDiagnostic] {
    var line = line
    return line.withUTF8 { feed(UnsafeRawBufferPointer($0), lineNumber: lineNumber) }
  }

  /// Feeds every line `reader` delivers until the input ends.
  ///
  /// Lines are read in batches; while one batch is applied on the caller's thread, the next is
  /// read and decoded on another core (neither needs the transcript), so a long file costs
  /// about its applying time. Diagnostics still come in line order, each batch right after it
  /// applies. A batch holds at most `batchSize` lines and about ``batchByteLimit`` bytes, so
  /// reading ahead never holds more than two batches.
  ///
  /// - Parameters:
  ///   - batchSize: `afterBatch` runs after this many lines (and at the end), the place to
  ///     apply pending controller updates so queued edits stay bounded. Small enough by
  ///     default that a batch's decoded events are still in the caches when they are applied
  ///     on the other core: batches of 1,024 lines made `transcript layout` and `render` of a
  ///     million messages about 2 % faster than batches of 4,096 (medians of five rounds).
  ///   - prepareWhileWaiting: work on the next batch's events that makes applying them
  ///     cheaper later (wrapping the texts they bring, say); it must be safe on another
  ///     thread. The worker runs it on those events, one by one, after decoding them and only
  ///     for as long as the caller's thread is still applying the batch before: the time the
  ///     worker would spend waiting. So it never delays the applying thread by more than one
  ///     event's worth, and events left unprepared are simply prepared later by whoever needs
  ///     them.
  ///   - report: receives each diagnostic as it is found.
  /// - Throws: the reader's failure, if reading stopped on an error.
  public mutating func feedAll(
    from reader: inout NDJSONLineReader, batchSize: Int = 1024, afterBatch: () -> Void = {},
    prepareWhileWaiting: (@Sendable (StreamEvent) -> Void)? = nil,
    report: (StreamDiagnostic) -> Void
  ) throws(NDJSONReadError) {
    let size = max(batchSize, 1)
    let decoder = decoder
    try withUnsafeMutablePointer(to: &reader) { (pointer) throws(NDJSONReadError) in
      var batch = LineBatch(reading: &pointer.pointee, lines: size)
      var decoded = batch.decoded(by: decoder)
      let source = ReaderPointer(pointer)
      var spent: (LineBatch, [Result<StreamEvent, StreamDecodingError>])?
      while !batch.isEmpty {
        let next = ReadAhead()
        next.spent = spent
        spent = nil
        let group = DispatchGroup()
        // The reader is used by the worker alone until the wait below.
        DispatchQueue.global().async(group: group) {
          // The spent batch's buffers are filled again, at the size they grew to.
          var buffers = next.spent?.0 ?? LineBatch()
          next.spent = nil
          buffers.read(&source.pointer.pointee, lines: size)
          next.batch = buffers
          next.results = next.batch.decoded(by: decoder)
          guard let prepareWhileWaiting else { return }
          for case .success(let event) in next.results {
            guard !next.isApplied.load(ordering: .relaxed) else { break }
            prepareWhileWaiting(event)
          }
        }
        for index in decoded.indices {
          // What the transcript keeps is taken out of the batch: left in it, each item's
          // fields were shared with the transcript until the batch was let go, and the
          // item's first status, reaction or receipt copied them (a third of the items of a
          // million-line stream).
          var result = Result<StreamEvent, StreamDecodingError>.failure(.invalidStatus)
          if decoded[index].bringsItems { swap(&result, &decoded[index]) } else { result = decoded[index] }
          for diagnostic in apply(result, lineNumber: batch.lineNumbers[index]) { report(diagnostic) }
        }
        afterBatch()
        next.isApplied.store(true, ordering: .relaxed)
        group.wait()
        spent = (batch, decoded)
        batch = next.batch
        decoded = next.results
      }
      afterBatch()
      if let failure = pointer.pointee.failure { throw failure }
    }
  }

  /// About the most bytes of lines one batch of ``feedAll(from:batchSize:afterBatch:report:)``
  /// holds: a batch ends at the line that reaches it.
  public static let batchByteLimit = 8 << 20

  /// Applies one decoded line.
  private mutating func apply(
    _ result: Result<StreamEvent, StreamDecodingError>, lineNumber: Int
  ) -> [StreamDiagnostic] {
    switch result {
    case .failure(let error):
      rejectedCount += 1
      return [StreamDiagnostic(source: source, line: lineNumber, message: error.description)]
    case .success(let event):
      let errors = transcript.apply(event)
      if errors.isEmpty { appliedCount += 1 } else { rejectedCount += 1 }
      return errors.map { StreamDiagnostic(source: source, line: lineNumber, message: $0.description) }
    }
  }
}

/// Lines read ahead: their bytes one after another, where each ends, and their numbers.
///
/// A line longer than the reader's limit has no bytes here, only its number.
private struct LineBatch: Sendable {
  var bytes: [UInt8] = []
  var ends: [Int] = []
  var lineNumbers: [Int] = []
  /// The indices of lines longer than `maxLineLength`.
  var tooLongIndices: Set<Int> = []
  var maxLineLength = NDJSONLineReader.defaultMaxLineLength

  var isEmpty: Bool { ends.isEmpty }

  /// No lines.
  init() {}

  /// The next lines of `reader`: at most `lines`, and no more once ``StreamFeeder/batchByteLimit``
  /// bytes are held.
  init(reading reader: inout NDJSONLineReader, lines: Int) {
    read(&reader, lines: lines)
  }

  /// Replaces the lines held with the next ones of `reader` (as ``init(reading:lines:)``),
  /// keeping the buffers' capacity: a batch grown afresh from empty cost the reading thread
  /// a tenth of its time, in copies and first touches of new memory.
  mutating func read(_ reader: inout NDJSONLineReader, lines: Int) {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    lineNumbers.removeAll(keepingCapacity: true)
    tooLongIndices.removeAll(keepingCapacity: true)
    maxLineLength = reader.maxLineLength
    while ends.count < lines, bytes.count < StreamFeeder.batchByteLimit {
      let more = reader.nextLine { line, number in
        bytes.append(contentsOf: line)
        ends.append(bytes.count)
        lineNumbers.append(number)
      } tooLong: { number in
        tooLongIndices.insert(ends.count)
        ends.append(bytes.count)
        lineNumbers.append(number)
      }
      guard more else { break }
    }
  }

  /// Every line decoded, in order.
  func decoded(by decoder: StreamDecoder) -> [Result<StreamEvent, StreamDecodingError>] {
    bytes.withUnsafeBytes { all in
      var start = 0
      return ends.enumerated().map { index, end in
        defer { start = end }
        if tooLongIndices.contains(index) { return .failure(.lineTooLong(limit: maxLineLength)) }
        return decoder.decode(UnsafeRawBufferPointer(rebasing: all[start..<end]))
      }
    }
  }
}

/// The batch a worker read and decoded after the one being applied.
///
/// Written once by the worker before it leaves its dispatch group, read only after the feeder
/// waited for that group: the wait orders the two, so no lock is needed (but for
/// ``isApplied``, an atomic both threads use while the worker runs).
private final class ReadAhead: @unchecked Sendable {
  var batch = LineBatch()
  var results: [Result<StreamEvent, StreamDecodingError>] = []
  /// The batch applied before, let go of by the worker: freeing a batch's lines and the events
  /// the transcript keeps nothing of (reactions, receipts, statuses) took the applying thread
  /// a twentieth of its time.
  var spent: (LineBatch, [Result<StreamEvent, StreamDecodingError>])?
  /// Set by the applying thread when it is done with the batch before: the worker stops
  /// preparing this batch's events then.
  let isApplied = Atomic(false)
}

/// The reader, lent to the worker that reads the next batch.
///
/// `@unchecked Sendable`: the feeder does not touch the reader between starting the worker and
/// waiting for it, so one thread at a time uses it.
private struct ReaderPointer: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<NDJSONLineReader>

  init(_ pointer: UnsafeMutablePointer<NDJSONLineReader>) { self.pointer = pointer }
}

extension Result<StreamEvent, StreamDecodingError> {
  /// Whether the transcript keeps what the line brings: the items of an insert, an update or
  /// a page of history.
  fileprivate var bringsItems: Bool {
    switch self {
    case .success(.insert), .success(.update), .success(.prepend): true
    default: false
    }
  }
}
