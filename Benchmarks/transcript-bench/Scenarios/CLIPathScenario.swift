import ChatTranscript
import ChatTranscriptRendering
import ChatTranscriptStreams
import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `cli-layout` and `render-plain`: what `transcript layout --width 60` and `transcript render
/// --width 60 --format plain` do with a stream file, timed whole, so the commands' figures are
/// tracked with the engine's.
///
/// The N items are written as an NDJSON file of inserts. Each run reads it as the commands do
/// (`StreamInput.feed` into a `StreamTranscript`), lays it out once at 60 columns with the
/// compact theme, and then either writes every row's `id`, `y` and height as the command's
/// tab-separated lines to `/dev/null` (`cli-layout`) or draws the whole transcript page by
/// page with the plain renderer on two threads, through the command's own `PageWriter`, to
/// `/dev/null` too (`render-plain`). When
/// `jq` and `fmt` are on the PATH, the same file also goes through `jq -r '.item.text // empty'
/// FILE | fmt -w 60` after each run: the floor a user compares the commands with, measured in
/// the same run, and reported as a ratio.
enum CLIPathScenario {
  static let names = ["cli-layout", "render-plain"]
  static let width = 60

  static func run(_ name: String, items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let path = "/tmp/transcript-bench-\(ChildProcess.processID)-\(name).ndjson"
    let encoder = StreamEncoder()
    let stream = items.map { encoder.encode(.insert($0, position: .end)) + "\n" }.joined()
    if let problem = TextFile.save(stream, to: path) {
      var result = BenchResult(scenario: name, items: items.count, runs: Timings())
      result.failures.append("cannot write the stream file: \(problem)")
      return result
    }
    defer { ChildProcess.removeFile(path) }
    let pipeline = "jq -r '.item.text // empty' \(path) | fmt -w \(width) > /dev/null"
    let hasPipeline = ChildProcess.run(shell: "command -v jq > /dev/null && command -v fmt > /dev/null") == 0

    var runs = Timings()
    var pipelineRuns = Timings()
    var outputBytes = 0
    for run in 1...max(plan.runs, 1) {
      plan.progress.begin("\(name) @ \(items.count) items: run \(run)/\(plan.runs)")
      runs.add(Stopwatch.time { outputBytes = runOnce(name, path: path) })
      if hasPipeline {
        pipelineRuns.add(Stopwatch.time { _ = ChildProcess.run(shell: pipeline) })
      }
    }
    var result = BenchResult(scenario: name, items: items.count, runs: runs)
    result.check = outputBytes
    result.details.add("outputBytes", outputBytes)
    result.details.add("streamBytes", stream.utf8.count)
    if hasPipeline {
      let floor = pipelineRuns.median
      result.details.add("pipelineSeconds", floor)
      result.details.add("ratioToPipeline", result.seconds / floor)
      result.notes.append(
        "\(name) / (jq | fmt -w \(width)) on the same \(BenchResult.rounded(Double(stream.utf8.count) / 1e6, digits: 1)) MB: "
          + "\(BenchResult.rounded(result.seconds / floor, digits: 2))× "
          + "(\(BenchResult.duration(result.seconds)) against \(BenchResult.duration(floor)))")
    } else {
      result.notes.append("jq or fmt not found: no pipeline to compare with")
    }
    return result
  }

  /// Where `cli-layout` writes its table, as the command writes to its standard output.
  private static let devNull = open("/dev/null", O_WRONLY)

  /// One run of the command's path; returns the bytes it would print.
  private static func runOnce(_ name: String, path: String) -> Int {
    let transcript = StreamTranscript()
    _ = StreamInput.feed(path, into: transcript)
    let controller = TranscriptFixture.makeController(width: Double(width), parallel: true)
    controller.dataSource = transcript
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    var bytes = 0
    if name == "cli-layout" {
      var output = OutputBuffer(fileDescriptor: devNull)
      LayoutTable.write(rowsOf: controller, to: &output)
      bytes = output.byteCount
    } else {
      bytes = drawOnTwoThreads(controller)
    }
    return bytes
  }

  /// The plain text of every page, drawn as `transcript render` draws it: by the command's
  /// own `PageWriter`, writing to `/dev/null`.
  private static func drawOnTwoThreads(_ controller: ChatTranscriptController) -> Int {
    let writer = PageWriter(fileDescriptor: devNull, draw: PageWriter.plainText)
    controller.forEachLentPage(
      from: 0, to: max(controller.contentHeight, 1), pageRows: ChatTranscriptController.textPageRows
    ) { writer.submit($0, rowOffset: $1) }
    return writer.finish()
  }
}
