import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Foundation
import TestSupport
import Testing
import TranscriptGenerator

/// The issue's external check program as a test: written only against the public names, it drives
/// seeded bursts of stream events through one `StreamTranscript` into a phone and a desktop controller,
/// and checks every update of each: row changes, reloads, id lookups, the JSON snapshot, following the
/// bottom, keeping the reader's place and observer cancellation.
@Suite struct TwoClientBurstTests {
  static let burstCount = 40
  /// The bursts before which the phone's extra observers stop listening.
  static let cancelBurst = 13
  static let releaseBurst = 26

  /// One seed's run: the phone applies its updates on the owner, the desktop measures in the
  /// background, and both must pass every check after every update.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func seededBurstsKeepBothClientsExact(seed: UInt64) async {
    let (outcome, updates) = await Self.run(seed: seed)
    let minimumUpdates = Self.burstCount * 3 / 4
    for client in [outcome.phone, outcome.desktop] {
      #expect(
        client.failures.isEmpty, "seed \(seed) \(client.name):\n\(client.failures.joined(separator: "\n"))")
      let checkerPassed = client.checkerFailures.isEmpty && client.checkerReports == 0
      #expect(
        checkerPassed, "seed \(seed) \(client.name): RowChangesChecker failed (bursts in the message above)")
      // Every burst that left requests pending made exactly one update, and each was checked.
      #expect(client.checkedUpdates == client.expectedUpdates, "seed \(seed) \(client.name)")
      #expect(client.checkedUpdates >= minimumUpdates, "seed \(seed) \(client.name): too few updates")
    }
    // The reading position rules were put to the test, not skipped.
    let followed = outcome.phone.followedBottom + outcome.desktop.followedBottom
    let keptPlace = outcome.phone.keptPlace + outcome.desktop.keptPlace
    #expect(followed > 0, "seed \(seed): no reader followed the bottom")
    #expect(keptPlace > 0, "seed \(seed): no reader kept a place")

    // The observers heard every update until they stopped listening, and none after.
    for observer in [outcome.cancelled, outcome.released] {
      let name =
        "seed \(seed): the \(observer.stop.rawValue) observer (stopped before burst \(observer.burst))"
      #expect(observer.heardWhenStopped == observer.updatesBeforeStop, "\(name) missed updates")
      #expect(observer.heard == observer.heardWhenStopped, "\(name) heard updates after it stopped")
      #expect(outcome.phone.checkedUpdates > observer.updatesBeforeStop, "\(name): no update came after")
    }
    // The stream handed out before the run buffered the desktop's updates, those its observer saw,
    // and finished when the controller went away.
    #expect(outcome.desktopController == nil, "seed \(seed): the desktop controller outlived the run")
    guard outcome.desktopController == nil else { return }
    var streamed: [RowChanges] = []
    for await update in updates { streamed.append(update.rowChanges) }
    #expect(streamed == outcome.desktop.rowChangesSeen, "seed \(seed): updates() and the observer disagree")
  }

  /// What a run leaves to check once its controllers are gone.
  private struct Outcome {
    var phone: BurstClient.Results
    var desktop: BurstClient.Results
    var cancelled: CountingObserver.Results
    var released: CountingObserver.Results
    weak var desktopController: ChatTranscriptController?
  }

  /// Drives one seed's bursts through a transcript and its two clients; returns what they saw and
  /// the desktop's `updates()` stream.
  private static func run(seed: UInt64) async -> (Outcome, AsyncStream<TranscriptUpdate>) {
    let transcript = StreamTranscript()
    // One text cache for both clients, as a backend shares it.
    let cache = TextMetricsCache()
    let phone = BurstClient("phone", width: 40, height: 12, cache: cache, transcript: transcript)
    let desktop = BurstClient("desktop", width: 100, height: 20, cache: cache, transcript: transcript)
    let updates = desktop.controller.updates()
    let cancelled = CountingObserver(phone.controller, stop: .cancel, burst: cancelBurst)
    let released = CountingObserver(phone.controller, stop: .release, burst: releaseBurst)
    var generator = BurstGenerator(seed: seed)
    for burst in 0..<burstCount {
      let label = "seed \(seed) burst \(burst)"
      var events: [StreamEvent] = []
      for number in 0..<generator.random.int(in: 1...5) {
        // One seed opens with a long history, so that rows span several chunks of the layout.
        let opensLong = burst == 0 && number == 0 && seed == 3
        let event = opensLong ? generator.historyPage(count: 560) : generator.event(in: transcript)
        events.append(event)
        let errors = transcript.apply(event)
        #expect(errors.isEmpty, "\(label): \(BurstGenerator.describe(event)) was rejected: \(errors)")
      }
      generator.moveReaders(phone, desktop)
      for observer in [cancelled, released] { observer.burstBegins(burst) }
      for client in [phone, desktop] {
        client.willApply(label: label, events: events, deletedIDs: generator.deletedIDs.suffix(8))
      }
      phone.controller.applyPendingUpdates()
      await desktop.controller.applyPendingUpdatesInBackground()
      for observer in [cancelled, released] {
        observer.burstEnded(phoneUpdates: phone.checker.checkedUpdates)
      }
    }
    let outcome = Outcome(
      phone: phone.results, desktop: desktop.results, cancelled: cancelled.results,
      released: released.results,
      desktopController: desktop.controller)
    return (outcome, updates)
  }
}

