import ChatTranscript
import TestSupport
import Testing

/// A cell with a button covering its right half.
final class ButtonCell: CollectionViewCell {
  let button = Button(text: "retry")

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(button)
  }

  override var frame: Rect {
    didSet { button.frame = Rect(x: frame.width / 2, y: 0, width: frame.width / 2, height: frame.height) }
  }
}

final class ButtonPresenter: BaseChatItemPresenter<ButtonCell> {
  let item: TestItem
  let log: PresenterLog

  init(item: TestItem, log: PresenterLog) {
    self.item = item
    self.log = log
  }

  override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { 2 }

  override func configure(_ cell: ButtonCell, decoration: ChatItemDecoration) {
    cell.button.removeAllActions()
    cell.button.addAction { [log, item] in log.record("tap \(item.id)") }
  }

  override func shouldShowMenu() -> Bool { true }
}

struct ButtonBuilder: ChatItemPresenterBuilder {
  let log: PresenterLog
  var presenterType: any ChatItemPresenter.Type { ButtonPresenter.self }
  func canHandle(_ item: any ChatItem) -> Bool { item is TestItem }
  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    ButtonPresenter(item: item as? TestItem ?? TestItem(id: item.id), log: log)
  }
}

@Suite struct TouchTests {
  @Test func tapsReachTheButtonOfTheRowUnderThePoint() {
    let log = PresenterLog()
    let dataSource = ArrayDataSource(TranscriptHarness.items(0..<20))
    let controller = ChatTranscriptController(
      buildersByType: ["test": [ButtonBuilder(log: log)]], viewport: Viewport(width: 20, height: 6))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    // At the bottom: rows 17, 18, 19 fill the 6 rows, two rows each.
    #expect(controller.collectionView.tap(at: Point(x: 15, y: 0)))
    #expect(controller.collectionView.tap(at: Point(x: 15, y: 5)))
    #expect(!controller.collectionView.tap(at: Point(x: 2, y: 3)), "left half has no button")
    #expect(log.events == ["tap m17", "tap m19"])
    #expect(controller.collectionView.hitTest(Point(x: 2, y: 3))?.row == 18)
    #expect(controller.collectionView.longPress(at: Point(x: 2, y: 3)) === controller.presenter(atRow: 18))
    #expect(controller.collectionView.hitTest(Point(x: 2, y: 30)) == nil)
  }
}
