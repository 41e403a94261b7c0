import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport

/// Runs the scenarios of a command line at each size, prints each result as it comes, relates
/// `full-recompute` to `append`, and draws the chart.
struct BenchRunner {
  let options: BenchOptions
  let progress = ProgressLine()

  func run() -> Int32 {
    BuildCheck.warnIfDebug()
    var chart = options.chartPath.map { _ in
      ScalingChart(
        title: "transcript-bench: time per item against transcript size", subtitle: subtitle, series: [])
    }
    chart?.series = options.scenarios.map { ScalingChart.Series(name: $0) }

    var status: Int32 = 0
    let inProcess = options.scenarios.filter { $0 != "memory" }
    if !inProcess.isEmpty {
      progress.begin("building the items")
      let loaded = options.items.load(upTo: options.sizes.max() ?? 0)
      progress.clear()
      guard let all = loaded else { return 1 }
      guard !all.isEmpty else {
        printError("transcript-bench: the input has no items to lay out")
        return 1
      }
      for size in Array(Set(options.sizes.map { min($0, all.count) })).sorted() {
        let items = Array(all.prefix(size))
        var appendSeconds: Double?
        var layoutColdSeconds: Double?
        for name in inProcess {
          var result = runScenario(name, items: items)
          if name == "append" { appendSeconds = result.seconds }
          if name == "full-recompute", let appendSeconds { relate(&result, toAppend: appendSeconds) }
          if name == "layout-cold", result.failures.isEmpty { layoutColdSeconds = result.seconds }
          if name == PointLayoutScenario.name, result.failures.isEmpty, let layoutColdSeconds {
            PointLayoutScenario.relate(&result, toLayoutCold: layoutColdSeconds)
          }
          progress.clear()
          print(options.isJSON ? result.json : result.text)
          for failure in result.failures {
            printError("transcript-bench: \(name) @ \(result.items) items: \(failure)")
            status = 1
          }
          if let index = chart?.series.firstIndex(where: { $0.name == name }),
            let perItem = result.secondsPerItem
          {
            chart?.series[index].points.append((size, perItem))
          }
        }
      }
    }
    if options.scenarios.contains("memory") {
      let memoryStatus = runMemory()
      if memoryStatus != 0 { return memoryStatus }
    }
    if let chart, let path = options.chartPath {
      if let problem = TextFile.save(chart.svg(), to: path) {
        printError("transcript-bench: cannot write the chart: \(problem)")
        return 1
      }
      printError("transcript-bench: chart written to \(path)")
    }
    return status
  }

  /// Runs one scenario (not `memory`) on `items`.
  private func runScenario(_ name: String, items: [StreamItem]) -> BenchResult {
    let plan = ScenarioPlan(
      operations: min(options.operations, max(1, items.count / 4)),
      warmUp: min(options.warmUp, items.count / 4),
      runs: options.runs, progress: progress)
    switch name {
    case "full-recompute":
      return FullRecomputeScenario.run(
        items: items, plan: plan.forWholeTranscriptOperations(items: items.count))
    case "diff":
      return DiffScenario.run(items: items, plan: plan.forWholeTranscriptOperations(items: items.count))
    case "scroll":
      return ScrollScenario.run(items: items, plan: plan)
    case RowOfIDScenario.name:
      return RowOfIDScenario.run(items: items, plan: plan)
    case PointLayoutScenario.name:
      return PointLayoutScenario.run(items: items, plan: plan)
    case let name where CLIPathScenario.names.contains(name):
      return CLIPathScenario.run(name, items: items, plan: plan)
    default:
      return LayoutScenarios.run(name, items: items, plan: plan)
    }
  }

  /// Adds the ratio of a full recompute to the incremental append measured in this same run.
  private func relate(_ result: inout BenchResult, toAppend appendSeconds: Double) {
    let ratio = result.seconds / appendSeconds
    result.details.add("ratioToAppend", ratio)
    result.notes.append(
      "full-recompute / append at \(result.items) items: \(BenchResult.rounded(ratio, digits: 1))× "
        + "(\(BenchResult.duration(result.seconds)) against \(BenchResult.duration(appendSeconds)))"
    )
  }

  /// Runs `memory` at each size: here when it is all this process does, otherwise in a fresh
  /// process per size, so no other scenario's heap is counted.
  ///
  /// - Returns: 0 when every run worked, otherwise the first failing exit status.
  private func runMemory() -> Int32 {
    if options.scenarios == ["memory"], options.sizes.count == 1, let size = options.sizes.first {
      guard let result = MemoryScenario.run(items: options.items, count: size, progress: progress) else {
        progress.clear()
        printError(
          "transcript-bench: memory: cannot read resident memory (/proc/self/statm) or load the items")
        return 1
      }
      progress.clear()
      print(options.isJSON ? result.json : result.text)
      return 0
    }
    for size in options.sizes {
      var arguments = ["memory", "--seed", String(options.seed)]
      if size != Int.max { arguments += ["--items", String(size)] }
      if let input = options.inputPath { arguments += ["--input", input] }
      if options.isJSON { arguments.append("--json") }
      guard let status = ChildProcess.runSelf(arguments) else {
        printError("transcript-bench: memory: cannot start a fresh process")
        return 1
      }
      if status != 0 { return status }
    }
    return 0
  }

  /// The chart's second line: where the items came from and what was measured.
  private var subtitle: String {
    let source = options.inputPath.map { "items of \($0)" } ?? "synthetic messages, seed \(options.seed)"
    let build = BuildCheck.isRelease ? "release build" : "DEBUG build: numbers meaningless"
    let runs = options.runs == 1 ? "1 run" : "\(options.runs) runs"
    return
      "\(source); width 80, compact theme; medians of ≤ \(options.operations) operations or \(runs); \(build)"
  }
}
