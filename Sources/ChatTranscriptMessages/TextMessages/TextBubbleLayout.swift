import ChatTranscript
import TextLayout

/// The complete geometry of a text bubble: what its height calculator returns and where its
/// cell puts every view, computed by one function so the two can never disagree.
///
/// Bubble width is `min(widest line + 2 × padding, maximum bubble width)`, where the text
/// wraps at the maximum bubble width minus padding and the sender and footer lines count as
/// lines too; height is the wrapped line count plus a sender line (first message of an
/// incoming group), a quote line (a reply), a footer line (roomy cells, edited messages) and
/// the reactions' lines under the bubble, each line ``ItemTextMeasurer/lineHeight`` tall, plus
/// the bubble's vertical padding.
public struct TextBubbleLayout: Sendable, Hashable {
  public var chrome: BubbleChrome
  /// The text label inside the bubble.
  public var text: Rect

  /// Lines the cell takes (rows, in a terminal).
  public var height: Int { chrome.height }
  /// The cell's height in the row's units (``BubbleChrome/extent``): what its height
  /// calculator returns.
  public var extent: Double { chrome.extent }

  public init(
    rowWidth: Double, viewModel: TextMessageViewModel, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration, measurer: ItemTextMeasurer
  ) {
    let drawn = Self.drawn(
      rowWidth: rowWidth, viewModel: viewModel, metrics: metrics, configuration: configuration,
      measurer: measurer)
    self = drawn.layout
  }

  init(chrome: BubbleChrome, text: Rect) {
    self.chrome = chrome
    self.text = text
  }

  /// A layout and the chrome texts worked out on the way to it, which its cell shows: the
  /// cell would otherwise cut the quote and join the reactions a second time.
  struct Drawn {
    var layout: TextBubbleLayout
    /// The quote line cut to ``wrapWidth``: the one the cell shows when the quote line is
    /// that wide.
    var quoteLine: String?
    var wrapWidth: Int
    var reactionsText: String?
  }

  /// The bubble metrics fitted to a row `columns` wide, and the width the text wraps at:
  /// the widest bubble less its padding. Nothing else of the message changes it.
  static func wrapWidth(
    rowWidth columns: Int, isIncoming: Bool, metrics: BubbleMetrics, configuration: MessageLayoutConfiguration
  ) -> (metrics: BubbleMetrics, wrapWidth: Int) {
    let metrics = metrics.fitted(toRowWidth: columns, isIncoming: isIncoming)
    let maximum = BubbleChrome.maximumBubbleWidth(
      rowWidth: columns, isIncoming: isIncoming, metrics: metrics, configuration: configuration)
    return (metrics, max(maximum - 2 * metrics.horizontalPadding, 1))
  }

  /// Wraps `item`'s text as sizing its bubble in a row `rowWidth` wide does, keeping the
  /// metrics in `memo`, which the height measurer and the cell then find.
  static func prewrap(_ item: TextMessageItem, sizing: BubbleSizing, rowWidth: Double, memo: TextMetricsMemo)
  {
    // A tombstone shows a text of its own, not the one the memo is for.
    guard !item.message.isDeleted else { return }
    _ = sizing.itemTextMeasurer(forItemWithID: item.id).metrics(
      of: item.text, width: wrapWidth(sizing, rowWidth: rowWidth, isIncoming: item.message.isIncoming),
      rememberedIn: memo)
  }

  /// The width a text bubble sized by `sizing` wraps its text at in a row `rowWidth` wide.
  private static func wrapWidth(_ sizing: BubbleSizing, rowWidth: Double, isIncoming: Bool) -> Int {
    wrapWidth(
      rowWidth: Columns.of(rowWidth), isIncoming: isIncoming, metrics: sizing.metrics,
      configuration: sizing.configuration
    ).wrapWidth
  }

  /// Wraps one message text ahead of its layout (``prewrapper(sizing:rowWidth:)``).
  public typealias Prewrap =
    @Sendable (
      _ text: String, _ isIncoming: Bool, _ itemID: String, _ memo: TextMetricsMemo
    ) -> Void

