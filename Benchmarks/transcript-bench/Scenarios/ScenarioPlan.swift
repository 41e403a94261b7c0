/// How much work one scenario does at one size, decided by the runner from the options.
struct ScenarioPlan {
  /// Timed operations of a per-operation scenario.
  var operations: Int
  /// Operations (or a small run, for whole-transcript scenarios) done first and not timed:
  /// the first touches of code, caches and allocator pools are not what a user pays for.
  var warmUp: Int
  /// Timed runs of a whole-transcript scenario, each on a fresh controller.
  var runs: Int
  let progress: ProgressLine

  /// The plan for scenarios whose every operation costs a pass over the whole transcript (a
  /// full recompute, a full diff): no more operations than about two million items' worth of
  /// work, but at least three, so a million-item run ends in seconds, not hours.
  func forWholeTranscriptOperations(items: Int) -> ScenarioPlan {
    var plan = self
    plan.operations = min(operations, max(3, 2_000_000 / max(items, 1)))
    plan.warmUp = min(warmUp, 1)
    return plan
  }
}
