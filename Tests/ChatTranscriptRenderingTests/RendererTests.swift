import ChatTranscript
import ChatTranscriptRendering
import Foundation
import Synchronization
import TestSupport
import Testing
import TextLayout

/// A small transcript with styled bubbles, a photo box, wide text and hostile text.
final class StyledCell: CollectionViewCell {
  let bubble = Button()
  let label = Label()
  let photo = ImagePlaceholder()

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(bubble)
    bubble.addSubview(label)
    addSubview(photo)
  }
}

final class StyledPresenter: BaseChatItemPresenter<StyledCell> {
  let item: TestItem

  init(item: TestItem) {
    self.item = item
  }

  override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { item.height }

  override func configure(_ cell: StyledCell, decoration: ChatItemDecoration) {
    let outgoing = item.id.hasPrefix("me")
    let width = min(cell.frame.width - 2, 18)
    if item.type == "photo" {
      cell.bubble.isHidden = true
      cell.photo.isHidden = false
      cell.photo.frame = Rect(x: 1, y: 0, width: 14, height: item.height)
      cell.photo.imageDescription = item.text
      cell.photo.styleName = "photo"
      return
    }
    cell.photo.isHidden = true
    cell.bubble.isHidden = false
    cell.bubble.frame = Rect(
      x: outgoing ? cell.frame.width - width - 1 : 1, y: 0, width: width, height: item.height)
    cell.bubble.styleName = outgoing ? "bubble.outgoing" : "bubble.incoming"
    cell.label.frame = Rect(x: 1, y: 0, width: width - 2, height: item.height)
    cell.label.text = item.text
    cell.label.styleName = "text"
  }
}

struct StyledBuilder: ChatItemPresenterBuilder {
  var presenterType: any ChatItemPresenter.Type { StyledPresenter.self }
  func canHandle(_ item: any ChatItem) -> Bool { item is TestItem }
  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    StyledPresenter(item: item as? TestItem ?? TestItem(id: item.id))
  }
}

@Suite struct RendererTests {
  /// The transcript; keep the returned controller and data source alive while rendering.
  static func transcript() -> (controller: ChatTranscriptController, dataSource: ArrayDataSource) {
    let dataSource = ArrayDataSource([
      TestItem(id: "alice", height: 2, text: "Hi! <b>bold</b> & \"quotes\""),
      TestItem(id: "me1", height: 1, text: "日本語 ok 👍🏽"),
      TestItem(id: "p1", type: "photo", height: 3, text: "photo 1200×800"),
      TestItem(
        id: "evil", height: 2, text: "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{202E}gnp.exe<script>alert(1)</script>"),
      PlainChatItem(id: "x1", type: "poll"),
    ])
    let builder = StyledBuilder()
    let controller = ChatTranscriptController(
      buildersByType: ["test": [builder], "photo": [builder]], decorator: UniformDecorator(bottomMargin: 1),
      viewport: Viewport(width: 30, height: 14))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return (controller, dataSource)
  }

  @Test(arguments: ["plain.txt", "ansi.txt", "svg.svg", "html.html"])
  func rendersMatchGolden(name: String) {
    let transcript = Self.transcript()
    let view = transcript.controller.collectionView
    let output: String
    switch name {
    case "plain.txt": output = PlainTextRenderer().render(view)
    case "ansi.txt": output = ANSIRenderer().render(view)
    case "svg.svg": output = SVGRenderer().render(view)
    default: output = HTMLRenderer().render(view)
    }
    #expect(output == GoldenFile.expected(name, actual: output))
  }

  @Test func terminalOutputHasOnlyItsOwnColourCodes() {
    let transcript = Self.transcript()
    let output = ANSIRenderer().render(transcript.controller.collectionView)
    // Remove the SGR codes the renderer writes; nothing else may look like a control.
    var stripped = output
    while let range = stripped.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) {
      stripped.removeSubrange(range)
    }
    #expect(!stripped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!stripped.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    #expect(!stripped.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    #expect(stripped.contains("␛]0;pwned␇␛[2J�g"))
  }

  @Test(arguments: [false, true])
  func markupIsEscaped(html: Bool) {
    let transcript = Self.transcript()
    let view = transcript.controller.collectionView
    let output = html ? HTMLRenderer().render(view) : SVGRenderer().render(view)
    #expect(!output.contains("<script"))
    #expect(!output.contains("<b>"))
    #expect(output.contains("&lt;script&gt;al"))
    #expect(output.contains("&amp; &quot;quotes&quot;"))
    #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }

  @Test func visibleTextShowsControlsAndKeepsTheRest() {
    #expect(RenderScene.visibleText("a\u{0}b\u{1B}c\u{7F}d\u{85}e\u{2066}f\ng\th") == "a␀b␛c␡d�e�f\ng h")
    #expect(RenderScene.visibleText("plain 日本") == "plain 日本")
  }
}

/// A label taller than its text, scrolled so that its top rows are above the viewport.
@Suite struct ScrolledLabelTests {
  /// A controller showing items with styled cells and no margins, laid out, and the data
  /// source it holds only weakly.
  struct Shown {
    let controller: ChatTranscriptController
    let dataSource: ArrayDataSource

