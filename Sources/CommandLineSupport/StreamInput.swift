import ChatTranscript
import ChatTranscriptStreams

/// Reads the NDJSON stream named on the command line into a transcript, reporting bad lines.
public enum StreamInput {
  /// Feeds `path` (`-` for standard input) into `transcript`.
  ///
  /// - Parameter afterBatch: runs every few thousand lines and at the end (apply updates there).
  /// - Returns: whether every line applied; `nil` when the input could not be read at all.
  public static func feed(
    _ path: String, into transcript: StreamTranscript, afterBatch: () -> Void = {}
  ) -> Bool? {
    let source = path == "-" ? "<stdin>" : path
    var reader: NDJSONLineReader
    if path == "-" {
      reader = NDJSONLineReader(fileDescriptor: 0)
    } else {
      do {
        reader = try NDJSONLineReader(path: path)
      } catch {
        printError("transcript: \(error)")
        return nil
      }
    }
    var feeder = StreamFeeder(transcript: transcript, source: source)
    do {
      try feeder.feedAll(from: &reader, afterBatch: afterBatch) { printError($0.description) }
    } catch {
      printError("\(source): \(error)")
      return nil
    }
    return feeder.rejectedCount == 0
  }
}
