import ChatTranscript
import ChatTranscriptRendering
import TestSupport
import Testing
import TranscriptGenerator

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

/// Scenes are drawn line by line unless texts share columns or a selection needs its marks;
/// the grid draws the rest. Both must give the same text for any scene.
@Suite struct PlainTextLinePathTests {
  static let texts = [
    "hello", "a b  ", "界界 wide", "🖐🏼 hi", "e\u{301}te\u{301}", "\u{301}x", "a\u{200B}b", "\u{200B}",
    "ᄀᄀᄀᄀᄀ", "👩‍👩‍👧‍👦!", "", "   ", "tail ◀", "─────", "\u{FFFD}", "longer text than most labels",
  ]

  /// A random scene: texts, boxes and images anywhere, some off the scene, some overlapping.
  static func scene(_ random: inout SeededRandom) -> RenderScene {
    let width = random.int(in: 1...24)
    let height = random.int(in: 1...8)
    var elements: [RenderScene.Element] = []
    for _ in 0..<random.int(in: 0...10) {
      let x = random.int(in: -3...width + 2)
      let y = random.int(in: -1...height)
      switch random.below(6) {
      case 0:
        elements.append(
          .box(x: x, y: y, width: random.int(in: 0...8), height: random.int(in: 0...3), style: "b"))
      case 1:
        elements.append(
          .image(
            description: texts[random.below(texts.count)], x: x, y: y, width: random.int(in: 0...10),
            height: random.int(in: 0...4), style: nil))
      default:
        elements.append(
          .text(texts[random.below(texts.count)], x: x, y: y, width: random.int(in: 0...12), style: nil))
      }
    }
    return RenderScene(width: width, height: height, elements: elements)
  }

  @Test func theLinePathDrawsWhatTheGridDraws() {
    var random = SeededRandom(seed: SeededRandom.seed(fromEnvironment: "PLAIN_LINES_SEED", default: 41))
    let renderer = PlainTextRenderer()
    for _ in 0..<5_000 {
      let scene = Self.scene(&random)
      // An empty selection band sends the scene to the grid and draws nothing.
      var gridScene = scene
      gridScene.elements.append(.selection(x: 0, y: 0, width: 0, height: 0))
      let byLines = renderer.render(scene)
      let byGrid = renderer.render(gridScene)
      #expect(byLines == byGrid, "\(scene)")
      if byLines != byGrid { return }
    }
  }
}
