import ChatTranscript

/// Where a bubble and everything around it go in a row, whatever the bubble holds.
///
/// Incoming rows read left to right: avatar slot, tail, bubble. Outgoing rows end at the
/// right edge: failed icon, blank column, bubble, tail. Avatar, tail and failed icon sit
/// beside the bubble's last line. Inside the bubble, under its vertical padding: an optional
/// sender line, the quote line of a reply, the content lines, and the footer line when the
/// message has one. Under the bubble, aligned with its content, the reactions (part of the
/// row, so they stay with their message and its group). Frames of the bubble's subviews are in
/// the bubble's coordinates; the others in the cell's.
///
/// Widths are in the text measurer's unit (columns, or points); heights count lines, each
/// `lineHeight` tall (1 in a terminal, where a line is a row), plus the metrics' vertical
/// padding. Every frame is in the row's units.
public struct BubbleChrome: Sendable, Hashable {
  /// Lines the whole cell takes: the bubble's and the reactions'. In a terminal, its rows.
  public var height: Int
  /// The cell's height in the row's units: ``height`` lines of the line height, plus the
  /// bubble's vertical padding above and below. What a height calculator returns.
  public var extent: Double
  /// The bubble, in the cell's coordinates: as tall as the cell above the reactions.
  public var bubble: Rect
  /// The avatar slot beside an incoming bubble's last line; zero-sized for outgoing rows.
  public var avatar: Rect
  /// The tail beside the bubble's last line, between avatar and bubble or at the right edge:
  /// one line tall, ending at the bubble's bottom.
  public var tail: Rect
  /// The failed icon left of an outgoing bubble's last line (the left half of its slot, at
  /// least one column); zero-sized for incoming rows.
  public var failedIcon: Rect
  /// The sender line inside the bubble; zero-sized without a sender line.
  public var sender: Rect
  /// The quote line inside the bubble, under the sender line; zero-sized unless the message
  /// is a reply.
  public var quote: Rect
  /// The footer line inside the bubble; zero-sized when the message shows no footer.
  public var footer: Rect
  /// The first content line inside the bubble: under the sender and quote lines.
  public var contentTop: Int
  /// Where the content starts inside the bubble, in the row's units: the vertical padding
  /// plus ``contentTop`` lines.
  public var contentY: Double
  /// The reactions under the bubble, in the cell's coordinates; zero-sized without any.
  public var reactions: Rect

  /// The widest a bubble may be in a row: `floor(share × rowWidth)`, leaving room for the
  /// side slots, and never narrower than its padding plus one column.
  ///
  /// A bubble's text wraps at this width minus twice ``BubbleMetrics/horizontalPadding``.
  ///
  /// - Parameters:
  ///   - rowWidth: Columns of the whole row (see ``columns(inRowWidth:)``).
  ///   - isIncoming: Whether the avatar (incoming) or the failed icon (outgoing) sits beside it.
  ///   - metrics: The cell class's sizes; sanitized and fitted to the row here
  ///     (``BubbleMetrics/fitted(toRowWidth:isIncoming:)``).
  ///   - configuration: The bubble width share.
  /// - Returns: The bubble's widest, in columns, padding included.
  public static func maximumBubbleWidth(
    rowWidth: Int, isIncoming: Bool, metrics: BubbleMetrics, configuration: MessageLayoutConfiguration
  ) -> Int {
    let rowWidth = min(max(rowWidth, 0), Columns.limit)
    let metrics = metrics.fitted(toRowWidth: rowWidth, isIncoming: isIncoming)
    // The epsilon keeps 0.29 × 100 at 29 despite binary rounding.
    let byShare = Int((Double(rowWidth) * configuration.bubbleShare + 1e-9).rounded(.down))
    let beside = rowWidth - metrics.sideWidth(isIncoming: isIncoming)
    return max(min(byShare, beside), 2 * metrics.horizontalPadding + 1)
  }

  /// The whole columns of a row width as a cell's frame or a height calculator gives it:
  /// rounded down, 0 when negative or not finite, capped at 100,000.
  ///
  /// Public so a custom bubble turns its `Double` width into the `rowWidth` of
  /// ``init(rowWidth:message:metrics:innerWidth:minimumBubbleWidth:contentRows:footerWidth:)``
  /// exactly as the kit's bubbles do: its height calculator and its cell then agree.
  public static func columns(inRowWidth rowWidth: Double) -> Int {
    Columns.of(rowWidth)
  }