/// An extra observer of the phone that stops partway, by cancelling its observation or by releasing
/// it: it must hear every update before and none after.
private final class CountingObserver {
  enum Stop: String { case cancel = "cancelled", release = "released" }

  struct Results {
    var stop: Stop
    var burst: Int
    var heard: Int
    var heardWhenStopped: Int?
    var updatesBeforeStop: Int
  }

  /// A box the observer counts into, so that the observer keeps nothing else alive.
  private final class Counter {
    var value = 0
  }

  private let stop: Stop
  private let burst: Int
  private let counter = Counter()
  private var observation: UpdateObservation?
  private var heardWhenStopped: Int?
  private var updatesBeforeStop = 0

  /// Observes `controller` until burst `burst` begins.
  init(_ controller: ChatTranscriptController, stop: Stop, burst: Int) {
    self.stop = stop
    self.burst = burst
    let counter = counter
    observation = controller.addUpdateObserver { _ in counter.value += 1 }
  }

  func burstBegins(_ number: Int) {
    guard number == burst else { return }
    heardWhenStopped = counter.value
    switch stop {
    case .cancel:
      // Cancelled but still held: cancelling alone stops delivery, and a second cancel does nothing.
      observation?.cancel()
      observation?.cancel()
    case .release: observation = nil
    }
  }

  /// After a burst: the updates the phone made while this observer listened.
  func burstEnded(phoneUpdates: Int) {
    if heardWhenStopped == nil { updatesBeforeStop = phoneUpdates }
  }

  var results: Results {
    Results(
      stop: stop, burst: burst, heard: counter.value, heardWhenStopped: heardWhenStopped,
      updatesBeforeStop: updatesBeforeStop)
  }
}

/// One device: a controller of its own at its own width on the shared transcript, and the checks it
/// runs after each of its updates.
private final class BurstClient {
  /// What the client knew before an update: the layout, where the reader was.
  struct Before {
    var snapshot: LayoutSnapshot
    var contentOffset: Double
    var wasAtBottom: Bool
  }

  /// What the client saw, kept after it is gone.
  struct Results {
    var name: String
    var failures: [String]
    /// The row changes checker's own list (its problems are in `failures` too, with their burst).
    var checkerFailures: [String]
    var checkerReports: Int
    var followedBottom: Int
    var keptPlace: Int
    var checkedUpdates: Int
    var expectedUpdates: Int
    var rowChangesSeen: [RowChanges]
  }

  let name: String
  let controller: ChatTranscriptController
  let checker: RowChangesChecker
  private unowned let transcript: StreamTranscript
  private var observation: UpdateObservation?
  private var before: Before
  /// Seed and burst, and the burst's events, for failure messages.
  private var label = ""
  private var events: [StreamEvent] = []
  /// Ids deleted lately: lookups must not find them.
  private var deletedIDs: [String] = []
  private var failures: [String] = []
  private var rowChangesSeen: [RowChanges] = []
  /// The checker's problems.
  private var checkerFailures: [String] = []
  /// How often the reading position checks applied: a reader following the bottom of content taller
  /// than the viewport, a reader elsewhere whose top row stayed.
  private var followedBottom = 0
  private var keptPlace = 0
  /// Bursts after which this client had requests pending: each must make exactly one update.
  private var expectedUpdates = 0
  private var updateCount = 0

