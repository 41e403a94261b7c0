import ChatTranscript
import ChatTranscriptStreams
import TranscriptGenerator

/// `row-of-id`: finding the row of an item by its id, as an app does to scroll to a message or
/// to update the cell of a message a backend names.
///
/// Lays out N items, then times `row(ofItemWithID:)` for ids drawn at random (seeded) from the
/// items of the transcript: the plan's warm-up lookups, then at most its K timed ones, fewer
/// when they have taken ``timeBudget`` seconds in all (but at least ``minimumOperations``).
/// Every answer is checked, outside the timed call: the row returned must show the item asked
/// for. Wrong or missing rows are counted, listed on standard error, and make the run fail.
enum RowOfIDScenario {
  static let name = "row-of-id"
  /// Seconds of timed lookups after which the scenario stops early, so a lookup that costs a
  /// pass over the transcript cannot make a run at a million items take minutes.
  static let timeBudget = 2.0
  /// Timed lookups made whatever the budget says (unless the plan asks for fewer).
  static let minimumOperations = 20
  /// Wrong answers listed in full; the count covers them all.
  static let listedMismatches = 5

  static func run(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let fixture = TranscriptFixture(items: items, parallel: true)
    plan.progress.begin("\(name) @ \(items.count) items: layout")
    _ = fixture.layoutCold()
    let controller = fixture.controller
    let ids = fixture.transcript.chatItems.map(\.id)
    var random = SeededRandom(seed: 7)
    var timings = Timings()
    var rowSum = 0
    var mismatches: [String] = []
    var mismatchCount = 0
    let minimum = min(minimumOperations, plan.operations)
    var spent = 0.0
    var lookups = 0
    plan.progress.begin("\(name) @ \(items.count) items")
    while !ids.isEmpty, lookups < plan.warmUp + plan.operations,
      lookups < plan.warmUp + minimum || spent < timeBudget
    {
      let id = ids[random.below(ids.count)]
      var row: Int?
      let seconds = Stopwatch.time { row = controller.row(ofItemWithID: id) }
      if lookups >= plan.warmUp {
        timings.add(seconds)
        spent += seconds
      }
      lookups += 1
      rowSum &+= row ?? -1
      let found = row.flatMap { $0 >= 0 && $0 < controller.rowCount ? controller.item(atRow: $0).id : nil }
      if found != id {
        mismatchCount += 1
        if mismatches.count < listedMismatches {
          let answer = row.map { "row \($0), showing \(found ?? "nothing")" } ?? "nil"
          mismatches.append("row(ofItemWithID: \(id)) returned \(answer)")
        }
      }
      plan.progress.step(lookups, of: plan.warmUp + plan.operations)
    }

    let timed = timings.samples.count
    var result = BenchResult(
      scenario: name, items: items.count, operations: timed, timings: timings, check: rowSum)
    result.operationName = "lookup"
    result.details.add("mismatches", mismatchCount)
    if timed < plan.operations {
      result.notes.append(
        "stopped after \(timed) of \(plan.operations) timed lookups: they took over \(timeBudget) s")
    }
    if mismatchCount == 0 {
      result.notes.append("all \(lookups) lookups (\(plan.warmUp) untimed) found the row of the id asked")
    } else {
      let listed = mismatches.joined(separator: "; ") + (mismatchCount > mismatches.count ? "; …" : "")
      result.failures.append("\(mismatchCount) of \(lookups) lookups found the wrong row: \(listed)")
    }
    return result
  }
}
