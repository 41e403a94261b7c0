import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import TestSupport
import Testing
import TextLayout

/// SVG in points: a transcript laid out with DejaVu Sans at 15 px for a 390-point phone, drawn
/// at real sizes (Debian's fonts-dejavu-core, which `.ci/run` installs; the tests fail without it).
@Suite struct PointSVGRendererTests {
  static func at(_ hour: Int, _ minute: Int) -> Timestamp? {
    Timestamp(year: 2026, month: 11, day: 20, hour: hour, minute: minute)
  }

  /// A small conversation that shows each part of the phone theme: sender lines, a reply's
  /// quote, reactions, an edited message's footer, a photo with a caption, a failed message, a
  /// notice and the typing row.
  static let items: [any ChatItem] = [
    TextMessageItem(
      message: MessageModel(
        id: "m1", type: MessageItemType.text, sender: "ana", isIncoming: true, date: at(9, 0),
        reactions: [MessageReaction(reaction: "👍", count: 2)]),
      text: "Are we still on for the review tomorrow? The small room is booked."),
    TextMessageItem(
      message: MessageModel(
        id: "m2", type: MessageItemType.text, sender: "me", isIncoming: false, date: at(9, 1), status: .read,
        quote: .message(sender: "ana", text: "Are we still on for the review tomorrow?")),
      text: "Yes, 10:00 in the big room. AV Tower, floor 3."),
    SystemNoticeItem(id: "n1", text: "yuki joined the conversation", date: at(9, 2)),
    PhotoMessageItem(
      message: MessageModel(
        id: "p1", type: MessageItemType.photo, sender: "yuki", isIncoming: true, date: at(9, 3)),
      pixelWidth: 640, pixelHeight: 480, caption: "the whiteboard <after> & before"),
    TextMessageItem(
      message: MessageModel(
        id: "m3", type: MessageItemType.text, sender: "yuki", isIncoming: true, date: at(9, 3), isEdited: true
      ),
      text: "Edited: bring the printouts"),
    TextMessageItem(
      message: MessageModel(
        id: "m4", type: MessageItemType.text, sender: "me", isIncoming: false, date: at(9, 5), status: .failed
      ),
      text: "Will do!"),
    TypingIndicatorItem(senders: ["ana"]),
  ]

  /// `items` laid out at `width` points and drawn page by page, as `transcript render --font`
  /// draws them.
  static func svg(_ items: [any ChatItem], width: Double, pageHeight: Double = 65_536) throws -> String {
    let font = try TestFont.dejaVuSans()
    let measurer = PointTextMeasurer(font: font, size: 15)
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: PhoneTheme(), measurer: measurer, configuration: .phone),
      decorator: MessagesKit.decorator(.phone), viewport: Viewport(width: width, height: 800))
    let dataSource = ArrayDataSource(items)
    defer { withExtendedLifetime(dataSource) {} }
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    let renderer = PointSVGRenderer(measurer: measurer, font: font, familyName: "DejaVu Sans")
    var output = renderer.documentStart(width: width, height: controller.contentHeight)
    controller.forEachPointPage(
      from: 0, to: controller.contentHeight, measurer: measurer, lineHeight: measurer.lineHeight,
      pageHeight: pageHeight
    ) { output += renderer.elements(of: $0, yOffset: $1) }
    return output + renderer.documentEnd
  }

  @Test func aSmallTranscriptMatchesItsGolden() throws {
    let output = try Self.svg(Self.items, width: 390)
    #expect(MarkupChecker.xmlProblem(in: output) == nil)
    #expect(output.contains(">Are we still on for the review<"))
    #expect(output.contains(#"font-family="&#39;DejaVu Sans&#39;, sans-serif" font-size="15""#))
    #expect(output == GoldenFile.expected("points-390.svg", actual: output))
  }

  /// Pages cut nowhere: a document drawn in many small pages is the one drawn in one.
  @Test func pagesDrawEveryRowOnce() throws {
    let whole = try Self.svg(Self.items, width: 390)
    let paged = try Self.svg(Self.items, width: 390, pageHeight: 20)
    #expect(whole.ranges(of: "<text").count > 20)
    #expect(paged == whole)
  }

  /// Baselines sit the font's ascender below each line's top, lines a line height apart.
  @Test func linesSitOnTheirBaselines() throws {
    let font = try TestFont.dejaVuSans()
    let measurer = PointTextMeasurer(font: font, size: 15)
    let renderer = PointSVGRenderer(measurer: measurer, font: font, familyName: "DejaVu Sans")
    #expect(renderer.ascender == Double(font.ascender) * 15 / Double(font.unitsPerEm))
    let scene = PointScene(
      width: 100, height: 40, lineHeight: measurer.lineHeight,
      elements: [.text("AV", x: 3, y: 10, width: 50, style: nil)])
    let expectedY = ((10 + renderer.ascender) * 100).rounded() / 100
    let width = ((measurer.measure("AV", maxWidth: 100).widestLine) * 100).rounded() / 100
    #expect(renderer.render(scene).contains(#"<text x="3" y="\#(expectedY)""#))
    #expect(renderer.render(scene).contains(#"textLength="\#(width)""#))
  }

  @Test(arguments: [1.0, 60, 390])
  func hostileTextGivesAWellFormedDocument(width: Double) throws {
    let items = MarkupValidityTests.hostileItems()
    let output = try Self.svg(items, width: width)
    #expect(MarkupChecker.xmlProblem(in: output) == nil, "width \(width)")
    #expect(!output.contains("<script"))
  }
}
