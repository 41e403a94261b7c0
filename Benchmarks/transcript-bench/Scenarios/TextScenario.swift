import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import Foundation
import TextLayout

/// `text`: wraps every text item of a stream at W columns, R times; times each run of the
/// measuring only.
enum TextScenario {
  static let help = """
    USAGE: transcript-bench text --input FILE --wrap W [--repeat R] [--json]
           transcript-bench text --input FILE --font PATH [--font PATH ...] --size PX --wrap PX
                                 [--repeat R] [--json]

    Decodes FILE (an NDJSON stream; not timed), then measures the text of every text item
    wrapped at W columns, R times over, with the terminal text measurer on one thread,
    timing each of the R runs. With --font, the point measurer wraps at PX pixels with
    the fonts (fallbacks in order) at PX size instead; reading the fonts is not timed. Prints the median run and the throughput it gives, the
    number of runs and the megabytes of text, and below that the messages, the lines of
    one run and the fastest and slowest runs; with --json one object:
    {"scenario":"text","messages":N,"bytes":B,"repeat":R,"lines":L,"seconds":S,
     "medianSeconds":M,"minSeconds":F,"maxSeconds":X}
    (S and L over all R runs, M, F and X for one run).
    """

  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    var fontPaths: [String] = []
    var rest: [String] = []
    var index = 0
    while index < arguments.count {
      if arguments[index] == "--font" {
        guard index + 1 < arguments.count else { throw UsageError("--font needs a value") }
        fontPaths.append(arguments[index + 1])
        index += 2
      } else {
        rest.append(arguments[index])
        index += 1
      }
    }
    let parsed = try ParsedArguments(
      rest, valueOptions: ["input", "wrap", "repeat", "size"], flagOptions: ["json", "help", "h"])
    if parsed.wantsHelp {
      print(help)
      return 0
    }
    guard let path = parsed.values["input"] else { throw UsageError("--input FILE is required") }
    let repeats = try parsed.integer("repeat", in: 1...1_000_000, default: 1)
    let wrap: Int
    var lines = 0
    var runs = Timings()
    if fontPaths.isEmpty {
      wrap = try parsed.integer("wrap", in: 1...10_000)
      guard let texts = loadTexts(path) else { return 1 }
      BuildCheck.warnIfDebug()
      let measurer = TerminalTextMeasurer()
      // Borrow the texts in place. (Passing each string to `measure` still retains and
      // releases it around the call, as it would for any caller that does not own it.)
      texts.withUnsafeBufferPointer { buffer in
        for _ in 0..<repeats {
          runs.add(
            Stopwatch.time {
              for index in buffer.indices {
                lines &+= measurer.measure(buffer[index], maxWidth: wrap).lineCount
              }
            })
        }
      }
      return report(
        parsed, path: path, wrap: "\(wrap)", texts: texts, repeats: repeats, lines: lines, runs: runs)
    }
    guard parsed.values["size"] != nil, parsed.values["wrap"] != nil else {
      throw UsageError("--size and --wrap are required with --font")
    }
    let size = try parsed.number("size", in: 0.01...10_000, default: 0)
    let width = try parsed.number("wrap", in: 0.01...1_000_000, default: 0)
    var fonts: [Font] = []
    for fontPath in fontPaths {
      guard let data = FileManager.default.contents(atPath: fontPath) else {
        printError("transcript-bench: cannot open font \(fontPath)")
        return 2
      }
      do {
        fonts.append(try Font(bytes: [UInt8](data)))
      } catch {
        printError("transcript-bench: \(fontPath): \(error)")
        return 2
      }
    }
    guard let texts = loadTexts(path) else { return 1 }
    BuildCheck.warnIfDebug()
    let measurer = PointTextMeasurer(font: fonts[0], fallbacks: Array(fonts.dropFirst()), size: size)
    texts.withUnsafeBufferPointer { buffer in
      for _ in 0..<repeats {
        runs.add(
          Stopwatch.time {
            for index in buffer.indices {
              lines &+= measurer.measure(buffer[index], maxWidth: width).lineCount
            }
          })
      }
    }
    return report(
      parsed, path: path, wrap: "\(width) px", texts: texts, repeats: repeats, lines: lines, runs: runs)
  }

  /// Prints the result of `repeats` runs over `texts`, as text or JSON.
  private static func report(
    _ parsed: ParsedArguments, path: String, wrap: String, texts: [String], repeats: Int, lines: Int,
    runs: Timings
  ) -> Int32 {
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    let seconds = runs.samples.reduce(0, +)
    if parsed.flags.contains("json") {
      var object = JSONObject()
      object.add("scenario", "text")
      object.add("messages", texts.count)
      object.add("bytes", bytes)
      object.add("repeat", repeats)
      object.add("lines", lines)
      object.add("seconds", seconds)
      object.add("medianSeconds", runs.median)
      object.add("minSeconds", runs.percentile(0))
      object.add("maxSeconds", runs.percentile(1))
      print(object.line)
    } else {
      print(
        summary(
          input: path, wrap: wrap, runs: runs, bytes: bytes, messages: texts.count,
          linesPerRun: lines / repeats))
    }
    return 0
  }

  /// The text output: `text FILE @ wrap W: median T, X MB/s (R runs, B MB)` and a note with
  /// the messages, the lines of one run and the fastest and slowest runs. Throughput is the
  /// text's bytes over the run's time, in 10⁶ bytes per second.
  static func summary(
    input path: String, wrap: String, runs: Timings, bytes: Int, messages: Int, linesPerRun: Int
  ) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let megabytes = Double(bytes) / 1e6
    func throughput(_ seconds: Double) -> String {
      "\(BenchResult.rounded(megabytes / seconds, digits: 1)) MB/s"
    }
    let count = runs.samples.count
    let fastest = runs.percentile(0)
    let slowest = runs.percentile(1)
    return """
      text \(name) @ wrap \(wrap): median \(BenchResult.duration(runs.median)), \(throughput(runs.median)) \
      (\(count) \(count == 1 ? "run" : "runs"), \(BenchResult.rounded(megabytes, digits: 1)) MB)
        \(messages) messages, \(linesPerRun) lines per run; fastest \(BenchResult.duration(fastest)) \
      (\(throughput(fastest))), slowest \(BenchResult.duration(slowest)) (\(throughput(slowest)))
      """
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
