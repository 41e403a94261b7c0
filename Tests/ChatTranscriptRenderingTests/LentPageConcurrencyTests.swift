@_spi(Internals) import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// Pages lent to another thread (``ChatTranscriptController/forEachLentPage(from:to:_:)``),
/// as `transcript render` and `follow` draw them. Named for the thread sanitizer's run in CI.
@Suite struct LentPageConcurrencyTests {
  /// Several pages: short rows of every kind, hostile and wide text, and a row taller than a
  /// page, cut by two pages' edges.
  static func shown(seed: UInt64) -> ScrolledLabelTests.Shown {
    var random = SeededRandom(seed: seed)
    let texts = [
      "ok", "日本語 ok 👍🏽", "\u{1B}[2J\u{202E}evil", "a long line that wraps in its bubble", "é",
    ]
    var items = (0..<3_500).map { index in
      TestItem(
        id: index % 7 == 0 ? "me\(index)" : "m\(index)", type: index % 11 == 0 ? "photo" : "test",
        height: Double(random.int(in: 1...4)), text: texts[random.int(in: 0...texts.count - 1)])
    }
    let tall = (0..<5_000).map { "line \($0) ✓" }.joined(separator: "\n")
    // Placed so that it starts on the first page and ends on the third.
    items.insert(TestItem(id: "tall", height: 5_000, text: tall), at: 1_500)
    return ScrolledLabelTests.Shown(items, height: 7)
  }

  /// The scenes `forEachPage` draws in the controller's own view, the reference.
  static func directScenes(of shown: ScrolledLabelTests.Shown) -> [RenderScene] {
    var scenes: [RenderScene] = []
    shown.controller.forEachPage(from: 0, to: shown.controller.contentHeight) { scene, _ in
      scenes.append(scene)
    }
    return scenes
  }

