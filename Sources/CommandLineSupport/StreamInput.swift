import ChatTranscript
import ChatTranscriptStreams

/// Reads the NDJSON stream named on the command line into a transcript, reporting bad lines.
public enum StreamInput {
  /// The option of every command that reads a stream: the longest line it accepts, in bytes.
  public static let maxLineBytesOption = "max-line-bytes"

  /// The line length limit `arguments` ask for with `--max-line-bytes`, or the reader's default.
  public static func maxLineLength(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try arguments.integer(
      maxLineBytesOption, in: 1...(1 << 32), default: NDJSONLineReader.defaultMaxLineLength)
  }

  /// The name diagnostics give the input at `path`: `<stdin>` for `-`.
  public static func sourceName(_ path: String) -> String {
    path == "-" ? "<stdin>" : path
  }

  /// A reader of `path` (`-` for standard input), or `nil` after saying on stderr why the file
  /// cannot be opened.
  public static func open(_ path: String, maxLineLength: Int) -> NDJSONLineReader? {
    guard path != "-" else { return NDJSONLineReader(fileDescriptor: 0, maxLineLength: maxLineLength) }
    do {
      return try NDJSONLineReader(path: path, maxLineLength: maxLineLength)
    } catch {
      printError("transcript: \(error)")
      return nil
    }
  }

  /// Feeds `path` (`-` for standard input) into `transcript`.
  ///
  /// - Parameters:
  ///   - maxLineLength: longer lines are reported and skipped unread.
  ///   - afterBatch: runs every few thousand lines and at the end (apply updates there).
  /// - Returns: whether every line applied; `nil` when the input could not be opened or read.
  public static func feed(
    _ path: String, into transcript: StreamTranscript,
    maxLineLength: Int = NDJSONLineReader.defaultMaxLineLength, afterBatch: () -> Void = {}
  ) -> Bool? {
    guard var reader = open(path, maxLineLength: maxLineLength) else { return nil }
    let source = sourceName(path)
    var feeder = StreamFeeder(transcript: transcript, source: source)
    do {
      try feeder.feedAll(from: &reader, afterBatch: afterBatch) { printError($0.description) }
    } catch {
      printError("\(escapedForDiagnostics(source)): \(error)")
      return nil
    }
    return feeder.rejectedCount == 0
  }
}
