import ChatTranscript
import ChatTranscriptRendering
import TestSupport
import Testing

/// Selected rows in every format, and the pinned heading in a viewport but not in a document.
@Suite struct SelectionRenderingTests {
  @Test(arguments: ["selected-plain.txt", "selected-ansi.txt", "selected-svg.svg", "selected-html.html"])
  func selectedRowsMatchGolden(name: String) {
    let transcript = RendererTests.transcript()
    transcript.controller.selectItem(withID: "alice")
    transcript.controller.selectItem(withID: "me1")
    let view = transcript.controller.collectionView
    let output: String
    switch name {
    case "selected-plain.txt": output = PlainTextRenderer().render(view)
    case "selected-ansi.txt": output = ANSIRenderer().render(view)
    case "selected-svg.svg": output = SVGRenderer().render(view)
    default: output = HTMLRenderer().render(view)
    }
    #expect(output == GoldenFile.expected(name, actual: output))
  }

  @Test func markupWithSelectionIsValid() {
    let transcript = RendererTests.transcript()
    transcript.controller.selectItem(withID: "evil")
    let view = transcript.controller.collectionView
    let svg = SVGRenderer().render(view)
    let html = HTMLRenderer().render(view)
    #expect(svg.contains(#"class="selected""#) && html.contains(#"class="selected""#))
    #expect(MarkupChecker.xmlProblem(in: svg) == nil)
    #expect(MarkupChecker.htmlProblem(in: html) == nil)
  }

  /// The marker takes the band's first column where nothing is drawn, else its last, else
  /// nothing; lines keep their width.
  @Test func plainTextMarksEachLineInItsFreeMargin() {
    let scene = RenderScene(
      width: 8, height: 4,
      elements: [
        .selection(x: 0, y: 0, width: 8, height: 3),
        .text("(A) hi", x: 0, y: 1, width: 6, style: nil),
        .text("12345678", x: 0, y: 2, width: 8, style: nil),
        .text("free", x: 0, y: 3, width: 4, style: nil),
      ])
    #expect(PlainTextRenderer().render(scene) == "▌\n(A) hi ▐\n12345678\nfree")
  }

  @Test func aSelectedRowIsHighlightedInColour() {
    let scene = RenderScene(width: 4, height: 1, elements: [.selection(x: 0, y: 0, width: 4, height: 1)])
    #expect(ANSIRenderer().render(scene) == "\u{1B}[0;48;2;47;68;102m    \u{1B}[0m")
  }
}

@Suite struct PinnedHeadingRenderingTests {
  /// Days `a`, `b` and `c`: headings two rows high at y 0, 12 and 24, items two rows high.
  private static func transcript() -> TranscriptHarness {
    TranscriptHarness(
      items: HeadingDecorator.days(["a", "b", "c"], count: 5), decorator: HeadingDecorator(),
      viewport: Viewport(width: 20, height: 6))
  }

  @Test func theViewportShowsTheHeadingAtItsTop() {
    let transcript = Self.transcript()
    let view = transcript.controller.collectionView
    view.setContentOffset(15)
    // b's heading (y 12) is drawn over b0 and b1's first line (y 15 and 16).
    #expect(PlainTextRenderer().render(view) == "b0/day\n\n\nb2: b\n\nb3: b")
    view.setContentOffset(23)
    // c's heading (y 24) pushes b's up: its second row shows, then c's heading.
    #expect(PlainTextRenderer().render(view) == "\nc0/day\n\nc0: c\n\nc1: c")
  }

  @Test func aWholeDocumentDrawsEachHeadingOnceWhereItIs() {
    let transcript = Self.transcript()
    let controller = transcript.controller
    controller.collectionView.setContentOffset(15)
    var pages = ""
    controller.renderRows(from: 0, to: controller.contentHeight, by: PlainTextRenderer()) { pages += $0 }
    for heading in ["a0/day", "b0/day", "c0/day"] {
      #expect(pages.split(separator: "\n").filter { $0 == heading }.count == 1, "\(heading) once")
    }
    #expect(controller.collectionView.pinsHeaders)
  }
}
