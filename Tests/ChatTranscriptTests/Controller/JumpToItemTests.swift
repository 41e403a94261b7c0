import ChatTranscript
import TestSupport
import Testing

/// A conversation of `total` messages (`m0` oldest) of which the data source holds a window,
/// as a client of a server with a long history does: pages grow the window, and
/// `loadWindow(aroundItemWithID:)` replaces it. Requests are answered when the test says so,
/// as a network would, or at once.
final class WindowedDataSource: ChatDataSource {
  let total: Int
  /// Where a window starts, relative to the item it is loaded around.
  var windowLead = 30
  var windowLength = 60
  let pageLength = 30
  var answersAtOnce = true
  private(set) var window: Range<Int>
  private(set) var loadPreviousCalls = 0
  private(set) var loadNextCalls = 0
  private(set) var windowRequests: [String] = []
  private var pendingWindow: Range<Int>?
  weak var delegate: (any ChatDataSourceDelegate)?

  init(total: Int, newest: Int) {
    self.total = total
    window = total - newest..<total
  }

  static func item(_ index: Int) -> any ChatItem {
    // Heights 1 to 3, so that frames do not line up by accident.
    TestItem(id: "m\(index)", height: Double(1 + index % 3))
  }

  var chatItems: [any ChatItem] { window.map(Self.item) }
  var hasMorePrevious: Bool { window.lowerBound > 0 }
  var hasMoreNext: Bool { window.upperBound < total }

  func loadPrevious() { loadPreviousCalls += 1 }
  func loadNext() { loadNextCalls += 1 }

  func deliverPreviousPage() {
    let start = max(window.lowerBound - pageLength, 0)
    let page = start..<window.lowerBound
    window = start..<window.upperBound
    delegate?.chatDataSource(self, didChange: [.insert(page.map(Self.item), at: 0)], type: .pagination)
  }

  func loadWindow(aroundItemWithID id: String) -> Bool {
    windowRequests.append(id)
    guard id.hasPrefix("m"), let index = Int(id.dropFirst()), (0..<total).contains(index) else {
      return false
    }
    let start = min(max(index - windowLead, 0), max(total - windowLength, 0))
    pendingWindow = start..<min(start + windowLength, total)
    if answersAtOnce { deliverWindow() }
    return true
  }

  func deliverWindow() {
    guard let pendingWindow else { return }
    window = pendingWindow
    self.pendingWindow = nil
    delegate?.chatDataSourceDidUpdate(self, type: .window)
  }
}

@Suite struct JumpToItemTests {
  static let total = 100_000

  static func controller(for dataSource: WindowedDataSource) -> ChatTranscriptController {
    let controller = ChatTranscriptController(
      buildersByType: ["test": [TestBuilder(log: PresenterLog())]],
      viewport: Viewport(width: 40, height: 10))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return controller
  }

  /// Where the item's row sits in the viewport: its top minus the content offset.
  static func screenY(of id: String, in controller: ChatTranscriptController) -> Double? {
    controller.row(ofItemWithID: id).map {
      controller.frame(ofRow: $0).minY - controller.collectionView.viewport.contentOffset
    }
  }

  @Test(arguments: [
    (CollectionView.ScrollPosition.top, 0.0), (.center, 3.5), (.bottom, 7.0),
  ])
  func jumpsOutsideTheWindowAndShowsTheItemWhereAsked(position: CollectionView.ScrollPosition, y: Double) {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    let controller = Self.controller(for: dataSource)
    #expect(controller.collectionView.isScrolledToBottom())

    // m50000 is 3 rows high (1 + 50_000 % 3): centred, it starts 3.5 rows down.
    #expect(controller.scrollToItem(withID: "m50000", at: position))
    controller.applyPendingUpdates()

    #expect(dataSource.windowRequests == ["m50000"])
    #expect(controller.itemCount == 60)
    #expect(controller.item(atRow: 0).id == "m49970")
    #expect(Self.screenY(of: "m50000", in: controller) == y)
    #expect(dataSource.loadPreviousCalls == 0 && dataSource.loadNextCalls == 0)
  }