  /// Each page read, wrapped and drawn on a serial queue while the next is laid out, as
  /// `PageWriter` does: the same scenes, and the tall row wrapped once though the pages that
  /// cut it were laid out in different views.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func pagesReadOnAnotherThreadAreThePagesDrawnDirectly(seed: UInt64) throws {
    let shown = Self.shown(seed: seed)
    let direct = Self.directScenes(of: shown)
    let queue = DispatchQueue(label: "reader")
    let measurer = TallTextCountingMeasurer()
    let cache = LabelLineCache()
    let lent = Mutex<[(Int, RenderScene)]>([])
    shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight) { page, rowOffset in
      queue.async {
        let scene = page.read().scene(measurer: measurer, lineCache: cache)
        lent.withLock { $0.append((rowOffset, scene)) }
      }
    }
    queue.sync {}
    let scenes = lent.withLock { $0 }
    #expect(direct.count >= 4)
    #expect(scenes.map(\.1) == direct)
    #expect(scenes.map(\.0) == direct.indices.map { $0 * ChatTranscriptController.renderingPageRows })
    // Pages are laid out in alternate views, and the tall row is cut by two pages' edges,
    // yet its text is wrapped once.
    let tall = try #require(shown.controller.row(ofItemWithID: "tall"))
    let frame = shown.controller.frame(ofRow: tall)
    let pageRows = Double(ChatTranscriptController.renderingPageRows)
    #expect(Int((frame.maxY - 1) / pageRows) - Int(frame.minY / pageRows) == 2)
    #expect(measurer.tallTextWraps.load(ordering: .relaxed) == 1)
  }

  /// A caller that keeps every page before reading any never waits: each page gets a view
  /// of its own, and all of them read later, on another thread, are still the pages.
  @Test func pagesKeptUnreadGetViewsOfTheirOwn() async {
    let shown = Self.shown(seed: 4)
    let direct = Self.directScenes(of: shown)
    var pages: [LentPage] = []
    shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight) { page, _ in
      pages.append(page)
    }
    #expect(shown.controller.pageViews.viewCount == direct.count)
    let scenes = await Task.detached { [pages] in pages.map { $0.read().scene() } }.value
    #expect(scenes == direct)
    // Read twice, a page gives the same draft and touches its view no more.
    #expect(pages.map { $0.read().scene() } == direct)
  }

  /// A generated stream in the kit's presenters, whose cells configure off the owner
  /// (``ChatItemPresenter/configuresCellsOffOwner``), with the data source the controller
  /// does not keep.
  static func kitTranscript(
    seed: UInt64, interactionHandler: (any MessageInteractionHandler)? = nil
  ) -> (ChatTranscriptController, StreamTranscript) {
    let transcript = StreamTranscript()
    for event in SyntheticTranscript(count: 6_000, seed: seed, language: .mixed) { transcript.apply(event) }
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme(), interactionHandler: interactionHandler),
      decorator: MessagesKit.decorator(), viewport: Viewport(width: 50, height: 12))
    controller.dataSource = transcript
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return (controller, transcript)
  }

  /// Kit cells are configured by the thread that reads their page, or on the owner when it
  /// asks first (``LentPage/configureCells()``); a page let go unread leaves nothing of its
  /// own in the next: the text is that of the pages drawn in the controller's view either way.
  @Test func kitCellsConfiguredByTheReaderDrawThePages() throws {
    let (controller, transcript) = Self.kitTranscript(seed: 8)
    defer { withExtendedLifetime(transcript) {} }
    let pageRows = 100
    // Pages of the document size, drawn in views whose cells are all configured on the owner,
    // are the same text as pages of 100 rows read on the owner as they are lent.
    var document: [UInt8] = []
    controller.forEachPageDraft(from: 0, to: controller.contentHeight) { draft, _ in
      document += PlainTextRenderer().renderedUTF8(draft) + [UInt8(ascii: "\n")]
    }
    var direct: [[UInt8]] = []
    controller.forEachLentPage(from: 0, to: controller.contentHeight, pageRows: pageRows) { page, _ in
      direct.append(PlainTextRenderer().renderedUTF8(page.read()))
    }
    #expect(direct.count > 20)
    #expect(direct.flatMap { $0 + [UInt8(ascii: "\n")] } == document)
    // Every page read on another thread, which configures its cells.
    let queue = DispatchQueue(label: "reader")
    let lent = Mutex<[Int: [UInt8]]>([:])
    var index = 0
    controller.forEachLentPage(from: 0, to: controller.contentHeight, pageRows: pageRows) { page, _ in
      let number = index
      index += 1
      queue.async { lent.withLock { $0[number] = PlainTextRenderer().renderedUTF8(page.read()) } }
    }
    queue.sync {}
    #expect(lent.withLock { $0 } == Dictionary(uniqueKeysWithValues: direct.enumerated().map { ($0, $1) }))
    // Every other page configured on the owner first, and the others let go unread: each page
    // is laid out in the view the page before it gave back, whose cells, the row across the
    // edge's among them, were left unconfigured when that page went unread.
    var kept: [Int: [UInt8]] = [:]
    index = 0
    let views = controller.pageViews.viewCount
    controller.forEachLentPage(from: 0, to: controller.contentHeight, pageRows: pageRows) { page, _ in
      defer { index += 1 }
      guard index % 2 == 0 else { return }
      page.configureCells()
      kept[index] = PlainTextRenderer().renderedUTF8(page.read())
    }
    #expect(controller.pageViews.viewCount == views)
    #expect(kept.count == (direct.count + 1) / 2)
    for (number, text) in kept { #expect(text == direct[number], "page \(number)") }
    // The controller's own cells are configured on the owner, as ever.
    #expect(controller.collectionView.deferredConfigurations.isEmpty)
  }

  /// A recycled cell whose configuring the reader does is prepared for reuse there too, just
  /// before it is configured: on the owner only when the owner configures the page itself,
  /// never twice, and never configured again without being prepared first.
  @Test func recycledCellsArePreparedByWhoeverConfiguresThem() {
    let log = ReuseCheckingCell.log
    let dataSource = ArrayDataSource((0..<2_000).map { TestItem(id: "m\($0)") })
    let controller = ChatTranscriptController(
      buildersByType: ["test": [ReuseCheckingBuilder()]],
      decorator: UniformDecorator(bottomMargin: 0), viewport: Viewport(width: 30, height: 10))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    let owner = pthread_self()
    let queue = DispatchQueue(label: "reader")
    // One page at a time with the reader: a page's view is free again by the page after
    // next however slow the reader is (a loaded machine), so its cells are always recycled.
    let reading = DispatchSemaphore(value: 1)
    var pages = 0
    controller.forEachLentPage(from: 0, to: controller.contentHeight, pageRows: 100) { page, _ in
      pages += 1
      reading.wait()
      if pages.isMultiple(of: 3) {
        page.configureCells()
        _ = page.read()
        reading.signal()
      } else {
        queue.async {
          _ = page.read()
          reading.signal()
        }
      }
    }
    queue.sync {}
    let counts = log.counts(owner: owner)
    #expect(pages >= 20)
    // Every row once in the pages, and the rows on screen in the controller's own view.
    #expect(counts.configured == 2_000 + controller.collectionView.visibleCells.count)
    // Cells were recycled: each page's view pooled the last page's cells.
    #expect(counts.preparedOnOwner + counts.preparedOffOwner > 1_000)
    #expect(counts.preparedOffOwner > counts.preparedOnOwner)
    #expect(counts.preparedOnOwner > 0)
    #expect(counts.configuredUnprepared == 0)
  }

  /// Nothing can tap the cells of a lent page, so the kit's presenters attach no actions to
  /// their buttons (``CollectionViewCell/receivesTouches``); the cells on screen keep theirs.
  @Test func cellsOfLentPagesCarryNoActions() throws {
    final class Taps: MessageInteractionHandler {
      var count = 0
      func userDidTapBubble(of message: MessageModel) { count += 1 }
      func userDidTapAvatar(of message: MessageModel) { count += 1 }
    }
    let taps = Taps()
    let (controller, transcript) = Self.kitTranscript(seed: 4, interactionHandler: taps)
    defer { withExtendedLifetime(transcript) {} }
    func bubbles(in view: CollectionView) -> [MessageBubbleCell] {
      view.visibleCells.compactMap { $0.cell as? MessageBubbleCell }
    }
    // Every page's cells, looked at once the page is read (and its view back).
    var lentCount = 0
    controller.forEachLentPage(from: 0, to: controller.contentHeight, pageRows: 50) { page, _ in
      _ = page.read()
      for cell in controller.pageViews.lentViews.flatMap(bubbles(in:)) {
        lentCount += 1
        #expect(!cell.receivesTouches)
        cell.bubble.sendActions()
        cell.avatar.sendActions()
      }
    }
    #expect(lentCount > 1_000)
    #expect(taps.count == 0)
    let onScreen = bubbles(in: controller.collectionView)
    #expect(!onScreen.isEmpty && onScreen.allSatisfy(\.receivesTouches))
    onScreen[0].bubble.sendActions()
    #expect(taps.count == 1)
  }

  /// A page let go unread is given back: the next page reuses its view.
  @Test func pagesLetGoUnreadAreGivenBack() {
    let shown = Self.shown(seed: 5)
    var count = 0
    shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight) { _, _ in count += 1 }
    #expect(count >= 4)
    #expect(shown.controller.pageViews.viewCount == 1)
  }

  /// Plain and ANSI text draw each row alike however the rows are paged, so text output can
  /// take pages smaller than a document's (``ChatTranscriptController/textPageRows``): pages
  /// of 3 and 7 rows, of the text size and of the document size give the same bytes, the
  /// tall row and the boxes cut by every page's edge included.
  @Test func textIsTheSameWhateverThePageSize() {
    let shown = Self.shown(seed: 7)
    func text(pageRows: Int, ansi: Bool) -> [UInt8] {
      let cache = LabelLineCache()
      var bytes: [UInt8] = []
      shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight, pageRows: pageRows) {
        page, _ in
        let draft = page.read()
        if ansi {
          bytes += Array(ANSIRenderer().render(draft.scene(lineCache: cache)).utf8)
        } else {
          bytes += PlainTextRenderer().renderedUTF8(draft, lineCache: cache)
        }
        bytes.append(UInt8(ascii: "\n"))
      }
      return bytes
    }
    for ansi in [false, true] {
      let documentPages = text(pageRows: ChatTranscriptController.renderingPageRows, ansi: ansi)
      #expect(documentPages.count > 10_000)
      for pageRows in [3, 7, ChatTranscriptController.textPageRows] {
        #expect(text(pageRows: pageRows, ansi: ansi) == documentPages, "\(pageRows) rows, ANSI \(ansi)")
      }
    }
  }

  /// Drawing lent pages leaves the controller's view where it was, with its cells, and
  /// presenters keep the visible cells they had: they are not told of the pages' cells.
  @Test func theControllersViewAndPresentersAreLeftAlone() throws {
    let shown = Self.shown(seed: 6)
    let view = shown.controller.collectionView
    view.setContentOffset(30)
    let before = view.visibleCells.map { ObjectIdentifier($0.cell) }
    let presenter = try #require(
      shown.controller.presenter(atRow: view.visibleCells[0].row) as? StyledPresenter)
    let shownCell = try #require(presenter.visibleCell)
    shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight) { page, _ in _ = page.read()
    }
    #expect(view.viewport.contentOffset == 30)
    #expect(view.visibleCells.map { ObjectIdentifier($0.cell) } == before)
    #expect(presenter.visibleCell === shownCell)
    #expect(view.pinsHeaders && view.workingRangeDistance == 1)
  }

  /// Rows drawn only in lent pages keep no presenters: those made for a page go with its
  /// cells, so drawing a whole transcript holds presenters for a page, not for every row,
  /// and a row on screen keeps the presenter it had.
  @Test func lentPagesLeaveNoPresentersBehind() throws {
    let log = PresenterLog()
    let dataSource = ArrayDataSource((0..<12_000).map { TestItem(id: "m\($0)") })
    let controller = ChatTranscriptController(
      buildersByType: ["test": [TestBuilder(log: log, measures: true)]],
      decorator: UniformDecorator(bottomMargin: 0), viewport: Viewport(width: 30, height: 10))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    let onScreen = try #require(controller.collectionView.visibleCells.first?.row)
    let presenter = controller.presenter(atRow: onScreen)
    let shownPresenters = log.livePresenters
    #expect(shownPresenters >= 10 && shownPresenters < 100)
    var lines: [String] = []
    controller.forEachLentPage(from: 0, to: controller.contentHeight) { page, _ in
      lines += ScrolledLabelTests.texts(of: [page.read().scene()])
    }
    #expect(lines.count == 12_000)
    #expect(lines.last == "m11999")
    #expect(log.built >= 12_000)
    #expect(log.livePresenters <= shownPresenters + ChatTranscriptController.renderingPageRows)
    #expect(controller.presenter(atRow: onScreen) === presenter)
  }

  /// A controller let go while a page is still being read waits for the reader: the views
  /// the page was laid out in are released on the owner's thread, after the read.
  @Test func aControllerLetGoWaitsForItsReaders() {
    let queue = DispatchQueue(label: "slow reader")
    let texts = Mutex<[String]>([])
    do {
      let shown = Self.shown(seed: 7)
      shown.controller.forEachLentPage(from: 0, to: shown.controller.contentHeight) { page, _ in
        queue.async {
          Thread.sleep(forTimeInterval: 0.01)
          let lines = ScrolledLabelTests.texts(of: [page.read().scene()])
          texts.withLock { $0 += lines }
        }
      }
    }
    queue.sync {}
    #expect(texts.withLock { $0.contains("line 4999 ✓") })
  }
}

