import ChatTranscript
import ChatTranscriptStreams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  ///   - prepareWhileWaiting: runs on the reading thread with events read ahead, while it
  ///     would otherwise wait (``StreamFeeder/feedAll(from:batchSize:afterBatch:prepareWhileWaiting:report:)``).
  /// - Returns: whether every line applied; `nil` when the input could not be opened or read.
  public static func feed(
    _ path: String, into transcript: StreamTranscript,
    maxLineLength: Int = NDJSONLineReader.defaultMaxLineLength, afterBatch: () -> Void = {},
    prepareWhileWaiting: (@Sendable (StreamEvent) -> Void)? = nil
  ) -> Bool? {
    guard var reader = open(path, maxLineLength: maxLineLength) else { return nil }
    let source = sourceName(path)
    if let size = regularFileSize(path) {
      transcript.reserveCapacity(min(size / bytesPerItemEstimate, reservedItemLimit))
    }
    var feeder = StreamFeeder(transcript: transcript, source: source)
    do {
      try feeder.feedAll(from: &reader, afterBatch: afterBatch, prepareWhileWaiting: prepareWhileWaiting) {
        printError($0.description)
      }
    } catch {
      printError("\(escapedForDiagnostics(source)): \(error)")
      return nil
    }
    return feeder.rejectedCount == 0
  }

  /// Bytes of a file per item it brings, about (the generator's lines are 170 on average,
  /// a short message's 120): the id index is reserved from the file's size.
  static let bytesPerItemEstimate = 128
  /// The most items reserved from a file's size: a file of a few huge messages reserves no
  /// more than 2M ids' room (about 100 MB, less than a third of such a file) however large.
  static let reservedItemLimit = 1 << 21

  /// The size of `path` when it is a regular file; `nil` for standard input, pipes and the rest.
  private static func regularFileSize(_ path: String) -> Int? {
    guard path != "-" else { return nil }
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }
}
