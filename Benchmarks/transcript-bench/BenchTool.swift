import CommandLineSupport

/// `transcript-bench`: dispatches to scenarios; usage errors exit with 2.
enum BenchTool {
  static var help: String {
    // The summaries line up one column past the longest name.
    let column = (ScenarioCatalog.names.map(\.count).max() ?? 0) + 1
    let scenarioLines = ScenarioCatalog.entries.map { entry in
      "  " + entry.name.padding(to: column) + entry.summary
    }
    return """
      USAGE: transcript-bench text --input FILE --wrap W [--repeat R] [--json]
             transcript-bench [SCENARIO ...] [--items N | --sizes N,N,...] [--operations K]
                              [--warmup W] [--runs R] [--input FILE] [--seed S] [--json] [--smoke]
             transcript-bench [SCENARIO ...] --chart FILE.svg [--sizes N,N,...] [options]

      Measures the chat-transcript engine. Build with -c release: debug numbers mean nothing.
      Per-operation scenarios report the median (and p10, p90) of K timed operations after W
      untimed ones; whole-transcript scenarios (layouts) the median of R runs on fresh
      controllers (and the fastest and slowest) after an untimed run on 1,000 items. Times per
      item are per item added or changed (a page of 50 counts 50). Scenarios run in the order
      below; with none named, all of them.

      SCENARIOS:
        \("text".padding(to: column))wrap the text items of an NDJSON stream (see 'text --help')
      \(scenarioLines.joined(separator: "\n"))

      full-recompute appends the same message as 'append', but through a data source that
      reports only "something changed", after marking every row for measurement (a width
      change and back, untimed) with the height and text-metrics caches off: the controller
      reads the whole list, re-decorates it, re-measures every height (text wrapped anew),
      builds a new layout and diffs it — Chatto's way. It reports its ratio to 'append' when
      both run. full-recompute and diff time at most max(3, 2,000,000 / N) operations after one
      warm-up, as each costs a pass over the whole transcript.
      row-of-id looks up the row of ids drawn at random (seeded) from the transcript's items and
      checks each answer, untimed: a row that does not show the id asked is reported on standard
      error, and the run exits with status 1. It stops timing once its lookups have taken 2 s
      (after at least 20).
      scroll steps one viewport height (40 rows) at a time from the top to the bottom and reports
      time per step, cells created and configure calls, and checks that no reuse identifier
      created more than its peak visible cells + 4.
      diff applies \(DiffScenario.changesPerUpdate) seeded random changes per update (inserts, deletes, moves,
      text edits) reported as a bare "did update", so the controller diffs the whole list.
      memory reads resident memory (/proc/self/statm) before building the items, after
      (payload), after the data source took them and after the cold layout; bytesPerItem is
      (after layout − after payload) / N. It runs in a fresh process of its own unless it is
      the only scenario, so other scenarios' heaps are not counted.

      OPTIONS:
        --items N        transcript size (default 100000; 2000 with --smoke; all of --input)
        --sizes N,N,...  run every scenario at each of these sizes (with --chart: 1000,10000,
                         100000,1000000; 200,2000 with --smoke)
        --operations K   timed operations per scenario, at most N / 4 (default 1000; 20 with --smoke)
        --warmup W       untimed operations first (default 10; 2 with --smoke)
        --runs R         timed runs of whole-transcript scenarios (default 3; 1 with --smoke)
        --input FILE     lay out the items of an NDJSON stream (after applying it) instead of
                         synthetic messages; --items takes the first N
        --seed S         seed of the synthetic messages (default 1, as 'transcript generate')
        --json           one JSON object per scenario per line: scenario, items, seconds;
                         operations, secondsPerOperation, p10, p90 for per-operation scenarios;
                         runs, minSeconds, maxSeconds for whole-transcript ones; secondsPerItem;
                         ratioToAppend (full-recompute), mismatches (row-of-id),
                         bytesPerItem (memory)
        --chart FILE     also write an SVG of time per item against transcript size (log-log),
                         one line per scenario: the ones named, or by default
                         \(ScenarioCatalog.defaultChartNames.joined(separator: ", "))
        --smoke          tiny sizes, to prove every scenario runs (CI)

      A progress line is drawn on standard error when it is a terminal.
      """
  }

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.first == "text" {
      do {
        return try TextScenario.run(Array(arguments.dropFirst()))
      } catch {
        printError("transcript-bench text: \(error)\nRun 'transcript-bench text --help' for usage.")
        return 2
      }
    }
    do {
      let options = try BenchOptions(arguments)
      if options.wantsHelp {
        print(help)
        return 0
      }
      return BenchRunner(options: options).run()
    } catch {
      printError("transcript-bench: \(error)\nRun 'transcript-bench --help' for usage.")
      return 2
    }
  }
}

extension String {
  /// The string followed by spaces up to `width` characters (at least one space).
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(width - count, 1))
  }
}
