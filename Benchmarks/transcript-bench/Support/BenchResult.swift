/// One scenario's outcome, printed as a line of text or one JSON object.
///
/// Two shapes: whole-transcript scenarios time R runs and report their median (with the fastest
/// and slowest run as the spread); per-operation scenarios time K operations and report the
/// median with p10 and p90. Scenario-specific figures travel in `details` (JSON) and `notes` (text).
struct BenchResult {
  var scenario: String
  var items: Int
  /// Median seconds of the runs, or the median seconds per operation.
  var seconds: Double
  var runs: Timings?
  var operations: Int?
  var timings: Timings?
  /// Items each timed operation adds or changes, so `secondsPerItem` compares scenarios of
  /// different granularity (a page of 50 against one message); `nil` when per item means nothing.
  var itemsPerOperation: Int?
  /// Whether each operation works over the whole transcript (a full recompute, a full diff), so
  /// seconds per transcript item is the figure that shows it stays linear.
  var coversWholeTranscript = false
  /// What one operation is called in the text line ("step", "update").
  var operationName = "operation"
  /// Extra JSON fields, after the common ones.
  var details = JSONObject()
  /// Extra lines under the text line.
  var notes: [String] = []
  /// A value derived from the work (so it cannot be optimized away).
  var check = 0
  /// Checks of the scenario's own results that failed: printed under the text line and on
  /// standard error, and the run exits with status 1.
  var failures: [String] = []

  /// A whole-transcript scenario timed `runs.samples.count` times.
  init(scenario: String, items: Int, runs: Timings) {
    self.scenario = scenario
    self.items = items
    self.seconds = runs.median
    self.runs = runs
    self.itemsPerOperation = items
  }

  /// A per-operation scenario.
  init(
    scenario: String, items: Int, operations: Int, timings: Timings, itemsPerOperation: Int? = nil,
    check: Int = 0
  ) {
    self.scenario = scenario
    self.items = items
    self.seconds = timings.median
    self.operations = operations
    self.timings = timings
    self.itemsPerOperation = itemsPerOperation
    self.check = check
  }

  /// Seconds per item added or changed: what the scaling chart draws.
  var secondsPerItem: Double? {
    itemsPerOperation.map { seconds / Double(max($0, 1)) }
  }

  var json: String {
    var object = JSONObject()
    object.add("scenario", scenario)
    object.add("items", items)
    object.add("seconds", seconds)
    if let runs {
      object.add("runs", runs.samples.count)
      object.add("minSeconds", runs.percentile(0))
      object.add("maxSeconds", runs.percentile(1))
    }
    if let operations, let timings {
      object.add("operations", operations)
      object.add("secondsPerOperation", timings.median)
      object.add("p10", timings.percentile(0.1))
      object.add("p90", timings.percentile(0.9))
    }
    if let secondsPerItem { object.add("secondsPerItem", secondsPerItem) }
    if coversWholeTranscript { object.add("secondsPerTranscriptItem", seconds / Double(max(items, 1))) }
    object.append(contentsOf: details)
    return object.line
  }

  var text: String {
    var line = "\(scenario) @ \(items) items: "
    if let timings {
      line +=
        "median \(Self.duration(timings.median)) per \(operationName) "
        + "(p10 \(Self.duration(timings.percentile(0.1))), p90 \(Self.duration(timings.percentile(0.9))), "
        + "\(operations ?? 0) \(operationName)s)"
      if let itemsPerOperation, itemsPerOperation > 1, let secondsPerItem {
        line += ", \(Self.duration(secondsPerItem)) per item"
      }
      if coversWholeTranscript {
        line += ", \(Self.duration(seconds / Double(max(items, 1)))) per transcript item"
      }
    } else {
      line += Self.duration(seconds)
      if let runs, runs.samples.count > 1 {
        line +=
          " (median of \(runs.samples.count) runs, min \(Self.duration(runs.percentile(0))), "
          + "max \(Self.duration(runs.percentile(1))))"
      }
      if let secondsPerItem { line += ", \(Self.duration(secondsPerItem)) per item" }
    }
    let notes = notes + failures.map { "FAILED: " + $0 }
    return ([line] + notes.map { "  " + $0 }).joined(separator: "\n")
  }

  /// "0.4 µs", "34.1 µs", "2.5 ms", "1.23 s": a duration in the unit that reads best.
  static func duration(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-3: "\(rounded(seconds * 1e6, digits: 1)) µs"
    case ..<1: "\(rounded(seconds * 1e3, digits: 2)) ms"
    default: "\(rounded(seconds, digits: 3)) s"
    }
  }

  static func rounded(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((value * scale).rounded() / scale)
  }
}
