import ChatTranscript
import ChatTranscriptMessages
import Testing
import TextLayout

@Suite struct TextBubbleLayoutTests {
  static let dog = "The quick brown fox jumps over the lazy dog"  // 43 columns

  func layout(
    _ text: String, width: Double, incoming: Bool = true, sender: Bool = false,
    metrics: BubbleMetrics = .compact,
    status: DeliveryStatus? = nil, share: Double = 0.68
  ) -> TextBubbleLayout {
    let message = MessageModel(
      id: "m1", type: "text", sender: "alice", isIncoming: incoming, date: at(10, 0), status: status)
    let decoration = ChatItemDecoration(showsTail: true, groupPosition: sender ? .single : .last)
    let viewModel = TextMessageViewModel(
      message: MessageViewModel(
        message: message, decoration: decoration, senderName: "alice", showsSenderNames: true),
      text: text)
    var configuration = MessageLayoutConfiguration()
    configuration.maximumBubbleWidthShare = share
    return TextBubbleLayout(
      rowWidth: width, viewModel: viewModel, metrics: metrics, configuration: configuration,
      measurer: ItemTextMeasurer(itemID: "m1", measurer: TerminalTextMeasurer(), cache: TextMetricsCache()))
  }

  /// Maximum bubble widths: floor(0.68 × width), beside a 4-column (incoming) or 3-column
  /// (outgoing) side slot; rows too narrow for the slot leave out the avatar or failed icon,
  /// then the tail and the padding.
  @Test(arguments: [
    (40, true, 27), (40, false, 27), (80, true, 54), (120, true, 81), (10, true, 6), (10, false, 6),
    (5, true, 3), (2, true, 1), (0, false, 1),
  ])
  func maximumBubbleWidth(width: Int, incoming: Bool, expected: Int) {
    #expect(
      BubbleChrome.maximumBubbleWidth(
        rowWidth: width, isIncoming: incoming, metrics: .compact, configuration: MessageLayoutConfiguration())
        == expected)
  }

  @Test func shareIsConfigurableAndClamped() {
    func maximum(_ share: Double) -> Int {
      var configuration = MessageLayoutConfiguration()
      configuration.maximumBubbleWidthShare = share
      return BubbleChrome.maximumBubbleWidth(
        rowWidth: 100, isIncoming: true, metrics: .compact, configuration: configuration)
    }
    #expect(maximum(0.5) == 50)
    #expect(maximum(0.29) == 29, "binary rounding must not lose a column")
    #expect(maximum(1) == 96, "the avatar slot and tail still fit")
    #expect(maximum(7) == 96)
    #expect(maximum(0) == 3, "never narrower than padding plus a column")
    #expect(maximum(-1) == 3)
    #expect(maximum(.nan) == 68)
    for width in [Int.max, Int.min] {
      _ = BubbleChrome.maximumBubbleWidth(
        rowWidth: width, isIncoming: false, metrics: .compact, configuration: MessageLayoutConfiguration())
    }
  }

  /// Incoming bubbles start after the avatar slot and tail; the text wraps at the maximum
  /// bubble width minus padding.
  @Test(arguments: [
    (40.0, 27.0, 2.0),  // wraps at 25: "The quick brown fox jumps" / "over the lazy dog"
    (80.0, 45.0, 1.0),
    (120.0, 45.0, 1.0),
  ])
  func incomingFrames(width: Double, bubbleWidth: Double, lines: Double) {
    let layout = layout(Self.dog, width: width)
    #expect(layout.chrome.bubble == Rect(x: 4, y: 0, width: bubbleWidth, height: lines))
    #expect(layout.text == Rect(x: 1, y: 0, width: bubbleWidth - 2, height: lines))
    #expect(layout.chrome.avatar == Rect(x: 0, y: lines - 1, width: 3, height: 1))
    #expect(layout.chrome.tail == Rect(x: 3, y: lines - 1, width: 1, height: 1))
    #expect(layout.chrome.failedIcon == .zero)
    #expect(layout.height == Int(lines))
  }

  /// Outgoing bubbles end before the tail at the right edge; the failed icon sits two
  /// columns left of the bubble.
  @Test(arguments: [(40.0, 27.0, 2.0), (80.0, 45.0, 1.0), (120.0, 45.0, 1.0)])
  func outgoingFrames(width: Double, bubbleWidth: Double, lines: Double) {
    let layout = layout(Self.dog, width: width, incoming: false)
    let x = width - 1 - bubbleWidth
    #expect(layout.chrome.bubble == Rect(x: x, y: 0, width: bubbleWidth, height: lines))
    #expect(layout.chrome.tail == Rect(x: width - 1, y: lines - 1, width: 1, height: 1))
    #expect(layout.chrome.failedIcon == Rect(x: x - 2, y: lines - 1, width: 1, height: 1))
    #expect(layout.chrome.avatar == .zero)
    #expect(layout.height == Int(lines))
  }

  @Test func shortTextMakesANarrowBubble() {
    let layout = layout("Hello", width: 80)
    #expect(layout.chrome.bubble == Rect(x: 4, y: 0, width: 7, height: 1))
    let empty = self.layout("", width: 80)
    #expect(empty.chrome.bubble == Rect(x: 4, y: 0, width: 3, height: 1), "an empty text keeps one column")
  }

  @Test func senderLineAddsARowAndCanWidenTheBubble() {
    let layout = layout("Hi", width: 40, sender: true)
    #expect(layout.height == 2)
    #expect(layout.chrome.sender == Rect(x: 1, y: 0, width: 5, height: 1))
    #expect(layout.text == Rect(x: 1, y: 1, width: 5, height: 1))
    #expect(layout.chrome.bubble.width == 7, "as wide as 'alice', not 'Hi'")
  }

  @Test func newlinesAndWideCharactersCount() {
    #expect(layout("one\ntwo\nthree", width: 40).height == 3)
    let wide = layout("你好世界", width: 40)
    #expect(wide.chrome.bubble.width == 10)
    // 30 wide characters need 60 columns: at 80 the bubble wraps at 52 columns = 26 characters.
    let long = layout(String(repeating: "好", count: 30), width: 80)
    #expect(long.height == 2)
    #expect(long.chrome.bubble.width == 54)
  }

  @Test func roomyMetricsAddPaddingAndAFooter() {
    let layout = layout(Self.dog, width: 40, incoming: false, metrics: .roomy, status: .read)
    // Wraps at 27 - 4 = 23: "The quick brown fox" / "jumps over the lazy dog".
    #expect(layout.height == 3)
    #expect(layout.chrome.bubble == Rect(x: 12, y: 0, width: 27, height: 3))
    #expect(layout.text == Rect(x: 2, y: 0, width: 23, height: 2))
    // "10:00 · read" is 12 columns, right-aligned inside the padding.
    #expect(layout.chrome.footer == Rect(x: 13, y: 2, width: 12, height: 1))
  }

  @Test func footerCanWidenTheBubbleButNotItsHeight() {
    let sending = layout("ok", width: 80, incoming: false, metrics: .roomy, status: .sending)
    let read = layout("ok", width: 80, incoming: false, metrics: .roomy, status: .read)
    #expect(sending.height == read.height)
    #expect(sending.chrome.bubble.width == 4 + 16, "'10:00 · sending…' is 16 columns")
    #expect(read.chrome.bubble.width == 4 + 12)
  }

  @Test(arguments: [0.0, 1, 3, 5, -3, .nan, .infinity, -.infinity, 1e300])
  func badWidthsNeverTrap(width: Double) {
    let layout = layout(Self.dog, width: width, sender: true)
    #expect(layout.height >= 2)
    #expect(layout.chrome.bubble.width >= 1)
    // However narrow the row, the bubble stays inside it.
    let columns = BubbleChrome.columns(inRowWidth: width)
    #expect(layout.chrome.bubble.minX >= 0 && layout.chrome.bubble.maxX <= Double(max(columns, 1)))
  }

  @Test func hostileMetricsAreClamped() {
    let metrics = BubbleMetrics(
      avatarWidth: -5, tailWidth: Int.max, failedIconWidth: Int.min, horizontalPadding: -2,
      maximumPhotoRows: -1)
    let layout = layout(Self.dog, width: 40, metrics: metrics)
    #expect(layout.height >= 1)
  }
}
