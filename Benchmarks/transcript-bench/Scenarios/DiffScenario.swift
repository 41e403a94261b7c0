import ChatTranscript
import ChatTranscriptStreams
import TranscriptGenerator

/// `diff`: updates whose changes the data source does not describe, so the controller must
/// find them by diffing the whole transcript.
///
/// Each update applies `changesPerUpdate` seeded random changes — inserts, deletes, moves and
/// text edits, mixed — to a ``CoarseDataSource``, which reports only "did update". The timed
/// part is the controller's: reading the list, rebuilding the rows (presenters and heights kept
/// for unchanged items), the diff by id and type with minimal moves, measuring the changed
/// rows, and the swap. The diff the controller found is summed and reported, so a wrong diff
/// shows in the output.
enum DiffScenario {
  static let changesPerUpdate = 10

  static func run(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    let controller = TranscriptFixture.makeController(parallel: true)
    let source = CoarseDataSource()
    controller.dataSource = source
    plan.progress.begin("diff @ \(items.count) items: layout")
    source.update(type: .pagination) { $0 = items }
    controller.applyPendingUpdates()

    var found = ChatItemsDiff()
    var diffedUpdates = 0
    var timedUpdate = false
    controller.onUpdate = { update in
      guard timedUpdate, let diff = update.diff else { return }
      diffedUpdates += 1
      found.insertions += diff.insertions
      found.deletions += diff.deletions
      found.moves += diff.moves
      found.updates += diff.updates
    }
    var random = SeededRandom(seed: 11)
    var timings = Timings()
    let total = plan.warmUp + plan.operations
    plan.progress.begin("diff @ \(items.count) items")
    for index in 0..<total {
      source.update { applyRandomChanges(to: &$0, serial: index, random: &random) }
      timedUpdate = index >= plan.warmUp
      let seconds = Stopwatch.time { controller.applyPendingUpdates() }
      if timedUpdate { timings.add(seconds) }
      plan.progress.step(index + 1, of: total)
    }
    controller.onUpdate = nil

    var result = BenchResult(
      scenario: "diff", items: items.count, operations: plan.operations, timings: timings)
    result.coversWholeTranscript = true
    result.operationName = "update"
    result.check = found.moves.count
    let perUpdate = { (count: Int) in Double(count) / Double(max(diffedUpdates, 1)) }
    var diff = JSONObject()
    diff.add("insertions", perUpdate(found.insertions.count))
    diff.add("deletions", perUpdate(found.deletions.count))
    diff.add("moves", perUpdate(found.moves.count))
    diff.add("updates", perUpdate(found.updates.count))
    result.details.add("changesPerUpdate", changesPerUpdate)
    result.details.add("diffedUpdates", diffedUpdates)
    result.details.add("diffPerUpdate", diff)
    result.notes.append(
      "\(changesPerUpdate) random changes per update; \(diffedUpdates) of \(plan.operations) updates diffed, "
        + "finding on average \(perUpdate(found.insertions.count)) insertions, "
        + "\(perUpdate(found.deletions.count)) deletions, \(perUpdate(found.moves.count)) moves and "
        + "\(perUpdate(found.updates.count)) updates (rows, decorator's rows included)")
    return result
  }

  /// Applies `changesPerUpdate` random changes to `items`: each an insert of a new message, a
  /// delete, a move or an edit of a message's text, chosen with equal chances.
  static func applyRandomChanges(to items: inout [any ChatItem], serial: Int, random: inout SeededRandom) {
    for change in 0..<changesPerUpdate {
      switch random.below(4) {
      case 0:
        let item = StreamItem(
          id: "diff-\(serial)-\(change)", type: "text", sender: "alice", isIncoming: true,
          text: "inserted by update \(serial)")
        items.insert(item, at: random.below(items.count + 1))
      case 1 where items.count > 1:
        items.remove(at: random.below(items.count))
      case 2 where items.count > 1:
        let item = items.remove(at: random.below(items.count))
        items.insert(item, at: random.below(items.count + 1))
      default:
        let index = random.below(items.count)
        guard var item = items[index] as? StreamItem else { continue }
        item.text = "edited in update \(serial): " + (item.text ?? "")
        items[index] = item
      }
    }
  }
}