  init(_ name: String, width: Double, height: Double, cache: TextMetricsCache, transcript: StreamTranscript) {
    self.name = name
    self.transcript = transcript
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme(), cache: cache),
      decorator: MessagesKit.decorator(), viewport: Viewport(width: width, height: height))
    controller.dataSource = transcript
    checker = RowChangesChecker(controller)
    before = Before(snapshot: controller.layoutSnapshot(), contentOffset: 0, wasAtBottom: true)
    observation = controller.addUpdateObserver { [weak self] update in self?.didUpdate(update) }
  }

  var results: Results {
    Results(
      name: name, failures: failures, checkerFailures: checkerFailures,
      checkerReports: checker.failures.count,
      followedBottom: followedBottom, keptPlace: keptPlace,
      checkedUpdates: checker.checkedUpdates, expectedUpdates: expectedUpdates, rowChangesSeen: rowChangesSeen
    )
  }

  /// Notes where the reader is just before the update (the generator may have scrolled it or changed
  /// the width).
  func willApply(label: String, events: [StreamEvent], deletedIDs: some Sequence<String>) {
    self.label = label
    self.events = events
    self.deletedIDs = Array(deletedIDs)
    if controller.hasPendingUpdates { expectedUpdates += 1 }
    before = Before(
      snapshot: controller.layoutSnapshot(), contentOffset: controller.collectionView.viewport.contentOffset,
      wasAtBottom: controller.collectionView.isScrolledToBottom())
  }

  private func fail(_ problem: String) {
    let burst = events.map(BurstGenerator.describe).joined(separator: "; ")
    failures.append("\(label) \(name) update \(updateCount): \(problem)\n    events: \(burst)")
  }

  private func didUpdate(_ update: TranscriptUpdate) {
    updateCount += 1
    rowChangesSeen.append(update.rowChanges)
    // One walk for the layout, one lookup per row for the items: debug builds pay per lookup.
    let snapshot = controller.layoutSnapshot()
    let items = snapshot.rows.map { controller.item(atRow: $0.index) }
    // The checker applies the changes to the rows it saw before, as a list view does, and wants
    // the reloaded rows to be exactly the kept rows whose content, decoration or height changed.
    let known = checker.failures.count
    checker.check(update)
    for problem in checker.failures[known...] {
      fail("row changes: \(problem)")
      checkerFailures.append(problem)
    }
    checkSnapshot(snapshot, items: items)
    checkIDLookups(snapshot)
    checkReadingPosition(update, snapshot: snapshot)
    before = Before(
      snapshot: snapshot, contentOffset: controller.collectionView.viewport.contentOffset,
      wasAtBottom: controller.collectionView.isScrolledToBottom())
  }

  /// The snapshot survives JSON, and says what the controller says about every row.
  private func checkSnapshot(_ snapshot: LayoutSnapshot, items: [any ChatItem]) {
    do {
      let json = try JSONEncoder().encode(snapshot)
      let decoded = try JSONDecoder().decode(LayoutSnapshot.self, from: json)
      if decoded != snapshot { fail("the snapshot decodes to something else") }
    } catch {
      fail("the snapshot does not round-trip through JSON: \(error)")
    }
    if snapshot.width != controller.collectionView.viewport.width
      || snapshot.contentHeight != controller.contentHeight
    {
      fail("snapshot width \(snapshot.width), content height \(snapshot.contentHeight)")
    }
    let frames = controller.rowFrames
    guard snapshot.rows.count == controller.rowCount, frames.count == controller.rowCount else {
      return fail("snapshot has \(snapshot.rows.count) rows, the controller \(controller.rowCount)")
    }
    var y = 0.0
    for (index, row) in snapshot.rows.enumerated() {
      let (item, frame) = (items[index], frames[index].frame)
      let isItem = transcript.contains(id: row.id) || row.id == TypingIndicatorItem.reservedID
      if row.index != index || row.id != item.id || row.id != frames[index].id || row.type != item.type
        || row.y != frame.minY || row.height != frame.height || row.y != y || row.isInjected == isItem
        || row.decoration != controller.decoration(atRow: index)
      {
        fail("snapshot row \(index) \(row) disagrees with the controller's \(item.id) at \(frame)")
      }
      y = row.y + row.height + row.bottomMargin
    }
    if y != snapshot.contentHeight { fail("rows end at \(y), content height \(snapshot.contentHeight)") }
    // The rows the data source holds are the transcript's items, in order.
    let itemIDs = snapshot.rows.filter { !$0.isInjected }.map(\.id)
    let transcriptIDs = transcript.chatItems.map(\.id)
    if itemIDs != transcriptIDs { fail("item rows \(itemIDs), transcript \(transcriptIDs)") }
  }

  /// Every item row is found by its id; injected rows (whose ids no item has here) and absent ids
  /// are not.
  private func checkIDLookups(_ snapshot: LayoutSnapshot) {
    for row in snapshot.rows {
      if row.isInjected {
        if let found = controller.row(ofItemWithID: row.id) { fail("injected \(row.id) finds row \(found)") }
        continue
      }
      guard let found = controller.row(ofItemWithID: row.id) else {
        fail("row \(row.index) (\(row.id)) is not found by its id")
        continue
      }
      if found != row.index {
        let shown = found < controller.rowCount ? controller.item(atRow: found).id : "nothing"
        fail("id \(row.id) of row \(row.index) finds row \(found), which shows \(shown)")
      }
    }
    for id in deletedIDs + ["absent-\(updateCount)", ""] {
      if let found = controller.row(ofItemWithID: id) { fail("absent id \(id) finds row \(found)") }
    }
  }

  /// A reader at the bottom follows what arrives there; a reader elsewhere keeps the row at the top
  /// of the viewport at the same place.
  private func checkReadingPosition(_ update: TranscriptUpdate, snapshot: LayoutSnapshot) {
    let view = controller.collectionView
    let offset = view.viewport.contentOffset
    let lastBefore = before.snapshot.rows.last.map { ChatItemKey(id: $0.id, type: $0.type) }
    let lastAfter = snapshot.rows.last.map { ChatItemKey(id: $0.id, type: $0.type) }
    let addedAtBottom = lastAfter != nil && lastAfter != lastBefore
    if before.wasAtBottom && (update.type != .pagination || addedAtBottom) {
      if !view.isScrolledToBottom() {
        fail("the reader was at the bottom but is at \(offset) of \(view.maximumContentOffset)")
      }
      if view.maximumContentOffset > 0 { followedBottom += 1 }
      return
    }
    // The row at the top before the update, when it is one of the transcript's messages (injected
    // rows and the typing row may leave and come back within one burst).
    let rows = before.snapshot.rows
    guard let top = rows.lastIndex(where: { $0.y <= before.contentOffset }) else { return }
    let anchor = rows[top]
    let offsetInRow = before.contentOffset - anchor.y
    guard !anchor.isInjected, anchor.id != TypingIndicatorItem.reservedID,
      offsetInRow < anchor.height + anchor.bottomMargin, transcript.contains(id: anchor.id),
      let row = snapshot.rows.first(where: { $0.id == anchor.id })
    else { return }
    let expected = min(
      max(row.y + min(offsetInRow, row.height + row.bottomMargin), 0), view.maximumContentOffset)
    keptPlace += 1
    if offset != expected {
      fail(
        "row \(anchor.id) was at the top (\(offsetInRow) into it); expected offset \(expected), got \(offset)"
      )
    }
    // Unless the content ran out below it, the row is still the one at the top.
    let topRow = controller.row(atY: offset)
    if expected == row.y + offsetInRow, offsetInRow < row.height + row.bottomMargin, topRow != row.index {
      fail("row \(anchor.id) left the top of the viewport for row \(topRow.map { "\($0)" } ?? "none")")
    }
  }
}