  /// Places the chrome of a bubble around content of a given size.
  ///
  /// The kit's text and photo layouts are built on it, and so can a bubble of your own (a
  /// poll, a location card): measure the content at ``maximumBubbleWidth(rowWidth:isIncoming:metrics:configuration:)``
  /// minus padding, then let the chrome place the bubble, avatar, tail, failed icon, sender
  /// line and footer, and put the content at ``contentY`` inside ``bubble``, starting at
  /// column ``BubbleMetrics/horizontalPadding`` of the metrics
  /// ``BubbleMetrics/fitted(toRowWidth:isIncoming:)`` gives for the row.
  /// Widths are in columns (or the measurer's unit), heights in lines; negative lengths count
  /// as 0.
  ///
  /// - Parameters:
  ///   - rowWidth: Columns of the whole row: the cell's width, or the width a height
  ///     calculator is given, through ``columns(inRowWidth:)``.
  ///   - message: What the chrome shows: direction, sender line, avatar, tail, failed icon,
  ///     footer text.
  ///   - metrics: The cell class's sizes (``MessageBubbleCell/metrics``); sanitized and fitted
  ///     to the row here.
  ///   - innerWidth: Columns the bubble's text-like content needs, without padding: the widest
  ///     of the content lines and the sender and footer lines (``SideTexts/widest``). Keep it
  ///     within the maximum bubble width minus padding; the chrome does not cut it.
  ///   - minimumBubbleWidth: Columns, padding included, that content drawn edge to edge needs
  ///     (a photo box); 0 when there is none.
  ///   - contentRows: Lines of content between the sender line and the footer line.
  ///   - footerWidth: Columns of the footer text (``SideTexts/footer``); cut to the bubble's
  ///     inner width, and unused when the message shows no footer.
  ///   - reactionsLine: The reactions wrapped at the bubble's content width, or `nil`.
  ///   - lineHeight: The height of one line in the row's units (``ItemTextMeasurer/lineHeight``):
  ///     1, a terminal row, by default; values that are not finite and positive count as 1.
  public init(
    rowWidth: Int, message: MessageViewModel, metrics: BubbleMetrics, innerWidth: Int,
    minimumBubbleWidth: Int = 0, contentRows: Int, footerWidth: Int, reactionsLine: ReactionsLine? = nil,
    lineHeight: Double = 1
  ) {
    let rowWidth = min(max(rowWidth, 0), Columns.limit)
    let metrics = metrics.fitted(toRowWidth: rowWidth, isIncoming: message.isIncoming)
    let padding = metrics.horizontalPadding
    let lineHeight = LineHeight.sanitized(lineHeight)
    let verticalPadding = Double(metrics.verticalPadding)
    let innerWidth = min(max(innerWidth, 0), Columns.limit)
    let minimumBubbleWidth = min(max(minimumBubbleWidth, 0), Columns.limit)
    // Room for the sender, quote and footer lines and the reactions, so the height cannot
    // overflow.
    let contentRows = min(max(contentRows, 0), Int.max / 2)
    let reactionRows = min(max(reactionsLine?.lineCount ?? 0, 0), Int.max / 4)
    let bubbleWidth = max(innerWidth + 2 * padding, minimumBubbleWidth, 2 * padding + 1)
    let senderRows = message.senderLine == nil ? 0 : 1
    let quoteRows = message.quote == nil ? 0 : 1
    let footerRows = message.showsFooter(with: metrics) ? 1 : 0
    let bubbleRows = senderRows + quoteRows + contentRows + footerRows
    height = bubbleRows + reactionRows
    contentTop = senderRows + quoteRows
    contentY = verticalPadding + Double(contentTop) * lineHeight
    let bubbleHeight = 2 * verticalPadding + Double(bubbleRows) * lineHeight
    extent = bubbleHeight + Double(reactionRows) * lineHeight
    // Beside the last line: one line and the padding around it, at the bubble's bottom.
    let sideHeight = lineHeight + 2 * verticalPadding
    let last = max(bubbleHeight - lineHeight - 2 * verticalPadding, 0)
    let tailY = max(bubbleHeight - lineHeight, 0)
    let width = Double(bubbleWidth)
    let bubbleX: Int
    if message.isIncoming {
      avatar = Rect(x: 0, y: last, width: Double(metrics.avatarWidth), height: sideHeight)
      tail = Rect(
        x: Double(metrics.avatarWidth), y: tailY, width: Double(metrics.tailWidth), height: lineHeight)
      bubbleX = metrics.avatarWidth + metrics.tailWidth
      failedIcon = .zero
    } else {
      avatar = .zero
      let tailX = rowWidth - metrics.tailWidth
      tail = Rect(x: Double(tailX), y: tailY, width: Double(metrics.tailWidth), height: lineHeight)
      bubbleX = tailX - bubbleWidth
      failedIcon = Rect(
        x: Double(bubbleX - metrics.failedIconWidth), y: last,
        width: Double(max(metrics.failedIconWidth / 2, 1)),
        height: sideHeight)
    }
    bubble = Rect(x: Double(bubbleX), y: 0, width: width, height: bubbleHeight)
    let inner = Double(bubbleWidth - 2 * padding)
    sender =
      senderRows == 0
      ? .zero : Rect(x: Double(padding), y: verticalPadding, width: inner, height: lineHeight)
    quote =
      quoteRows == 0
      ? .zero
      : Rect(
        x: Double(padding), y: verticalPadding + Double(senderRows) * lineHeight, width: inner,
        height: lineHeight)
    if let reactionsLine, reactionRows > 0 {
      // Under the content: from its left edge when incoming, ending at its right edge when
      // outgoing, as the bubble sits on its side of the row.
      let reactionsWidth = min(max(reactionsLine.width, 1), Columns.limit)
      let x = message.isIncoming ? bubbleX + padding : bubbleX + bubbleWidth - padding - reactionsWidth
      reactions = Rect(
        x: Double(x), y: bubbleHeight, width: Double(reactionsWidth),
        height: Double(reactionRows) * lineHeight)
    } else {
      reactions = .zero
    }
    let clampedFooter = min(max(footerWidth, 0), bubbleWidth - 2 * padding)
    footer =
      footerRows == 0
      ? .zero
      : Rect(
        x: Double(bubbleWidth - padding - clampedFooter), y: bubbleHeight - verticalPadding - lineHeight,
        width: Double(clampedFooter), height: lineHeight)
  }
}