  /// What wraps the message texts of text bubbles in rows `rowWidth` wide as sizing those
  /// bubbles does, keeping the metrics in each item's memo: for a reader that has an item's
  /// fields before the kit reads it as a message (a decoder running ahead of the
  /// transcript), which then need not make the message to wrap its text. Call it with a text
  /// message's text, direction, id and ``ConversationItem/textMetricsMemo``, for a message
  /// that is not deleted (a tombstone shows a text of its own); from any thread.
  ///
  /// The wrap widths and the measurer are worked out here, once. A memo answers only for the
  /// text it is the memo of (``TextMetricsMemo/remembers(_:)``), so another text prepares
  /// nothing.
  ///
  /// - Parameter sizing: The text bubbles' sizing (``BubbleHeightMeasurer/sizing`` of the text
  ///   builder's height measurer).
  public static func prewrapper(sizing: BubbleSizing, rowWidth: Double) -> Prewrap {
    let incoming = wrapWidth(sizing, rowWidth: rowWidth, isIncoming: true)
    let outgoing = wrapWidth(sizing, rowWidth: rowWidth, isIncoming: false)
    let measurer = sizing.itemTextMeasurer(forItemWithID: "")
    return { text, isIncoming, itemID, memo in
      var measurer = measurer
      // The id names the text in the shared cache, where long texts are kept.
      measurer.itemID = itemID
      _ = measurer.metrics(of: text, width: isIncoming ? incoming : outgoing, rememberedIn: memo)
    }
  }

  /// What ``init(rowWidth:viewModel:metrics:configuration:measurer:)`` computes, with the
  /// texts a cell needs besides.
  ///
  /// - Parameter textMetricsMemo: where the item keeps how its text wrapped, if it does.
  static func drawn(
    rowWidth: Double, viewModel: TextMessageViewModel, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration, measurer: ItemTextMeasurer,
    textMetricsMemo: TextMetricsMemo? = nil
  ) -> Drawn {
    let columns = Columns.of(rowWidth)
    let (metrics, wrapWidth) = Self.wrapWidth(
      rowWidth: columns, isIncoming: viewModel.message.isIncoming, metrics: metrics,
      configuration: configuration)
    let wrapped = measurer.metrics(of: viewModel.text, width: wrapWidth, rememberedIn: textMetricsMemo)
    // The quote line is cut here rather than inside the side texts, so it is kept.
    var quoteLine: String?
    var quoteWidth = 0
    if let quote = viewModel.message.quote {
      (quoteLine, quoteWidth) = quote.measuredLine(fittingIn: wrapWidth, measuredBy: measurer)
    }
    let sides = BubbleChrome.SideTexts(
      viewModel.message, quoteWidth: quoteWidth, metrics: metrics, wrapWidth: wrapWidth, measurer: measurer)
    let reactionsLine = ReactionsLine(viewModel.message, wrapWidth: wrapWidth, measurer: measurer)
    // A cluster wider than the wrap width has a line of its own that is wider still; the
    // bubble stays within its maximum and the renderer draws such a line as one symbol.
    let inner = min(max(wrapped.widestLine, sides.widest, 1), wrapWidth)
    let chrome = BubbleChrome(
      rowWidth: columns, message: viewModel.message, metrics: metrics, innerWidth: inner,
      contentRows: wrapped.lineCount, footerWidth: sides.footer, reactionsLine: reactionsLine,
      lineHeight: measurer.lineHeight)
    let text = Rect(
      x: Double(metrics.horizontalPadding), y: chrome.contentY, width: Double(inner),
      height: measurer.height(ofLines: wrapped.lineCount))
    return Drawn(
      layout: TextBubbleLayout(chrome: chrome, text: text), quoteLine: quoteLine, wrapWidth: wrapWidth,
      reactionsText: reactionsLine?.text)
  }
}