/// Counts how often the tall row's text (the one with 5,000 lines) is wrapped.
final class TallTextCountingMeasurer: TextMeasurer {
  let tallTextWraps = Atomic(0)
  private let measurer = TerminalTextMeasurer()

  func measure(_ text: String, maxWidth: Int) -> TextMetrics { measurer.measure(text, maxWidth: maxWidth) }

  func lines(of text: String, maxWidth: Int) -> [TextLine] {
    let lines = measurer.lines(of: text, maxWidth: maxWidth)
    if lines.count >= 5_000 { tallTextWraps.add(1, ordering: .relaxed) }
    return lines
  }
}

/// What ``ReuseCheckingCell``s report: where each was prepared for reuse, and configurations
/// of a recycled cell that no preparation came before.
final class ReuseLog: Sendable {
  /// Behind a `pthread_mutex_t` (``Locked``): the two threads meet at this lock, and the
  /// thread sanitizer does not see the ordering `Mutex` gives when they do.
  private let entries = Locked<(prepared: [pthread_t], configured: Int, configuredUnprepared: Int)>(
    ([], 0, 0))

  func prepared() { entries.withLock { $0.prepared.append(pthread_self()) } }

  func configured(wasPrepared: Bool) {
    entries.withLock {
      $0.configured += 1
      if !wasPrepared { $0.configuredUnprepared += 1 }
    }
  }

