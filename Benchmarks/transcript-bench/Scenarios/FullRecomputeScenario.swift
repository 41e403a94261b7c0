import ChatTranscript
import ChatTranscriptStreams

/// `full-recompute`: the `append` scenario's single message, appended the way Chatto does every
/// update — the baseline the incremental engine is measured against.
///
/// Chatto keeps presenters by item id but, on every change, reads the whole item list,
/// re-decorates it, recomputes the height of every item, builds a new layout model from all
/// of them and diffs old against new. Here the same controller does exactly that: the data
/// source reports a bare "did update" (no exact edits), so the controller rebuilds every row
/// from the full list (reusing presenters, as Chatto does) and diffs it; before each append a
/// width change and back (not timed, ending at the same width) marks every row for
/// measurement; and the height cache and text metrics cache are off, so each of those heights
/// is really computed — text wrapped again — rather than looked up. Heights are measured on
/// all cores, like `append`. Each operation is checked to have measured every row.
enum FullRecomputeScenario {
  static func run(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let controller = TranscriptFixture.makeController(parallel: true, cachesMeasurements: false)
    let source = CoarseDataSource()
    controller.dataSource = source
    plan.progress.begin("full-recompute @ \(items.count) items: layout")
    // A page of history, like the append fixture's load, and the reader at the top, so the
    // viewport starts in the same place.
    source.update(type: .pagination) { $0 = items }
    controller.applyPendingUpdates()
    controller.collectionView.scrollToTop()

    // Whether each update measured as many heights as the transcript has rows.
    var fewestMeasured = Int.max
    var everyRowMeasured = true
    controller.onUpdate = { [unowned controller] update in
      fewestMeasured = min(fewestMeasured, update.measuredHeightCount)
      everyRowMeasured = everyRowMeasured && update.measuredHeightCount >= controller.rowCount
    }
    let viewport = controller.collectionView.viewport
    var timings = Timings()
    let total = plan.warmUp + plan.operations
    plan.progress.begin("full-recompute @ \(items.count) items")
    for index in 0..<total {
      controller.setViewportSize(width: viewport.width + 1, height: viewport.height)
      controller.setViewportSize(width: viewport.width, height: viewport.height)
      let item = TranscriptFixture.appendedItem(index)
      let seconds = Stopwatch.time {
        source.update { $0.append(item) }
        controller.applyPendingUpdates()
      }
      if index >= plan.warmUp { timings.add(seconds) }
      plan.progress.step(index + 1, of: total)
    }
    controller.onUpdate = nil

    var result = BenchResult(
      scenario: "full-recompute", items: items.count, operations: plan.operations, timings: timings,
      itemsPerOperation: 1)
    result.coversWholeTranscript = true
    result.details.add("fewestHeightsMeasured", fewestMeasured)
    result.details.add("everyRowMeasured", everyRowMeasured)
    result.notes.append(
      "every row re-measured in every operation: \(everyRowMeasured ? "yes" : "NO") "
        + "(at least \(fewestMeasured) heights per operation, \(controller.rowCount) rows at the end)")
    result.check = fewestMeasured
    return result
  }
}
