import ChatTranscript
import TestSupport
import Testing

@Suite struct RoutingTests {
  @Test func firstBuilderThatCanHandleWins() {
    let log = PresenterLog()
    let picky = TestBuilder(log: log, supportsUpdates: false, accepts: { $0.text == "special" })
    let general = TestBuilder(log: log)
    let factory = ChatItemPresenterFactory(["test": [picky, general]])
    let special = factory.makePresenter(for: TestItem(id: "a", text: "special")) as? TestPresenter
    let ordinary = factory.makePresenter(for: TestItem(id: "b", text: "plain")) as? TestPresenter
    #expect(special?.isItemUpdateSupported == false)
    #expect(ordinary?.isItemUpdateSupported == true)
  }

  @Test func unknownTypeGetsAVisibleFallback() {
    let harness = TranscriptHarness(items: [
      TestItem(id: "a"), PlainChatItem(id: "poll-1", type: "poll"), TestItem(id: "b"),
    ])
    let controller = harness.controller
    #expect(controller.rowCount == 3)
    #expect(controller.presenter(atRow: 1) is UnsupportedItemPresenter)
    #expect(controller.frame(ofRow: 1).height == 1)
    let cell = controller.collectionView.cell(forRow: 1) as? UnsupportedItemCell
    #expect(cell?.label.text == "unsupported item: poll (poll-1)")
  }

  @Test func builderThatRefusesFallsBackToo() {
    let log = PresenterLog()
    let factory = ChatItemPresenterFactory(["test": [TestBuilder(log: log, accepts: { _ in false })]])
    #expect(factory.makePresenter(for: TestItem(id: "x")) is UnsupportedItemPresenter)
    #expect(log.built == 0)
  }
}
