import ChatTranscript
import TranscriptGenerator

/// Scenarios over a laid-out transcript: cold layout, relayout, and single edits through
/// the whole update flow (data source → decoration → presenters → heights → layout).
enum LayoutScenarios {
  static let names = [
    "layout-cold", "layout-parallel", "relayout-width", "append", "update-status", "edit-text",
    "delete-middle", "prepend-page", "visible-range",
  ]

  /// Runs `name` on `items` messages.
  static func run(_ name: String, items: Int, operations: Int) -> BenchResult {
    switch name {
    case "layout-cold", "layout-parallel":
      let fixture = TranscriptFixture(count: items, parallel: name == "layout-parallel")
      let seconds = fixture.layoutCold()
      return BenchResult(scenario: name, items: items, seconds: seconds)
    case "relayout-width":
      let fixture = TranscriptFixture(count: items, parallel: false)
      _ = fixture.layoutCold()
      let seconds = Stopwatch.time {
        fixture.controller.setViewportSize(width: 100, height: 40)
        fixture.controller.applyPendingUpdates()
      }
      return BenchResult(scenario: name, items: items, seconds: seconds)
    case "visible-range":
      let fixture = TranscriptFixture(count: items, parallel: true)
      _ = fixture.layoutCold()
      var random = SeededRandom(seed: 7)
      let height = fixture.controller.contentHeight
      var timings = Timings()
      var found = 0
      for _ in 0..<operations {
        let y = Double(random.below(max(Int(height), 1)))
        timings.add(Stopwatch.time { found &+= fixture.controller.row(atY: y) ?? 0 })
      }
      return BenchResult(scenario: name, items: items, operations: operations, timings: timings, check: found)
    default:
      return editScenario(name, items: items, operations: operations)
    }
  }

  /// One edit at a time, each timed end to end.
  private static func editScenario(_ name: String, items: Int, operations: Int) -> BenchResult {
    let fixture = TranscriptFixture(count: items, parallel: true)
    _ = fixture.layoutCold()
    var timings = Timings()
    let statuses: [DeliveryStatus] = [.sent, .delivered, .read]
    for index in 0..<operations {
      let event: StreamEvent
      switch name {
      case "append":
        event = .insert(
          StreamItem(
            id: "bench-\(index)", type: "text", sender: "me", isIncoming: false, text: "appended \(index)"),
          position: .end)
      case "update-status":
        let item = fixture.items[fixture.items.count - 1 - index % min(50, fixture.items.count)]
        event = .status(id: item.id, statuses[index % statuses.count])
      case "edit-text":
        var item = fixture.items[fixture.items.count - 1 - index % min(50, fixture.items.count)]
        item.type = "text"
        item.text = "edited \(index): " + (item.text ?? "")
        event = .update(item)
      case "delete-middle":
        event = .delete(id: fixture.items[fixture.items.count / 2 + index].id)
      default:  // prepend-page
        event = .prepend(
          (0..<50).map {
            StreamItem(id: "page-\(index)-\($0)", type: "text", sender: "alice", text: "older \($0)")
          })
      }
      timings.add(fixture.time(event))
    }
    return BenchResult(scenario: name, items: items, operations: operations, timings: timings)
  }
}