    init(_ items: [TestItem], height: Double) {
      dataSource = ArrayDataSource(items)
      controller = ChatTranscriptController(
        buildersByType: ["test": [StyledBuilder()]], decorator: UniformDecorator(bottomMargin: 0),
        viewport: Viewport(width: 30, height: height))
      controller.dataSource = dataSource
      controller.requestUpdate(.firstLoad)
      controller.applyPendingUpdates()
    }
  }

  /// The lines of text `scenes` draw, in order.
  static func texts(of scenes: [RenderScene]) -> [String] {
    scenes.flatMap(\.elements).compactMap { element -> String? in
      if case .text(let text, _, _, _, _) = element { text } else { nil }
    }
  }

  @Test(arguments: [0.0, 3, 5, 7, 9])
  func aLabelScrolledPastItsLastLineDrawsWhatRemains(offset: Double) throws {
    let shown = Shown([TestItem(id: "tall", height: 10, text: "one\ntwo")], height: 4)
    shown.controller.collectionView.setContentOffset(offset)
    let texts = Self.texts(of: [RenderScene(shown.controller.collectionView)])
    #expect(texts == Array(["one", "two"].dropFirst(Int(offset))))
  }

  /// Drawn page by page with a line cache, a label taller than a page is wrapped once, and
  /// the pages together draw every line once.
  @Test func aLabelDrawnPageByPageIsWrappedOnce() {
    let lines = (0..<10).map { "line \($0)" }
    let shown = Shown([TestItem(id: "tall", height: 10, text: lines.joined(separator: "\n"))], height: 2)
    let measurer = CountingLinesMeasurer()
    let cache = LabelLineCache()
    let scenes = (0..<5).map { page in
      shown.controller.collectionView.setContentOffset(Double(page * 2))
      return RenderScene(shown.controller.collectionView, measurer: measurer, lineCache: cache)
    }
    #expect(Self.texts(of: scenes) == lines)
    #expect(measurer.calls.load(ordering: .relaxed) == 1)
  }

  /// Short labels that come back on every page (a tail, a status, a reaction's count) are
  /// wrapped once per text and width through a line cache, and drawn as without one.
  @Test func shortLabelsOnEveryPageAreWrappedOnce() {
    let texts = ["é", "◀", "👍 2", "sending…", "a\u{1B}b"]
    let items = (0..<200).map { TestItem(id: "m\($0)", height: 1, text: texts[$0 % texts.count]) }
    let shown = Shown(items, height: 10)
    let measurer = CountingLinesMeasurer()
    let cache = LabelLineCache()
    var cached: [RenderScene] = []
    var uncached: [RenderScene] = []
    for page in 0..<20 {
      shown.controller.collectionView.setContentOffset(Double(page * 10))
      cached.append(RenderScene(shown.controller.collectionView, measurer: measurer, lineCache: cache))
      uncached.append(RenderScene(shown.controller.collectionView))
    }
    #expect(cached == uncached)
    #expect(Self.texts(of: cached).count == 200)
    #expect(measurer.calls.load(ordering: .relaxed) == texts.count)
  }

  /// Pages read as drafts on the controller's thread and wrapped on another, in order through
  /// one cache (as `transcript render` draws), are the scenes `forEachPage` gives, and a label
  /// taller than a page is still wrapped once.
  @Test func draftsWrappedOnAnotherThreadAreThePagesDrawnDirectly() async {
    // Taller than a page (``ChatTranscriptController/renderingPageRows``), so cut by the first.
    let lines = (0..<5_000).map { "line \($0) \u{1B}" }
    let shown = Shown(
      [
        TestItem(id: "short", height: 1, text: "é"),
        TestItem(id: "tall", height: 5_000, text: lines.joined(separator: "\n")),
        TestItem(id: "after", height: 2, text: "one\ntwo"),
      ], height: 3)
    let bottom = shown.controller.contentHeight
    var direct: [RenderScene] = []
    shown.controller.forEachPage(from: 0, to: bottom) { scene, _ in direct.append(scene) }
    var drafts: [SceneDraft] = []
    shown.controller.forEachPageDraft(from: 0, to: bottom) { draft, _ in drafts.append(draft) }
    let measurer = CountingLinesMeasurer()
    let wrapped = await Task.detached { [drafts] in
      let cache = LabelLineCache()
      return drafts.map { $0.scene(measurer: measurer, lineCache: cache) }
    }.value
    #expect(direct.count == 2)
    #expect(wrapped == direct)
    // One call per label that is not a single fitting line of printable ASCII.
    #expect(measurer.calls.load(ordering: .relaxed) == 3)
    #expect(
      Self.texts(of: wrapped) == ["é"] + lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") } + [
        "one", "two",
      ])
  }
}

/// Counts how often text is wrapped for drawing.
final class CountingLinesMeasurer: TextMeasurer {
  let calls = Atomic(0)
  private let measurer = TerminalTextMeasurer()

  func measure(_ text: String, maxWidth: Int) -> TextMetrics { measurer.measure(text, maxWidth: maxWidth) }

