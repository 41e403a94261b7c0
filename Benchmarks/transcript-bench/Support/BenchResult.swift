/// One scenario's outcome, printed as a line of text or one JSON object.
struct BenchResult {
  var scenario: String
  var items: Int
  /// Total seconds, or the median seconds per operation for per-operation scenarios.
  var seconds: Double
  var operations: Int?
  var timings: Timings?
  /// A value derived from the work (so it cannot be optimized away).
  var check = 0

  init(scenario: String, items: Int, seconds: Double) {
    self.scenario = scenario
    self.items = items
    self.seconds = seconds
  }

  init(scenario: String, items: Int, operations: Int, timings: Timings, check: Int = 0) {
    self.scenario = scenario
    self.items = items
    self.seconds = timings.median
    self.operations = operations
    self.timings = timings
    self.check = check
  }

  var json: String {
    var object = JSONObject()
    object.add("scenario", scenario)
    object.add("items", items)
    object.add("seconds", seconds)
    if let operations, let timings {
      object.add("operations", operations)
      object.add("secondsPerOperation", timings.median)
      object.add("p10", timings.percentile(0.1))
      object.add("p90", timings.percentile(0.9))
    } else {
      object.add("secondsPerItem", seconds / Double(max(items, 1)))
    }
    return object.line
  }

  var text: String {
    if let timings {
      return "\(scenario) @ \(items) items: median \(microseconds(timings.median)) µs per operation "
        + "(p10 \(microseconds(timings.percentile(0.1))), p90 \(microseconds(timings.percentile(0.9))), "
        + "\(operations ?? 0) operations)"
    }
    return
      "\(scenario) @ \(items) items: \(seconds) s (\(microseconds(seconds / Double(max(items, 1)))) µs per item)"
  }

  private func microseconds(_ seconds: Double) -> String {
    String((seconds * 1e7).rounded() / 10)
  }
}
