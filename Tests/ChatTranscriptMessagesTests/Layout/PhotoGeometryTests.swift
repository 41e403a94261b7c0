import ChatTranscript
import ChatTranscriptMessages
import Testing
import TextLayout

@Suite struct PhotoGeometryTests {
  func box(_ width: Double?, _ height: Double?, maximumWidth: Int = 54, maximumRows: Int = 10) -> [Int] {
    let size = PhotoGeometry.boxSize(
      pixelWidth: width, pixelHeight: height, maximumWidth: maximumWidth, maximumRows: maximumRows,
      configuration: MessageLayoutConfiguration())
    return [size.columns, size.rows]
  }

  /// 10 pixels a column; a row is two columns tall.
  @Test func keepsTheAspectRatioWithinTheMaximumWidth() {
    #expect(box(1200, 800, maximumWidth: 27) == [27, 9])
    #expect(box(300, 100) == [30, 5], "natural width 30 columns, 30 × 1/3 / 2 rows")
    #expect(box(64, 64) == [7, 4], "small images keep their natural size")
    #expect(box(10_000, 10) == [54, 2], "aspect clamped to 1:16")
    #expect(box(10, 10_000) == [1, 8], "aspect clamped to 16:1")
  }

  @Test func tallBoxesShrinkToTheMaximumRows() {
    #expect(box(1200, 800) == [30, 10])
    #expect(box(1200, 800, maximumWidth: 81) == [30, 10])
    #expect(box(800, 1200) == [13, 10])
    #expect(box(1200, 800, maximumRows: 14) == [42, 14])
  }

  @Test(
    arguments: [
      (nil, nil), (0, 800), (1200, 0), (-5, 10), (.nan, 10), (1200, .nan), (.infinity, 10), (10, -.infinity),
    ] as [(Double?, Double?)])
  func badSizesGiveAFourByThreeBox(width: Double?, height: Double?) {
    #expect(box(width, height) == [27, 10])
    #expect(box(width, height, maximumWidth: 20) == [20, 8])
  }

  @Test func degenerateLimitsStillGiveAOneByOneBox() {
    #expect(box(1200, 800, maximumWidth: 0, maximumRows: 0) == [1, 1])
    #expect(box(1200, 800, maximumWidth: -4, maximumRows: Int.min) == [1, 1])
    #expect(box(1e308, 1e308, maximumWidth: Int.max, maximumRows: Int.max)[0] == 100_000)
  }

  @Test(arguments: [0.0, -1, 1e-300, 1e300, .nan, .infinity])
  func extremeScalesAreClamped(scale: Double) {
    var configuration = MessageLayoutConfiguration()
    configuration.rowHeightInColumns = scale
    configuration.pixelsPerColumn = scale
    let size = PhotoGeometry.boxSize(
      pixelWidth: 1e308, pixelHeight: 1, maximumWidth: 100_000, maximumRows: 100_000,
      configuration: configuration)
    #expect(size.columns >= 1 && size.columns <= 100_000)
    #expect(size.rows >= 1 && size.rows <= 100_000)
  }

  func photoLayout(
    width: Double, caption: String?, pixelWidth: Double? = 1200, pixelHeight: Double? = 800,
    sender: Bool = false, metrics: BubbleMetrics = .compact
  ) -> PhotoBubbleLayout {
    let item = PhotoMessageItem(
      message: MessageModel(id: "p1", type: "photo", sender: "alice", isIncoming: true, date: at(9, 0)),
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, caption: caption)
    let message = MessageViewModel(
      message: item.message, decoration: ChatItemDecoration(groupPosition: sender ? .single : .last),
      senderName: "alice", showsSenderNames: true)
    return PhotoBubbleLayout(
      rowWidth: width, viewModel: PhotoMessageViewModel(message: message, photo: item), metrics: metrics,
      configuration: MessageLayoutConfiguration(),
      measurer: ItemTextMeasurer(itemID: "p1", measurer: TerminalTextMeasurer(), cache: TextMetricsCache()))
  }

  @Test(arguments: [(40.0, 27.0, 9.0), (80.0, 30.0, 10.0), (120.0, 30.0, 10.0)])
  func photoFramesAtSeveralWidths(width: Double, columns: Double, rows: Double) {
    let layout = photoLayout(width: width, caption: "The view from the hill", sender: true)
    #expect(layout.chrome.bubble == Rect(x: 4, y: 0, width: columns, height: rows + 2))
    #expect(layout.photo == Rect(x: 0, y: 1, width: columns, height: rows))
    #expect(layout.caption == Rect(x: 1, y: 1 + rows, width: columns - 2, height: 1))
    #expect(layout.height == Int(rows) + 2)
  }

  @Test func longCaptionsWrapAndWidenTheBubble() {
    // Box 7×4; the caption wraps at 54 - 2 = 52 columns, its first line 49 columns wide.
    let caption = "A tiny sticker with a caption far longer than the sticker itself is wide"
    let layout = photoLayout(width: 80, caption: caption, pixelWidth: 64, pixelHeight: 64)
    #expect(layout.chrome.bubble.width == 51)
    #expect(layout.photo.size == Size(width: 7, height: 4))
    #expect(layout.caption.height == 2)
    #expect(layout.height == 6)
  }

  @Test func withoutCaptionThereIsNoCaptionRow() {
    let layout = photoLayout(width: 80, caption: nil)
    #expect(layout.caption == .zero)
    #expect(layout.height == 10)
    #expect(photoLayout(width: 80, caption: "").height == 10, "an empty caption is no caption")
  }

  @Test func roomyPhotosAreTallerAndHaveAFooter() {
    let layout = photoLayout(width: 80, caption: nil, metrics: .roomy)
    #expect(layout.photo.size == Size(width: 42, height: 14))
    #expect(layout.height == 15)
  }

  @Test(arguments: [0.0, -1, .nan, .infinity])
  func badWidthsNeverTrap(width: Double) {
    let layout = photoLayout(width: width, caption: "caption", pixelWidth: .nan, pixelHeight: -1)
    #expect(layout.height >= 2)
  }
}
