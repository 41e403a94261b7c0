import TextLayout

extension BubbleChrome {
  /// The columns a bubble's sender line, quote line and footer take, each cut at the wrap
  /// width (they are cut, not wrapped, so each stays one row).
  ///
  /// Public because a bubble must be wide enough for these lines whatever its
  /// content: a custom bubble passes ``widest`` into its inner width and ``footer`` as the
  /// footer width of ``BubbleChrome/init(rowWidth:message:metrics:innerWidth:minimumBubbleWidth:contentRows:footerWidth:)``,
  /// as the text and photo bubbles do.
  public struct SideTexts: Sendable, Hashable {
    /// Columns of the sender line; 0 without one.
    public var sender = 0
    /// Columns of the quote line of a reply, cut to the wrap width; 0 when the message is
    /// not a reply.
    public var quote = 0
    /// Columns of the footer text; 0 when the metrics show no footer.
    public var footer = 0

    /// - Parameters:
    ///   - message: The message's chrome (its sender line, quote and footer text).
    ///   - metrics: The cell class's sizes: whether it shows a footer.
    ///   - wrapWidth: Columns the bubble's content wraps at: the maximum bubble width minus
    ///     twice the padding.
    public init(_ message: MessageViewModel, metrics: BubbleMetrics, wrapWidth: Int) {
      let wrapWidth = max(wrapWidth, 0)
      if let line = message.senderLine { sender = min(displayWidth(of: VisibleText.of(line)), wrapWidth) }
      if let quote = message.quote { self.quote = quote.cellLine(fittingIn: wrapWidth).width }
      if message.showsFooter(with: metrics) { footer = min(message.footerWidth(for: metrics), wrapWidth) }
    }

    /// The lines as `measurer` measures them (``ItemTextMeasurer/width(of:)``): in points for a
    /// `PointTextMeasurer`, the quote cut to fit by that measure; in character cells, the same
    /// as ``init(_:metrics:wrapWidth:)``.
    ///
    /// - Parameters:
    ///   - message: The message's chrome (its sender line, quote and footer text).
    ///   - metrics: The cell class's sizes: whether it shows a footer.
    ///   - wrapWidth: The width the bubble's content wraps at, in the measurer's unit.
    ///   - measurer: The measurer of the bubble's texts.
    public init(
      _ message: MessageViewModel, metrics: BubbleMetrics, wrapWidth: Int, measurer: ItemTextMeasurer
    ) {
      let quoteWidth = message.quote.map {
        $0.measuredLine(fittingIn: max(wrapWidth, 0), measuredBy: measurer).width
      }
      self.init(
        message, quoteWidth: quoteWidth ?? 0, metrics: metrics, wrapWidth: wrapWidth, measurer: measurer)
    }

    /// ``init(_:metrics:wrapWidth:measurer:)`` with the quote line's width given, whatever the
    /// message's quote: a bubble that cuts the quote line to draw it measures it once.
    init(
      _ message: MessageViewModel, quoteWidth: Int, metrics: BubbleMetrics, wrapWidth: Int,
      measurer: ItemTextMeasurer
    ) {
      let wrapWidth = max(wrapWidth, 0)
      quote = quoteWidth
      guard measurer.measuresInPoints else {
        if let line = message.senderLine { sender = min(displayWidth(of: VisibleText.of(line)), wrapWidth) }
        if message.showsFooter(with: metrics) { footer = min(message.footerWidth(for: metrics), wrapWidth) }
        return
      }
      // A sender's name heads many bubbles: its width is cached, not measured for each.
      if let line = message.senderLine { sender = min(measurer.width(ofRecurringLine: line), wrapWidth) }
      if message.showsFooter(with: metrics) {
        footer = min(measurer.width(of: message.footerText(for: metrics)), wrapWidth)
      }
    }

    /// The widest of the three lines.
    public var widest: Int { max(sender, quote, footer) }
  }
}
