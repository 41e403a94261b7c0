import ChatTranscript
import ChatTranscriptRendering
import TestSupport
import Testing

@Suite struct PlainTextRendererTests {
  @Test func dumpsTheVisibleRowsAtTheirPlaces() {
    let harness = TranscriptHarness(
      items: [
        TestItem(id: "a", height: 1, text: "hello"),
        TestItem(id: "b", height: 2, text: "a long line that wraps here"),
        TestItem(id: "c", height: 1, text: "界界 wide"),
      ],
      decorator: UniformDecorator(bottomMargin: 1), viewport: Viewport(width: 16, height: 7))
    let text = PlainTextRenderer().render(harness.controller.collectionView)
    #expect(
      text == """
        a: hello

        b: a long line
        that wraps here

        c: 界界 wide

        """)
  }

  @Test func scrolledViewportShowsOnlyWhatIsInside() {
    let harness = TranscriptHarness(
      items: TranscriptHarness.items(0..<10), viewport: Viewport(width: 10, height: 3))
    harness.controller.collectionView.setContentOffset(4)
    #expect(PlainTextRenderer().render(harness.controller.collectionView) == "m4\nm5\nm6")
  }

  @Test func controlCharactersNeverReachTheOutput() {
    let harness = TranscriptHarness(
      items: [TestItem(id: "x", text: "\u{1B}[31mred\u{202E}txt\u{7}")],
      viewport: Viewport(width: 30, height: 1))
    let text = PlainTextRenderer().render(harness.controller.collectionView)
    #expect(text == "x: ␛[31mred�txt␇")
    #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" })
  }
}