  func counts(owner: pthread_t)
    -> (preparedOnOwner: Int, preparedOffOwner: Int, configured: Int, configuredUnprepared: Int)
  {
    entries.withLock { log in
      let onOwner = log.prepared.filter { pthread_equal($0, owner) != 0 }.count
      return (onOwner, log.prepared.count - onOwner, log.configured, log.configuredUnprepared)
    }
  }
}

/// A cell that tells its log where it is prepared for reuse and whether a configuration of it,
/// after the first, came after a preparation. Only the test above makes them.
final class ReuseCheckingCell: CollectionViewCell {
  static let log = ReuseLog()
  private var isFresh = true
  private var isPrepared = false

  override func prepareForReuse() {
    super.prepareForReuse()
    isPrepared = true
    Self.log.prepared()
  }

  func configured() {
    Self.log.configured(wasPrepared: isFresh || isPrepared)
    (isFresh, isPrepared) = (false, false)
  }
}

/// Shows a ``TestItem`` one row high in a ``ReuseCheckingCell``, configuring off the owner.
final class ReuseCheckingPresenter: BaseChatItemPresenter<ReuseCheckingCell> {
  override var configuresCellsOffOwner: Bool { true }

  override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { 1 }

  override func configure(_ cell: ReuseCheckingCell, decoration: ChatItemDecoration) {
    cell.configured()
  }
}

/// Sizes its rows without presenters, so rows drawn only in lent pages get presenters made
/// for the page alone, which configure off the owner.
struct ReuseCheckingBuilder: ChatItemPresenterBuilder {
  struct OneRowHigh: ChatItemHeightMeasurer {
    func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? { 1 }
  }

  var presenterType: any ChatItemPresenter.Type { ReuseCheckingPresenter.self }

  var heightMeasurer: (any ChatItemHeightMeasurer)? { OneRowHigh() }

  func canHandle(_ item: any ChatItem) -> Bool { item is TestItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter { ReuseCheckingPresenter() }
}
