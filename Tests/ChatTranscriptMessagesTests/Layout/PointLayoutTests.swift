import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing
import TextLayout

/// The kit in points: one transcript laid out for a 390-point phone and a 1,024-point desktop
/// with DejaVu Sans at 15 px, each row as tall as its lines at the font's line height plus the
/// phone theme's padding, and every cell drawn exactly as tall as its row was measured.
@Suite struct PointLayoutTests {
  static let texts = [
    "Are we still on for the review tomorrow? I moved it to the big room because the small one is"
      + " booked all afternoon, and I will bring the printed slides for everyone.",
    "Yes, 10:00.",
    "Perfect. Kerning matters here: AVAVAV WAVE Tomorrow, To-do, Type.",
    "I'll send the agenda tonight, with the numbers from last quarter and the three questions we"
      + " still have to answer before the board meets on Friday morning.",
  ]

  /// Four messages an hour apart (each its own group), alternating incoming (from ana) and
  /// outgoing.
  static func items() -> [any ChatItem] {
    texts.enumerated().map { index, text in
      TextMessageItem(
        message: MessageModel(
          id: "m\(index)", type: MessageItemType.text, sender: index % 2 == 0 ? "ana" : "me",
          isIncoming: index % 2 == 0,
          date: Timestamp(year: 2026, month: 11, day: 20, hour: 9 + index, minute: 0)),
        text: text)
    }
  }

  /// A controller laid out `width` points wide, with the data source it holds weakly.
  static func controller(width: Double, measurer: PointTextMeasurer) -> (
    ChatTranscriptController, ArrayDataSource
  ) {
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(
        theme: PhoneTheme(), measurer: measurer, configuration: .phone, cache: TextMetricsCache(capacity: 0)),
      decorator: MessagesKit.decorator(.phone), viewport: Viewport(width: width, height: 4_000))
    let dataSource = ArrayDataSource(items())
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return (controller, dataSource)
  }

  /// A message's height from the phone theme's numbers and the font alone: the text wrapped
  /// at the widest bubble minus its padding, a sender line on incoming messages, 7 points of
  /// padding above and below.
  static func expectedHeight(
    of text: String, isIncoming: Bool, rowWidth: Double, measurer: PointTextMeasurer
  ) -> Double {
    let beside = isIncoming ? 36 + 6 : 28 + 6
    let bubble = min((rowWidth * 0.68).rounded(.down), rowWidth - Double(beside))
    let lines = measurer.measure(text, maxWidth: bubble - 2 * 12).lineCount + (isIncoming ? 1 : 0)
    return Double(lines) * measurer.lineHeight + 2 * 7
  }

  @Test func phoneAndDesktopLayOutOneTranscript() throws {
    let measurer = try TestFont.dejaVuSansMeasurer(size: 15)
    #expect(measurer.lineHeight > 17 && measurer.lineHeight < 18)
    var heights: [Double: [String: Double]] = [:]
    for width in [390.0, 1_024] {
      let (controller, dataSource) = Self.controller(width: width, measurer: measurer)
      defer { withExtendedLifetime(dataSource) {} }
      var rows: [String: Double] = [:]
      for (id, isInjected, frame) in controller.rowFrames where !isInjected { rows[id] = frame.height }
      heights[width] = rows
      for (index, text) in Self.texts.enumerated() {
        let expected = Self.expectedHeight(
          of: text, isIncoming: index % 2 == 0, rowWidth: width, measurer: measurer)
        #expect(rows["m\(index)"] == expected, "m\(index) at \(width)")
      }
      // The day separator is one line.
      #expect(controller.rowFrames.first { $0.id == "m0/day" }?.frame.height == measurer.lineHeight)
    }
    let phone = try #require(heights[390])
    let desktop = try #require(heights[1_024])
    // The long messages wrap to fewer lines on the desktop; the short ones do not change.
    #expect(try #require(phone["m0"]) > (try #require(desktop["m0"])))
    #expect(try #require(phone["m3"]) > (try #require(desktop["m3"])))
    #expect(phone["m1"] == desktop["m1"])
  }

  /// Every visible cell is drawn as tall as its row was measured, its bubble fills it, and
  /// each label holds all its lines at the font's line height.
  @Test(arguments: [240.0, 390, 1_024])
  func cellsAreDrawnAsTheyWereMeasured(width: Double) throws {
    let measurer = try TestFont.dejaVuSansMeasurer(size: 15)
    let (controller, dataSource) = Self.controller(width: width, measurer: measurer)
    defer { withExtendedLifetime(dataSource) {} }
    controller.collectionView.scrollToTop()
    var checked = 0
    for (row, cell) in controller.collectionView.visibleCells {
      #expect(cell.frame == controller.frame(ofRow: row))
      guard let bubbleCell = cell as? PhoneTextMessageCell, let layout = bubbleCell.currentLayout else {
        continue
      }
      #expect(layout.extent == cell.frame.height)
      #expect(bubbleCell.bubble.frame.height == cell.frame.height)
      let label = bubbleCell.textLabel
      let lines = measurer.lines(of: label.text, maxWidth: Int(label.frame.width))
      #expect(Double(lines.count) * measurer.lineHeight == label.frame.height)
      #expect(label.frame.maxY + 7 == bubbleCell.bubble.frame.height)
      #expect(label.frame.maxX + 12 <= bubbleCell.bubble.frame.width)
      checked += 1
    }
    #expect(checked == Self.texts.count)
  }

  /// The terminal's line height is one row: the kit's defaults are unchanged.
  @Test func theTerminalLineIsOneRow() {
    let context = MessagePresentationContext()
    #expect(context.lineHeight == 1)
    #expect(MessagePresentationContext(lineHeight: .nan).lineHeight == 1)
    #expect(MessagePresentationContext(lineHeight: 2.5).lineHeight == 2.5)
  }
}
