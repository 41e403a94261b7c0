import ChatTranscript
import TestSupport
import Testing
import TranscriptGenerator

/// One data source feeding several controllers: a phone and a desktop layout of one
/// conversation.
@Suite struct SharedDataSourceTests {
  /// A phone-width harness owning the data source, and a desktop-width controller sharing it.
  static func phoneAndDesktop(items: [any ChatItem]) -> (phone: TranscriptHarness, desktop: TranscriptHarness)
  {
    let phone = TranscriptHarness(
      items: items, decorator: TestDecorator(), viewport: Viewport(width: 40, height: 10))
    let desktop = TranscriptHarness(decorator: TestDecorator(), viewport: Viewport(width: 100, height: 10))
    desktop.controller.dataSource = phone.dataSource
    desktop.controller.requestUpdate(.firstLoad)
    desktop.controller.applyPendingUpdates()
    return (phone, desktop)
  }

  static func ids(_ controller: ChatTranscriptController) -> [String] {
    controller.rowFrames.map(\.id)
  }

  @Test func bothControllersHearEveryChangeOneOnTheOwnerOneInTheBackground() async {
    let items = (0..<6).map { TestItem(id: "m\($0)", text: $0 < 3 ? "a" : "b!") as any ChatItem }
    let (phone, desktop) = Self.phoneAndDesktop(items: items)
    let phoneChecker = RowChangesChecker(phone.controller)
    let desktopChecker = RowChangesChecker(desktop.controller)
    phone.controller.onUpdate = { phoneChecker.check($0) }
    desktop.controller.onUpdate = { desktopChecker.check($0) }
    var random = SeededRandom(seed: 7)
    for step in 0..<40 {
      let source = phone.dataSource
      let count = source.items.count
      switch random.int(in: 0...3) {
      case 0: source.append([TestItem(id: "n\(step)", text: random.chance(0.5) ? "a" : "c!")])
      case 1 where count > 0:
        let start = random.int(in: 0...count - 1)
        source.remove(start..<min(count, start + random.int(in: 1...2)))
      case 2 where count > 0:
        let index = random.int(in: 0...count - 1)
        source.replace(at: index, with: TestItem(id: source.items[index].id, height: 2, text: "e\(step)"))
      default: source.insert([TestItem(id: "p\(step)", text: "a")], at: 0, type: .pagination)
      }
      phone.controller.applyPendingUpdates()
      await desktop.controller.applyPendingUpdatesInBackground()
      let expected = TranscriptHarness(items: source.items, decorator: TestDecorator())
      #expect(Self.ids(phone.controller) == Self.ids(expected.controller), "step \(step)")
      #expect(Self.ids(desktop.controller) == Self.ids(expected.controller), "step \(step)")
    }
    #expect(phoneChecker.checkedUpdates == 40 && desktopChecker.checkedUpdates == 40)
    #expect(phoneChecker.failures.isEmpty, "\(phoneChecker.failures)")
    #expect(desktopChecker.failures.isEmpty, "\(desktopChecker.failures)")
    #expect(desktop.controller.collectionView.viewport.width == 100)
  }

  @Test func aPageBothControllersReachIsRequestedOnce() {
    let (phone, desktop) = Self.phoneAndDesktop(items: TranscriptHarness.items(0..<3))
    let source = phone.dataSource
    source.olderPages = [TranscriptHarness.items(100..<103), TranscriptHarness.items(200..<203)]
    // Both readers see the top of a short transcript: both want the older page.
    source.append(TranscriptHarness.items(3..<4))
    phone.controller.applyPendingUpdates()
    desktop.controller.applyPendingUpdates()
    #expect(source.loadPreviousCalls == 1)
    source.deliverPreviousPage()
    phone.controller.applyPendingUpdates()
    desktop.controller.applyPendingUpdates()
    // The page answered the request; the next page is asked for once again.
    #expect(source.loadPreviousCalls == 2)
    #expect(phone.controller.itemCount == 7 && desktop.controller.itemCount == 7)
  }

  /// A request that fails is answered by a `.pagination` update that changes nothing: the
  /// request ends, and the next time a reader is at the edge the page is asked for again.
  @Test func aFailedPageRequestEndedByAnEmptyPaginationUpdateIsAskedAgain() {
    let (phone, desktop) = Self.phoneAndDesktop(items: TranscriptHarness.items(0..<3))
    let source = phone.dataSource
    source.olderPages = [TranscriptHarness.items(100..<103)]
    source.append(TranscriptHarness.items(3..<4))
    phone.controller.applyPendingUpdates()
    desktop.controller.applyPendingUpdates()
    #expect(source.loadPreviousCalls == 1)
    // Still waiting: scrolling at the top does not ask twice.
    phone.controller.collectionView.scrollToTop()
    #expect(source.loadPreviousCalls == 1)
    // The backend failed and says so with an empty page.
    source.delegate?.chatDataSource(source, didChange: [], type: .pagination)
    phone.controller.applyPendingUpdates()
    desktop.controller.applyPendingUpdates()
    #expect(source.loadPreviousCalls == 2, "both readers are still at the top: asked again, once")
    #expect(phone.controller.itemCount == 4 && desktop.controller.itemCount == 4)
  }

  @Test func aControllerThatGoesAwayStopsListeningAndTheOthersGoOn() {
    let phone = TranscriptHarness(items: TranscriptHarness.items(0..<3))
    var desktop: ChatTranscriptController? = ChatTranscriptController(
      buildersByType: [:], viewport: Viewport(width: 100, height: 10))
    desktop?.dataSource = phone.dataSource
    weak let released = desktop
    desktop = nil
    #expect(released == nil, "the data source's listeners do not keep a controller alive")
    phone.dataSource.append(TranscriptHarness.items(3..<4))
    phone.controller.applyPendingUpdates()
    #expect(phone.controller.itemCount == 4)

    // A controller moved to another data source stops hearing the first.
    let other = ArrayDataSource()
    phone.controller.dataSource = other
    phone.dataSource.append(TranscriptHarness.items(4..<5))
    #expect(!phone.controller.hasPendingUpdates)
    other.append(TranscriptHarness.items(10..<11))
    #expect(phone.controller.hasPendingUpdates)
  }

  @Test func aDelegateTheDataSourceHadKeepsHearingChanges() {
    final class Spy: ChatDataSourceDelegate {
      var heard: [UpdateType] = []
      func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) { heard.append(type) }
      func chatDataSource(
        _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
      ) {
        heard.append(type)
      }
    }
    let source = ArrayDataSource(TranscriptHarness.items(0..<2))
    let spy = Spy()
    source.delegate = spy
    let controller = ChatTranscriptController(buildersByType: [:], viewport: Viewport(width: 40, height: 10))
    controller.dataSource = source
    source.append(TranscriptHarness.items(2..<3))
    #expect(spy.heard == [.normal])
    #expect(controller.hasPendingUpdates)
  }
}