  /// A target at the window's first row would sit within the paging threshold; the jump asks
  /// for no page until the reader scrolls, then pages as usual and keeps the target in place.
  @Test func noPageIsAskedForUntilTheReaderScrolls() {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    dataSource.windowLead = 0
    let controller = Self.controller(for: dataSource)

    #expect(controller.scrollToItem(withID: "m70000"))
    controller.applyPendingUpdates()
    #expect(controller.collectionView.viewport.contentOffset == 0)
    #expect(Self.screenY(of: "m70000", in: controller) == 0)
    #expect(dataSource.loadPreviousCalls == 0 && dataSource.loadNextCalls == 0)

    // Updates that follow (an edit elsewhere) do not page either.
    controller.requestUpdate()
    controller.applyPendingUpdates()
    #expect(dataSource.loadPreviousCalls == 0)

    controller.collectionView.setContentOffset(1)
    #expect(dataSource.loadPreviousCalls == 1)
    dataSource.deliverPreviousPage()
    controller.applyPendingUpdates()
    #expect(Self.screenY(of: "m70000", in: controller) == -1)
    #expect(controller.item(atRow: 0).id == "m69970")
    #expect(dataSource.loadPreviousCalls == 1)
  }

  @Test func anItemWithARowIsScrolledToWithoutAskingForAWindow() {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    let controller = Self.controller(for: dataSource)
    #expect(controller.scrollToItem(withID: "m99950", at: .top))
    #expect(dataSource.windowRequests.isEmpty)
    #expect(Self.screenY(of: "m99950", in: controller) == 0)
    #expect(!controller.hasPendingUpdates)
  }

  @Test func anUnknownIDMovesNothing() {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    let controller = Self.controller(for: dataSource)
    let offset = controller.collectionView.viewport.contentOffset
    #expect(!controller.scrollToItem(withID: "m100000"))
    #expect(!controller.scrollToItem(withID: "nobody"))
    controller.applyPendingUpdates()
    #expect(dataSource.windowRequests == ["m100000", "nobody"])
    #expect(controller.collectionView.viewport.contentOffset == offset)
    #expect(controller.item(atRow: 0).id == "m99940")
  }

  /// A window answered later, after other updates, still shows the target; jumps asked
  /// meanwhile replace each other (the last one wins).
  @Test func aWindowAnsweredLaterShowsTheLastTargetAskedFor() {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    dataSource.answersAtOnce = false
    let controller = Self.controller(for: dataSource)
    #expect(controller.scrollToItem(withID: "m10000", at: .center))
    controller.requestUpdate()
    controller.applyPendingUpdates()
    #expect(controller.collectionView.isScrolledToBottom())

    #expect(controller.scrollToItem(withID: "m20000", at: .top))
    dataSource.deliverWindow()
    controller.applyPendingUpdates()
    #expect(controller.item(atRow: 0).id == "m19970")
    #expect(Self.screenY(of: "m20000", in: controller) == 0)
  }

  /// Every controller on the data source gets the window; only the one that jumped goes to the
  /// target, and the rows of both match the items.
  @Test func aSecondControllerOnTheDataSourceTakesTheWindowWithoutJumping() {
    let dataSource = WindowedDataSource(total: Self.total, newest: 60)
    let phone = Self.controller(for: dataSource)
    let desktop = Self.controller(for: dataSource)
    #expect(phone.scrollToItem(withID: "m42", at: .top))
    phone.applyPendingUpdates()
    desktop.applyPendingUpdates()
    #expect(Self.screenY(of: "m42", in: phone) == 0)
    #expect(desktop.collectionView.isScrolledToBottom())
    for controller in [phone, desktop] {
      #expect(
        (0..<controller.rowCount).map { controller.item(atRow: $0).id } == dataSource.chatItems.map(\.id))
    }
  }
}
