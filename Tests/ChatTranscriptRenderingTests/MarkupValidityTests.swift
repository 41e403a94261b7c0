import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import TestSupport
import Testing

/// Whole SVG and HTML documents parse whatever the messages hold, checked by
/// ``MarkupChecker`` (which the `render` fuzz target uses too); and the checker itself rejects
/// what a viewer would.
@Suite struct MarkupValidityTests {
  /// Text a sender controls, aimed at markup: tags, entities, quotes, characters XML
  /// forbids, controls, bidi overrides, wide clusters.
  static let hostileTexts: [String] = {
    var noncharacters = ""
    for value: UInt32 in [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF] {
      noncharacters.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
    }
    return [
      "</text></svg><script>alert(1)</script>",
      "&amp; &#0; &#xFFFE; &bogus; & \"quoted\" 'single' <![CDATA[x]]> <!-- c -->",
      "nonchars: " + noncharacters,
      "controls: \u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}[31m\u{7F}\u{85}\u{9B} bidi: \u{202E}abc\u{2066}",
      "🖐🏼" + String(repeating: "\u{1100}", count: 5) + String(repeating: "x", count: 90),
    ]
  }()

  /// A text and a photo captioned with each hostile text, sent by it, a day apart.
  static func hostileItems() -> [any ChatItem] {
    hostileTexts.enumerated().flatMap { index, text -> [any ChatItem] in
      let date = Timestamp(secondsSince1970: 1_700_000_000 + Int64(index) * 90_000)
      return [
        StreamItem(
          id: "t\(index)", type: "text", sender: text, isIncoming: index % 2 == 0, date: date, text: text),
        StreamItem(
          id: "p\(index)", type: "photo", isIncoming: true, date: date, width: 4, height: 3, caption: text),
      ]
    }
  }

  @Test(arguments: ["svg", "html"], [1, 7, 40])
  func hostileTranscriptsGiveWellFormedDocuments(format: String, width: Int) {
    let items = Self.hostileItems()
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(width), height: 24))
    let dataSource = ArrayDataSource(items)
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()

    let renderer: any DocumentRenderer = format == "svg" ? SVGRenderer() : HTMLRenderer()
    let bottom = max(controller.contentHeight, 1)
    var document = renderer.documentStart(width: width, height: Int(bottom.rounded(.up)))
    controller.forEachPage(from: 0, to: bottom) { document += renderer.elements(of: $0, rowOffset: $1) }
    document += renderer.documentEnd
    let problem =
      format == "svg" ? MarkupChecker.xmlProblem(in: document) : MarkupChecker.htmlProblem(in: document)
    #expect(problem == nil)
    #expect(document.contains("&lt;") && document.contains("&amp;"))
    #expect(!document.contains("<script>"))
  }

  @Test func checkerAcceptsWellFormedMarkup() {
    let svg = """
      <?xml version="1.0"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="8"><text x='1' y="2">a &lt; b &amp;&#233;&#x1F600;</text><rect/></svg>

      """
    #expect(MarkupChecker.xmlProblem(in: svg) == nil)
    #expect(MarkupChecker.xmlProblem(in: "text <b>bold</b> more", isFragment: true) == nil)
    let html =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n<div class=\"box bubble-incoming _x -y\">a</div>\n</body></html>"
    #expect(MarkupChecker.htmlProblem(in: html) == nil)
  }

  @Test(arguments: [
    "<svg><text>a</svg>",
    "<svg><text>a</text>",
    "<svg>a < b</svg>",
    "<svg>fish & chips</svg>",
    "<svg>&#0;</svg>",
    "<svg>&#xFFFE;</svg>",
    "<svg>&nbsp;</svg>",
    "<svg x=1></svg>",
    "<svg x=\"1\" x=\"2\"></svg>",
    "<svg x=\"<\"></svg>",
    "<svg/><svg/>",
    "text<svg/>",
    "<svg>\u{1B}</svg>",
    "<svg>\u{0}</svg>",
  ])
  func checkerRejectsMalformedXML(document: String) {
    #expect(MarkupChecker.xmlProblem(in: document) != nil)
  }

  @Test func checkerRejectsNoncharactersAndBadClassNames() {
    var nonCharacter = "<svg>"
    nonCharacter.unicodeScalars.append(Unicode.Scalar(0xFFFF as UInt32) ?? "?")
    #expect(MarkupChecker.xmlProblem(in: nonCharacter + "</svg>") != nil)
    for name in ["bubble.incoming", "9lives", "-9", "a\"b", "ünï"] {
      #expect(!MarkupChecker.isCSSClassName(name[...]), "\(name)")
    }
    let page = "<body><div class=\"box bubble.incoming\"></div></body>"
    #expect(MarkupChecker.htmlProblem(in: page) != nil)
  }
}
