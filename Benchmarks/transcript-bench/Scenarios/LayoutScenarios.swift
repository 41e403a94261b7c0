import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TranscriptGenerator

/// Scenarios over a laid-out transcript: cold layout, relayout, and single edits through
/// the whole update flow (data source → decoration → presenters → heights → layout).
enum LayoutScenarios {
  /// Items a `prepend-page` operation adds.
  static let pageSize = 50

  /// Runs `name` on a transcript of `items`.
  static func run(_ name: String, items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    switch name {
    case "layout-cold", "layout-parallel", "relayout-width":
      return timeRuns(name, items: items, plan: plan)
    case "visible-range":
      return visibleRange(items: items, plan: plan)
    default:
      return editScenario(name, items: items, plan: plan)
    }
  }

  private static func timeRuns(_ name: String, items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    timeRuns(name, items: items, plan: plan) { timeOnce(name, items: $0) }
  }

  /// Times `plan.runs` runs of `timeOnce` (each on fresh controllers), after one untimed run on
  /// the first thousand items (code, caches and the allocator warm; the measured runs still
  /// start cold).
  static func timeRuns(
    _ name: String, items: [StreamItem], plan: ScenarioPlan, timeOnce: ([StreamItem]) -> Double
  ) -> BenchResult {
    if plan.warmUp > 0 {
      plan.progress.begin("\(name) @ \(items.count) items: warm-up")
      _ = timeOnce(Array(items.prefix(1_000)))
    }
    var runs = Timings()
    for run in 1...max(plan.runs, 1) {
      plan.progress.begin("\(name) @ \(items.count) items: run \(run)/\(plan.runs)")
      runs.add(timeOnce(items))
    }
    return BenchResult(scenario: name, items: items.count, runs: runs)
  }

  private static func timeOnce(_ name: String, items: [StreamItem]) -> Double {
    switch name {
    case "relayout-width":
      let fixture = TranscriptFixture(items: items, parallel: false)
      _ = fixture.layoutCold()
      return Stopwatch.time {
        fixture.controller.setViewportSize(width: 100, height: 40)
        fixture.controller.applyPendingUpdates()
      }
    default:
      return TranscriptFixture(items: items, parallel: name == "layout-parallel").layoutCold()
    }
  }

  private static func visibleRange(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let fixture = TranscriptFixture(items: items, parallel: true)
    plan.progress.begin("visible-range @ \(items.count) items: layout")
    _ = fixture.layoutCold()
    var random = SeededRandom(seed: 7)
    let height = fixture.controller.contentHeight
    var timings = Timings()
    var found = 0
    let total = plan.warmUp + plan.operations
    plan.progress.begin("visible-range @ \(items.count) items")
    for index in 0..<total {
      let y = Double(random.below(max(Int(height), 1)))
      let seconds = Stopwatch.time { found &+= fixture.controller.row(atY: y) ?? 0 }
      if index >= plan.warmUp { timings.add(seconds) }
      plan.progress.step(index + 1, of: total)
    }
    return BenchResult(
      scenario: "visible-range", items: items.count, operations: plan.operations, timings: timings,
      check: found)
  }

  /// One edit at a time, each timed end to end; the first `plan.warmUp` are not timed.
  private static func editScenario(_ name: String, items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let fixture = TranscriptFixture(items: items, parallel: true)
    plan.progress.begin("\(name) @ \(items.count) items: layout")
    _ = fixture.layoutCold()
    // A first load opens at the newest message; the edits are timed with the reader at the
    // top, as they always were, so the figures compare across sessions: they time the update,
    // not the cell a following reader is shown (see RESULTS.md).
    fixture.controller.collectionView.scrollToTop()
    var timings = Timings()
    let total = plan.warmUp + plan.operations
    plan.progress.begin("\(name) @ \(items.count) items")
    for index in 0..<total {
      let seconds = fixture.time(event(name, index: index, items: fixture.items))
      if index >= plan.warmUp { timings.add(seconds) }
      plan.progress.step(index + 1, of: total)
    }
    var result = BenchResult(
      scenario: name, items: items.count, operations: plan.operations, timings: timings,
      itemsPerOperation: name == "prepend-page" ? pageSize : 1)
    let shares = TranscriptItems.shares(of: items)
    result.details.add("percentWithReactions", (shares.reactions * 10).rounded() / 10)
    result.details.add("percentReplies", (shares.replies * 10).rounded() / 10)
    result.notes.append(
      "messages with reactions: \(Int(shares.reactions.rounded())) %, replies: \(Int(shares.replies.rounded())) %"
    )
    return result
  }

  /// The `index`th of the old messages `react` and `update-status-old` edit: spread over the
  /// older half of the transcript.
  private static func oldMessage(_ index: Int, of items: [StreamItem]) -> StreamItem {
    items[(index &* 7_919) % max(items.count / 2, 1)]
  }

  /// The `index`th edit of scenario `name`.
  private static func event(_ name: String, index: Int, items: [StreamItem]) -> StreamEvent {
    let statuses: [DeliveryStatus] = [.sent, .delivered, .read]
    switch name {
    case "append":
      return .insert(TranscriptFixture.appendedItem(index), position: .end)
    case "update-status":
      let item = items[items.count - 1 - index % min(50, items.count)]
      return .status(id: item.id, statuses[index % statuses.count])
    case "update-status-old":
      // The messages `react` picks, in the same order: the two edits on equal footing, cold
      // rows far from the newest messages.
      return .status(id: oldMessage(index, of: items).id, statuses[index % statuses.count])
    case "react":
      // Spread over the older half, each from a new reader, so every event changes a count.
      return .react(
        id: oldMessage(index, of: items).id, sender: "reader\(index)", reaction: "👍", isActive: true)
    case "read":
      // Sixteen readers take turns reading one message further from the middle on, so each
      // event moves a reader forward: the message it left and the one it reached change.
      let item = items[min(items.count / 2 + index, items.count - 1)]
      return .read(sender: "reader\(index % 16)", upTo: item.id)
    case "edit-text":
      var item = items[items.count - 1 - index % min(50, items.count)]
      item.type = "text"
      item.text = "edited \(index): " + (item.text ?? "")
      return .update(item)
    case "delete-middle":
      return .delete(id: items[items.count / 2 + index].id)
    default:  // prepend-page
      return .prepend(
        (0..<pageSize).map {
          StreamItem(id: "page-\(index)-\($0)", type: "text", sender: "alice", text: "older \($0)")
        })
    }
  }
}