  func lines(of text: String, maxWidth: Int) -> [TextLine] {
    calls.add(1, ordering: .relaxed)
    return measurer.lines(of: text, maxWidth: maxWidth)
  }
}

/// What the renderers make of text and style names a sender or a presenter controls.
@Suite struct HostileMarkupTests {
  /// U+FFFE, U+FFFF, the U+FDD0 block, plane noncharacters and stray controls are not
  /// allowed in an XML document: each becomes U+FFFD, so SVG and HTML stay well-formed.
  @Test(arguments: ["svg", "html"])
  func charactersXMLForbidsAreReplaced(format: String) {
    // Swift string literals may not hold noncharacters: the scalars are made from numbers.
    let forbidden: [UInt32] = [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF, 0x0B, 0x85]
    let letters = Array("abcdefgh")
    var text = ""
    for (letter, value) in zip(letters, forbidden) {
      text.append(letter)
      text.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    text += "h<&>"
    let scene = RenderScene(
      width: 40, height: 2, elements: [.text(text, x: 0, y: 0, width: 40, style: "bubble.incoming")])
    let output = format == "svg" ? SVGRenderer().render(scene) : HTMLRenderer().render(scene)
    #expect(!output.unicodeScalars.contains { forbidden.contains($0.value) })
    #expect(output.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{FFFD}h&lt;&amp;&gt;"))
  }

  /// A style name becomes a class name that a CSS class selector can name.
  @Test func classNamesAreValidSelectors() {
    let scene = RenderScene(
      width: 10, height: 1,
      elements: [
        .box(x: 0, y: 0, width: 5, height: 1, style: "bubble.incoming"),
        .box(x: 5, y: 0, width: 5, height: 1, style: "9 lives\"><script>"),
      ])
    var palette = RenderPalette.standard
    palette.styles["9 lives\"><script>"] = palette.styles["bubble.incoming"]
    let html = HTMLRenderer(palette: palette).render(scene)
    #expect(html.contains(#"class="box bubble-incoming""#))
    #expect(html.contains(#"class="box s-9-lives---script-""#))
    #expect(!html.contains("<script>"))
  }

  /// A cluster of three columns covers three cells: the line is as wide as TextLayout says.
  @Test func clustersWiderThanTwoColumnsCoverTheirCells() {
    let text = "🖐🏼|" + String(repeating: "\u{1100}", count: 5) + "|"
    let scene = RenderScene(width: 20, height: 1, elements: [.text(text, x: 1, y: 0, width: 19, style: nil)])
    let line = PlainTextRenderer().render(scene)
    #expect(line == " " + text)
    let width = displayWidth(of: line)
    #expect(width == 16, "a space, 🖐🏼 (3), a bar, five U+1100 (10) and a bar")
  }
}

/// A backend's own subclasses of the engine's views are drawn as the views they extend.
@Suite struct ViewSubclassTests {
  final class Chip: Button {}
  final class Caption: Label {}
  final class Thumbnail: ImagePlaceholder {}

  final class SubclassedCell: CollectionViewCell {
    let chip = Chip()
    let caption = Caption()
    let thumbnail = Thumbnail()

    required init(frame: Rect = .zero) {
      super.init(frame: frame)
      for view in [chip, caption, thumbnail] as [View] { addSubview(view) }
    }
  }

  final class SubclassedPresenter: BaseChatItemPresenter<SubclassedCell> {
    override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { 3 }

    override func configure(_ cell: SubclassedCell, decoration: ChatItemDecoration) {
      cell.chip.frame = Rect(x: 1, y: 0, width: 6, height: 1)
      cell.chip.text = "go"
      cell.chip.styleName = "chip"
      cell.caption.frame = Rect(x: 1, y: 1, width: 6, height: 1)
      cell.caption.text = "hi"
      cell.caption.styleName = "caption"
      cell.thumbnail.frame = Rect(x: 1, y: 2, width: 6, height: 1)
      cell.thumbnail.imageDescription = "pic"
      cell.thumbnail.styleName = "photo"
    }
  }

  struct SubclassedBuilder: ChatItemPresenterBuilder {
    var presenterType: any ChatItemPresenter.Type { SubclassedPresenter.self }
    func canHandle(_ item: any ChatItem) -> Bool { true }
    func makePresenter(for item: any ChatItem) -> any ChatItemPresenter { SubclassedPresenter() }
  }

  @Test func subclassesAreDrawnAsTheViewsTheyExtend() {
    let dataSource = ArrayDataSource([TestItem(id: "a")])
    let controller = ChatTranscriptController(
      buildersByType: ["test": [SubclassedBuilder()]], decorator: UniformDecorator(bottomMargin: 0),
      viewport: Viewport(width: 10, height: 3))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    let scene = RenderScene(controller.collectionView)
    #expect(
      scene.elements == [
        .box(x: 1, y: 0, width: 6, height: 1, style: "chip"),
        .text("go", x: 1, y: 0, width: 6, style: "chip"),
        .text("hi", x: 1, y: 1, width: 6, style: "caption"),
        .image(description: "pic", x: 1, y: 2, width: 6, height: 1, style: "photo"),
      ])
  }
}
