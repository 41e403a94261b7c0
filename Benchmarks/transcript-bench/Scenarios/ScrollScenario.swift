import ChatTranscript
import ChatTranscriptStreams

/// `scroll`: a reader scrolling the whole transcript from the top to the bottom, one viewport
/// height per step, through the controller's collection view.
///
/// Each step is one `setContentOffset`: finding the rows in view, hiding the rows that left
/// (their cells go to the reuse pool), dequeuing and configuring cells for the rows that came
/// in. Besides the time per step it reports the collection view's own counters — cells created
/// per reuse identifier and configure calls — and checks that reuse works: no identifier may
/// have created more cells than the most it ever had on screen at once plus a spare 4.
enum ScrollScenario {
  /// Cells an identifier may create beyond its peak visible count.
  static let spareCells = 4

  static func run(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let fixture = TranscriptFixture(items: items, parallel: true)
    plan.progress.begin("scroll @ \(items.count) items: layout")
    _ = fixture.layoutCold()
    let view = fixture.controller.collectionView
    let step = view.viewport.height
    var peakVisible = visibleCounts(of: view)

    // Warm-up: a few steps down from the top, then back to the top.
    view.scrollToTop()
    for _ in 0..<plan.warmUp where !view.isScrolledToBottom() {
      view.setContentOffset(view.viewport.contentOffset + step)
      peakVisible.merge(visibleCounts(of: view), uniquingKeysWith: max)
    }
    view.scrollToTop()
    peakVisible.merge(visibleCounts(of: view), uniquingKeysWith: max)

    let configuresBefore = view.configureCount
    let createdBefore = view.cellsCreated.values.reduce(0, +)
    let expectedSteps = Int((view.maximumContentOffset / max(step, 1)).rounded(.up))
    var timings = Timings()
    var steps = 0
    plan.progress.begin("scroll @ \(items.count) items")
    while !view.isScrolledToBottom() {
      let target = view.viewport.contentOffset + step
      timings.add(Stopwatch.time { view.setContentOffset(target) })
      steps += 1
      // Counting what is on screen sorts the visible cells: outside the timed step.
      peakVisible.merge(visibleCounts(of: view), uniquingKeysWith: max)
      plan.progress.step(steps, of: expectedSteps)
    }

    var result = BenchResult(scenario: "scroll", items: items.count, operations: steps, timings: timings)
    result.operationName = "step"
    result.check = view.configureCount
    report(view: view, peakVisible: peakVisible, into: &result)
    let configures = view.configureCount - configuresBefore
    let createdWhileScrolling = view.cellsCreated.values.reduce(0, +) - createdBefore
    result.details.add("configureCalls", configures)
    result.details.add("cellsCreatedWhileScrolling", createdWhileScrolling)
    result.notes.append(
      "\(configures) configure calls, \(createdWhileScrolling) cells created while scrolling \(steps) steps")
    return result
  }

  /// Visible cells now, per reuse identifier.
  private static func visibleCounts(of view: CollectionView) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (_, cell) in view.visibleCells { counts[cell.reuseIdentifier, default: 0] += 1 }
    return counts
  }

  /// Adds the cells created per identifier and the reuse check to `result`.
  private static func report(view: CollectionView, peakVisible: [String: Int], into result: inout BenchResult)
  {
    var created = JSONObject()
    var peak = JSONObject()
    var withinBound = true
    var lines: [String] = []
    for (identifier, count) in view.cellsCreated.sorted(by: { $0.key < $1.key }) {
      let visible = peakVisible[identifier] ?? 0
      let isWithin = count <= visible + spareCells
      withinBound = withinBound && isWithin
      created.add(identifier, count)
      peak.add(identifier, visible)
      lines.append("\(identifier) \(count) ≤ \(visible) + \(spareCells)\(isWithin ? "" : " FAILED")")
    }
    result.details.add("cellsCreated", view.cellsCreated.values.reduce(0, +))
    result.details.add("cellsCreatedByReuseIdentifier", created)
    result.details.add("peakVisibleByReuseIdentifier", peak)
    result.details.add("cellsWithinReuseBound", withinBound)
    result.notes.append(
      "cells created ≤ peak visible + \(spareCells) per reuse identifier: \(withinBound ? "yes" : "NO") ("
        + lines.joined(separator: ", ") + ")")
  }
}
