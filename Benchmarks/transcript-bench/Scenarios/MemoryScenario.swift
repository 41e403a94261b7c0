import ChatTranscript

/// `memory`: resident bytes the engine costs per item, beyond the items themselves.
///
/// Reads the resident set size before the items exist, after building them (the payload: what
/// any app holds anyway), after handing them to the data source, and after the cold layout
/// (rows, presenters, decorations, heights, caches, the visible cells). The figure asked for,
/// `bytesPerItem`, is (after layout − after payload) / items: the data source's copy plus the
/// controller. Both parts are also given alone.
///
/// Resident memory is a property of the whole process, so this must run where nothing else
/// allocated first: alone in its process. `transcript-bench` runs it in a child process of its
/// own whenever other scenarios share the command line.
enum MemoryScenario {
  /// - Returns: `nil` when resident memory cannot be read on this system.
  static func run(items source: TranscriptItems, count: Int, progress: ProgressLine) -> BenchResult? {
    guard let before = ResidentMemory.bytes() else { return nil }
    progress.begin("memory @ \(count) items: building items")
    guard let items = source.load(upTo: count), !items.isEmpty, let afterPayload = ResidentMemory.bytes()
    else { return nil }
    let fixture = TranscriptFixture(items: items, parallel: true)
    fixture.fill()
    guard let afterDataSource = ResidentMemory.bytes() else { return nil }
    progress.begin("memory @ \(items.count) items: layout")
    let seconds = fixture.layOut()
    guard let afterLayout = ResidentMemory.bytes() else { return nil }

    let perItem = { (bytes: Int) in Double(bytes) / Double(items.count) }
    var layoutTime = Timings()
    layoutTime.add(seconds)
    var result = BenchResult(scenario: "memory", items: items.count, runs: layoutTime)
    result.details.add("bytesPerItem", perItem(afterLayout - afterPayload))
    result.details.add("payloadBytesPerItem", perItem(afterPayload - before))
    result.details.add("dataSourceBytesPerItem", perItem(afterDataSource - afterPayload))
    result.details.add("controllerBytesPerItem", perItem(afterLayout - afterDataSource))
    result.details.add("residentBytesBefore", before)
    result.details.add("residentBytesAfterLayout", afterLayout)
    result.notes.append(
      "\(rounded(perItem(afterLayout - afterPayload))) resident bytes per item beyond the payload "
        + "(data source \(rounded(perItem(afterDataSource - afterPayload))), "
        + "controller \(rounded(perItem(afterLayout - afterDataSource)))); "
        + "payload \(rounded(perItem(afterPayload - before))) bytes per item; "
        + "\(afterLayout / 1_048_576) MiB resident after the layout")
    result.check = fixture.controller.rowCount
    return result
  }

  private static func rounded(_ value: Double) -> String {
    BenchResult.rounded(value, digits: 0)
  }
}
