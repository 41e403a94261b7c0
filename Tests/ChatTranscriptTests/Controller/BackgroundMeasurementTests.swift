import ChatTranscript
import Dispatch
import TestSupport
import Testing

/// What the owner does while an update measures heights off it (a resize, a scroll), made
/// deterministic with a gate the height calculators of marked items wait at.
extension ConcurrencyTests {
  /// The update that was measuring finishes at the old width, then the relayout the resize
  /// asked for measures again at the new one. Found by `ConcurrencyStressTests`.
  ///
  /// The heights measured for 40 columns used to be stored in the height cache under the new
  /// width (the viewport's when the update finished), so the relayout found them there and
  /// kept them: every row measured across the resize stayed as tall as at the old width.
  @Test func resizeWhileMeasuringInTheBackgroundRemeasuresAtTheNewWidth() async {
    let transcript = GatedTranscript(width: 40)
    await transcript.append(TranscriptHarness.items(0..<3, text: GatedTranscript.waitingText))
    async let firstUpdate: Void = transcript.applyInBackground()
    await transcript.gate.waitUntilMeasuring()
    await transcript.resize(width: 80)
    transcript.gate.open()
    await firstUpdate
    await transcript.applyInBackground()
    #expect(await transcript.heights == [1, 1, 1])
  }

  /// A reader who scrolls while an update measures keeps the place they scrolled to.
  ///
  /// The update used to restore the reading position it saw when it began, so the scroll
  /// was undone when it finished.
  @Test func scrollWhileMeasuringInTheBackgroundIsKept() async {
    let transcript = await GatedTranscript.scrolled(to: 0)
    await transcript.append(TranscriptHarness.items(100..<101, text: GatedTranscript.waitingText))
    async let update: Void = transcript.applyInBackground()
    await transcript.gate.waitUntilMeasuring()
    await transcript.scroll(to: 30)
    transcript.gate.open()
    await update
    #expect(await transcript.contentOffset == 30)
  }

  /// Rows inserted above a reader who scrolled while they were measured push the reader's
  /// row down, and the reader stays on it: the row is found again in the new layout.
  @Test func scrollWhileMeasuringRowsAboveKeepsTheRowRead() async {
    let transcript = await GatedTranscript.scrolled(to: 0)
    await transcript.insert(TranscriptHarness.items(100..<103, text: GatedTranscript.waitingText), at: 0)
    async let update: Void = transcript.applyInBackground()
    await transcript.gate.waitUntilMeasuring()
    await transcript.scroll(to: 31)  // one row into m15, which starts at 30
    transcript.gate.open()
    await update
    #expect(await transcript.contentOffset == 37, "m15 now starts at 36, below three rows of 2")
  }

  /// A reader at the bottom who scrolls up while new items are measured is not pulled back
  /// down when they arrive: they were no longer at the bottom when the update finished.
  @Test func leavingTheBottomWhileMeasuringStopsFollowing() async {
    let transcript = await GatedTranscript.scrolled(to: 1_000)
    #expect(await transcript.contentOffset == 50)
    await transcript.append(TranscriptHarness.items(100..<101, text: GatedTranscript.waitingText))
    async let update: Void = transcript.applyInBackground()
    await transcript.gate.waitUntilMeasuring()
    await transcript.scroll(to: 20)
    transcript.gate.open()
    await update
    #expect(await transcript.contentOffset == 20)
  }
}

/// Holds height calculators until the test opens it, and tells the test when one arrived.
///
/// `Sendable` through its semaphore and stream, which the thread sanitizer understands. Opens
/// once. Arrivals come as a stream so the test waits for one without blocking a thread: the
/// calculator already holds one, and parallel tests could use up Dispatch's pool.
private final class MeasurementGate: Sendable {
  private let arrivals: AsyncStream<Void>
  private let arrival: AsyncStream<Void>.Continuation
  private let opened = DispatchSemaphore(value: 0)

  init() {
    (arrivals, arrival) = AsyncStream.makeStream(of: Void.self)
  }

  /// Called by a calculator: reports its arrival, then waits until the gate is open.
  func pass() {
    arrival.yield()
    opened.wait()
    opened.signal()
  }

  func open() {
    opened.signal()
  }

  /// Suspends until a calculator is waiting at the gate.
  func waitUntilMeasuring() async {
    var iterator = arrivals.makeAsyncIterator()
    _ = await iterator.next()
  }
}

/// Two lines per unit of height at 40 columns, one at 80: the height depends on the width, as
/// text does. Waits at the gate first when it has one.
private struct GatedHeightCalculator: ChatItemHeightCalculator {
  let item: TestItem
  let gate: MeasurementGate?

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    gate?.pass()
    return item.height * 80 / maximumWidth
  }
}

/// Measures in the background; items with the waiting text wait at the gate.
private final class GatedPresenter: BaseChatItemPresenter<CollectionViewCell> {
  let item: TestItem
  let gate: MeasurementGate

  init(item: TestItem, gate: MeasurementGate) {
    self.item = item
    self.gate = gate
    super.init()
  }

  override var canCalculateHeightInBackground: Bool { true }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    GatedHeightCalculator(item: item, gate: item.text == GatedTranscript.waitingText ? gate : nil)
  }
}

private struct GatedBuilder: ChatItemPresenterBuilder {
  let gate: MeasurementGate

  var presenterType: any ChatItemPresenter.Type { GatedPresenter.self }
  func canHandle(_ item: any ChatItem) -> Bool { item is TestItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let item = item as? TestItem else { return UnsupportedItemPresenter(item: item) }
    return GatedPresenter(item: item, gate: gate)
  }
}

/// The controller's owner: an actor, so the test can act on it while an update is suspended.
private actor GatedTranscript {
  /// Items with this text are measured only once the gate is open.
  static let waitingText = "wait"

  nonisolated let gate = MeasurementGate()
  private let dataSource = ArrayDataSource()
  private let controller: ChatTranscriptController

  init(width: Double) {
    let controller = ChatTranscriptController(
      buildersByType: ["test": [GatedBuilder(gate: gate)]], viewport: Viewport(width: width, height: 10))
    controller.dataSource = dataSource
    self.controller = controller
  }

  /// 30 rows of height 2 in a viewport of 10 at 40 columns, scrolled to `offset`.
  static func scrolled(to offset: Double) async -> GatedTranscript {
    let transcript = GatedTranscript(width: 40)
    await transcript.append(TranscriptHarness.items(0..<30))
    await transcript.applyInBackground()
    await transcript.scroll(to: offset)
    return transcript
  }

  func append(_ items: [any ChatItem]) {
    dataSource.append(items)
  }

  func insert(_ items: [any ChatItem], at index: Int) {
    dataSource.insert(items, at: index)
  }

  func applyInBackground() async {
    await controller.applyPendingUpdatesInBackground()
  }

  func resize(width: Double) {
    controller.setViewportSize(width: width, height: 10)
  }

  func scroll(to offset: Double) {
    controller.collectionView.setContentOffset(offset)
  }

  var contentOffset: Double { controller.collectionView.viewport.contentOffset }
  var heights: [Double] { controller.rowFrames.map(\.frame.height) }
}
