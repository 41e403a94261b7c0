import ChatTranscript
import TextLayout

/// The complete geometry of a photo bubble, shared by its height calculator and its cell.
///
/// The placeholder box comes from ``PhotoGeometry`` within the maximum bubble width and is
/// drawn edge to edge at the bubble's left; the caption wraps at the maximum bubble width
/// minus padding, below the box. The bubble is as wide as the box or the caption (or the
/// sender and footer lines), whichever is wider. Height: sender line + box lines + caption
/// lines + footer line, each ``ItemTextMeasurer/lineHeight`` tall, plus the vertical padding.
/// With a line height other than 1 (points) the box's lines are that tall too: the box keeps
/// the photo's aspect within half a line.
public struct PhotoBubbleLayout: Sendable, Hashable {
  public var chrome: BubbleChrome
  /// The placeholder box inside the bubble.
  public var photo: Rect
  /// The caption label inside the bubble; zero-sized without a caption.
  public var caption: Rect

  /// Lines the cell takes (rows, in a terminal).
  public var height: Int { chrome.height }
  /// The cell's height in the row's units (``BubbleChrome/extent``): what its height
  /// calculator returns.
  public var extent: Double { chrome.extent }

  public init(
    rowWidth: Double, viewModel: PhotoMessageViewModel, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration, measurer: ItemTextMeasurer
  ) {
    let columns = Columns.of(rowWidth)
    let metrics = metrics.fitted(toRowWidth: columns, isIncoming: viewModel.message.isIncoming)
    let maximum = BubbleChrome.maximumBubbleWidth(
      rowWidth: columns, isIncoming: viewModel.message.isIncoming, metrics: metrics,
      configuration: configuration)
    let box =
      viewModel.showsPhoto
      ? PhotoGeometry.boxSize(
        pixelWidth: viewModel.pixelWidth, pixelHeight: viewModel.pixelHeight, maximumWidth: maximum,
        maximumRows: metrics.maximumPhotoRows, configuration: configuration, lineHeight: measurer.lineHeight)
      : (columns: 0, rows: 0)
    let wrapWidth = max(maximum - 2 * metrics.horizontalPadding, 1)
    let captionMetrics = viewModel.caption.map { measurer.metrics(of: $0, width: wrapWidth) }
    let sides = BubbleChrome.SideTexts(
      viewModel.message, metrics: metrics, wrapWidth: wrapWidth, measurer: measurer)
    let inner = min(max(captionMetrics?.widestLine ?? 0, sides.widest), wrapWidth)
    let captionRows = captionMetrics?.lineCount ?? 0
    chrome = BubbleChrome(
      rowWidth: columns, message: viewModel.message, metrics: metrics, innerWidth: inner,
      minimumBubbleWidth: box.columns, contentRows: box.rows + captionRows, footerWidth: sides.footer,
      reactionsLine: ReactionsLine(viewModel.message, wrapWidth: wrapWidth, measurer: measurer),
      lineHeight: measurer.lineHeight)
    let boxHeight = measurer.height(ofLines: box.rows)
    photo = Rect(x: 0, y: chrome.contentY, width: Double(box.columns), height: boxHeight)
    caption =
      captionRows == 0
      ? .zero
      : Rect(
        x: Double(metrics.horizontalPadding), y: chrome.contentY + boxHeight,
        width: chrome.bubble.width - Double(2 * metrics.horizontalPadding),
        height: measurer.height(ofLines: captionRows))
  }
}
