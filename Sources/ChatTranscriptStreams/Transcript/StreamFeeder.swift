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
    switch decoder.decode(line) {
    case .failure(let error):
      rejectedCount += 1
      return [StreamDiagnostic(source: source, line: lineNumber, message: error.description)]
    case .success(let event):
      let errors = transcript.apply(event)
      if errors.isEmpty { appliedCount += 1 } else { rejectedCount += 1 }
      return errors.map { StreamDiagnostic(source: source, line: lineNumber, message: $0.description) }
    }
  }

  /// Feeds a whole line given as text (tests, generated streams).
  public mutating func feed(_ line: String, lineNumber: Int) -> [StreamDiagnostic] {
    var line = line
    return line.withUTF8 { feed(UnsafeRawBufferPointer($0), lineNumber: lineNumber) }
  }

  /// Feeds every line `reader` delivers until the input ends.
  ///
  /// - Parameters:
  ///   - batchSize: `afterBatch` runs after this many lines (and at the end), the place to
  ///     apply pending controller updates so queued edits stay bounded.
  ///   - report: receives each diagnostic as it is found.
  /// - Throws: the reader's failure, if reading stopped on an error.
  public mutating func feedAll(
    from reader: inout NDJSONLineReader, batchSize: Int = 4096, afterBatch: () -> Void = {},
    report: (StreamDiagnostic) -> Void
  ) throws(NDJSONReadError) {
    var linesInBatch = 0
    while reader.nextLine({ line, number in
      for diagnostic in feed(line, lineNumber: number) { report(diagnostic) }
    }) {
      linesInBatch += 1
      if linesInBatch >= max(batchSize, 1) {
        afterBatch()
        linesInBatch = 0
      }
    }
    afterBatch()
    if let failure = reader.failure { throw failure }
  }
}