/// What a list view shows of one row: the item as it was when the row was last loaded, its decoration
/// and its height (as `Samples/backend-sample` keeps them).
/// Makes the seeded events of the bursts (ids never reused, dates that cross days) and moves the
/// readers (scrolls, width changes).
private struct BurstGenerator {
  var random: SeededRandom
  private(set) var deletedIDs: [String] = []
  private var nextID = 0
  /// The date of the newest message, and of the oldest history.
  private var newest: Int64
  private var oldest: Int64
  private static let senders = ["ana", "bob", "me"]
  private static let words = [
    "ok", "see", "you", "tomorrow", "the", "release", "is", "ready", "🚀", "which", "branch",
    "did", "we", "merge", "internationalization", "ça", "marche", "日本語", "lunch?", "yes",
  ]

  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
    newest = 1_709_280_000 + Int64(seed) * 3_600
    oldest = newest
  }

  private mutating func text() -> String {
    (0..<random.int(in: 1...14)).map { _ in Self.words[random.below(Self.words.count)] }.joined(
      separator: " ")
  }

  private mutating func item(at seconds: Int64) -> StreamItem {
    nextID += 1
    let sender = Self.senders[random.below(Self.senders.count)]
    let outgoing = sender == "me"
    let status = outgoing ? DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)] : nil
    let date = Timestamp(secondsSince1970: seconds)
    let id = "m\(nextID)"
    switch random.below(20) {
    case 0:
      return StreamItem(id: id, type: "system", date: date, text: text())
    case 1, 2:
      return StreamItem(
        id: id, type: "photo", sender: sender, isIncoming: !outgoing, date: date, status: status,
        width: Double(random.int(in: 200...1600)), height: Double(random.int(in: 200...1600)),
        caption: random.chance(0.5) ? text() : nil)
    default:
      return StreamItem(
        id: id, type: "text", sender: sender, isIncoming: !outgoing, date: date, status: status, text: text())
    }
  }

  /// The transcript's items, without the typing row.
  private func items(of transcript: StreamTranscript) -> [StreamItem] {
    transcript.chatItems.compactMap { $0 as? StreamItem }
  }

  /// One event that applies cleanly to `transcript`.
  mutating func event(in transcript: StreamTranscript) -> StreamEvent {
    let items = items(of: transcript)
    let roll = random.below(100)
    guard let existing = items.isEmpty ? nil : items[random.below(items.count)], roll >= 30 else {
      // At the end: minutes after the newest, sometimes the next day.
      newest += random.chance(0.1) ? 86_400 : Int64(random.int(in: 5...900))
      return .insert(item(at: newest), position: .end)
    }
    switch roll {
    case 30..<42:
      var new = item(at: (existing.date ?? Timestamp(secondsSince1970: newest)).secondsSince1970 + 1)
      if random.chance(0.3) { new.date = nil }
      return .insert(new, position: random.chance(0.8) ? .after(existing.id) : .before(existing.id))
    case 42..<50:
      return .status(id: existing.id, DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)])
    case 50..<56:
      var changed = existing
      changed.status = DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)]
      return .update(changed)
    case 56..<68:
      var edited = existing
      if edited.type == "photo" { edited.caption = text() } else { edited.text = text() }
      return .update(edited)
    case 68..<80:
      deletedIDs.append(existing.id)
      return .delete(id: existing.id)
    case 80..<88:
      return historyPage(count: random.int(in: 1...6))
    default:
      return .typing(sender: Self.senders[random.below(2)], isActive: random.chance(0.6))
    }
  }

  /// An event in a line a failure message can show (`StreamItem` describes only its storage).
  static func describe(_ event: StreamEvent) -> String {
    func item(_ item: StreamItem) -> String {
      let fields = [
        item.type, item.sender, item.status?.rawValue, item.date.map { "\($0)" },
        item.text.map { "\($0.count) chars" }, item.caption.map { "caption \($0.count) chars" },
      ]
      return "\(item.id) (\(fields.compactMap { $0 }.joined(separator: ", ")))"
    }
    switch event {
    case .insert(let new, .end): return "insert \(item(new)) at the end"
    case .insert(let new, .after(let id)): return "insert \(item(new)) after \(id)"
    case .insert(let new, .before(let id)): return "insert \(item(new)) before \(id)"
    case .update(let changed): return "update \(item(changed))"
    case .status(let id, let status): return "status \(id) \(status.rawValue)"
    case .delete(let id): return "delete \(id)"
    case .prepend(let page) where page.count > 6:
      return "prepend \(page.count) items, \(item(page[0])) to \(item(page[page.count - 1]))"
    case .prepend(let page): return "prepend \(page.map(item).joined(separator: ", "))"
    case .typing(let sender, let isActive): return "typing \(sender) \(isActive ? "starts" : "stops")"
    case .react(let id, let sender, let reaction, let isActive):
      return "react \(id) \(sender) \(reaction) \(isActive ? "gives" : "takes back")"
    case .read(let sender, let upTo): return "read \(sender) up to \(upTo)"
    case .lastRead(let id): return "last read \(id)"
    }
  }

  /// A page of history: older items at the top, oldest first.
  mutating func historyPage(count: Int) -> StreamEvent {
    let page = (0..<count).map { _ -> StreamItem in
      oldest -= random.chance(0.15) ? 86_400 : Int64(random.int(in: 30...3_000))
      return item(at: oldest)
    }
    return .prepend(page.reversed())
  }

  /// Sometimes scrolls a reader away from the bottom or back, and sometimes changes a client's width.
  mutating func moveReaders(_ phone: BurstClient, _ desktop: BurstClient) {
    for (client, widths) in [(phone, [40.0, 32, 48, 24]), (desktop, [100.0, 80, 120, 64])] {
      let view = client.controller.collectionView
      switch random.below(12) {
      case 0: view.scrollToTop()
      case 1 where client.controller.rowCount > 0:
        view.scrollToRow(random.below(client.controller.rowCount), at: .top)
      case 2: view.scrollToBottom()
      case 3:
        let width = widths[random.below(widths.count)]
        client.controller.setViewportSize(width: width, height: view.viewport.height)
      default: break
      }
    }
  }
}
