import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import TextLayout

/// `text`: wraps every text item of a stream at W columns, R times; times the measuring only.
enum TextScenario {
  static let help = """
    USAGE: transcript-bench text --input FILE --wrap W [--repeat R] [--json]

    Decodes FILE (an NDJSON stream; not timed), then measures the text of every text item
    wrapped at W columns, R times over, with the terminal text measurer on one thread.
    Prints messages, bytes, repeats, the total line count and the seconds the measuring
    took (and MB/s); with --json one object:
    {"scenario":"text","messages":N,"bytes":B,"repeat":R,"lines":L,"seconds":S}
    """

  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["input", "wrap", "repeat"], flagOptions: ["json", "help", "h"])
    if parsed.wantsHelp {
      print(help)
      return 0
    }
    guard let path = parsed.values["input"] else { throw UsageError("--input FILE is required") }
    let wrap = try parsed.integer("wrap", in: 1...10_000)
    let repeats = try parsed.integer("repeat", in: 1...1_000_000, default: 1)
    guard let texts = loadTexts(path) else { return 1 }

    BuildCheck.warnIfDebug()
    let measurer = TerminalTextMeasurer()
    var lines = 0
    let seconds = Stopwatch.time {
      // Borrow the texts in place: iterating the array would retain and release every string,
      // timing reference counting instead of measuring.
      texts.withUnsafeBufferPointer { buffer in
        for _ in 0..<repeats {
          for index in buffer.indices { lines &+= measurer.measure(buffer[index], maxWidth: wrap).lineCount }
        }
      }
    }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    if parsed.flags.contains("json") {
      var object = JSONObject()
      object.add("scenario", "text")
      object.add("messages", texts.count)
      object.add("bytes", bytes)
      object.add("repeat", repeats)
      object.add("lines", lines)
      object.add("seconds", seconds)
      print(object.line)
    } else {
      let megabytesPerSecond = Double(bytes) * Double(repeats) / seconds / 1e6
      print(
        "text: \(texts.count) messages, \(bytes) bytes × \(repeats), \(lines) lines in "
          + "\(seconds) s: \(megabytesPerSecond) MB/s")
    }
    return 0
  }

  /// The texts of the stream's text items after applying it, in transcript order.
  static func loadTexts(_ path: String) -> [String]? {
    let transcript = StreamTranscript()
    guard StreamInput.feed(path, into: transcript) != nil else { return nil }
    return transcript.chatItems.compactMap { item in
      guard let item = item as? StreamItem, item.type == "text" else { return nil }
      return item.text ?? ""
    }
  }
}
