import ChatTranscript

/// Where a bubble and everything around it go in a row, whatever the bubble holds.
///
/// Incoming rows read left to right: avatar slot, tail, bubble. Outgoing rows end at the
/// right edge: failed icon, blank column, bubble, tail. Avatar, tail and failed icon sit
/// on the bubble's last row. Inside the bubble: an optional sender row, the quote row of a
/// reply, the content rows, and the footer row when the message has one. Under the bubble,
/// aligned with its content, the reactions (part of the row, so they stay with their message
/// and its group). Frames of the bubble's subviews are in the bubble's coordinates; the
/// others in the cell's.
public struct BubbleChrome: Sendable, Hashable {
  /// Rows the whole cell takes: the bubble's and the reactions'.
  public var height: Int
  /// The bubble, in the cell's coordinates: as tall as the cell above the reactions.
  public var bubble: Rect
  /// The avatar slot beside an incoming bubble's last row; zero-sized for outgoing rows.
  public var avatar: Rect
  /// The tail beside the bubble's last row, between avatar and bubble or at the right edge.
  public var tail: Rect
  /// The failed icon left of an outgoing bubble's last row; zero-sized for incoming rows.
  public var failedIcon: Rect
  /// The sender row inside the bubble; zero-sized without a sender line.
  public var sender: Rect
  /// The quote row inside the bubble, under the sender row; zero-sized unless the message
  /// is a reply.
  public var quote: Rect
  /// The footer row inside the bubble; zero-sized when the message shows no footer.
  public var footer: Rect
  /// The first content row inside the bubble: under the sender and quote rows.
  public var contentTop: Int
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
  /// line and footer, and put the content at ``contentTop`` inside ``bubble``, starting at
  /// column ``BubbleMetrics/horizontalPadding`` of the metrics
  /// ``BubbleMetrics/fitted(toRowWidth:isIncoming:)`` gives for the row.
  /// Every length is in columns (widths) or rows (heights); negative lengths count as 0.
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
  ///   - contentRows: Rows of content between the sender row and the footer row.
  ///   - footerWidth: Columns of the footer text (``SideTexts/footer``); cut to the bubble's
  ///     inner width, and unused when the message shows no footer.
  ///   - reactionsLine: The reactions wrapped at the bubble's content width, or `nil`.
  public init(
    rowWidth: Int, message: MessageViewModel, metrics: BubbleMetrics, innerWidth: Int,
    minimumBubbleWidth: Int = 0, contentRows: Int, footerWidth: Int, reactionsLine: ReactionsLine? = nil
  ) {
    let rowWidth = min(max(rowWidth, 0), Columns.limit)
    let metrics = metrics.fitted(toRowWidth: rowWidth, isIncoming: message.isIncoming)
    let padding = metrics.horizontalPadding
    let innerWidth = min(max(innerWidth, 0), Columns.limit)
    let minimumBubbleWidth = min(max(minimumBubbleWidth, 0), Columns.limit)
    // Room for the sender, quote and footer rows and the reactions, so the height cannot
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
    let last = Double(max(bubbleRows - 1, 0))
    let width = Double(bubbleWidth)
    let bubbleX: Int
    if message.isIncoming {
      avatar = Rect(x: 0, y: last, width: Double(metrics.avatarWidth), height: 1)
      tail = Rect(x: Double(metrics.avatarWidth), y: last, width: Double(metrics.tailWidth), height: 1)
      bubbleX = metrics.avatarWidth + metrics.tailWidth
      failedIcon = .zero
    } else {
      avatar = .zero
      let tailX = rowWidth - metrics.tailWidth
      tail = Rect(x: Double(tailX), y: last, width: Double(metrics.tailWidth), height: 1)
      bubbleX = tailX - bubbleWidth
      failedIcon = Rect(x: Double(bubbleX - metrics.failedIconWidth), y: last, width: 1, height: 1)
    }
    bubble = Rect(x: Double(bubbleX), y: 0, width: width, height: Double(bubbleRows))
    let inner = Double(bubbleWidth - 2 * padding)
    sender = senderRows == 0 ? .zero : Rect(x: Double(padding), y: 0, width: inner, height: 1)
    quote = quoteRows == 0 ? .zero : Rect(x: Double(padding), y: Double(senderRows), width: inner, height: 1)
    if let reactionsLine, reactionRows > 0 {
      // Under the content: from its left edge when incoming, ending at its right edge when
      // outgoing, as the bubble sits on its side of the row.
      let reactionsWidth = min(max(reactionsLine.width, 1), Columns.limit)
      let x = message.isIncoming ? bubbleX + padding : bubbleX + bubbleWidth - padding - reactionsWidth
      reactions = Rect(
        x: Double(x), y: Double(bubbleRows), width: Double(reactionsWidth), height: Double(reactionRows))
    } else {
      reactions = .zero
    }
    let clampedFooter = min(max(footerWidth, 0), bubbleWidth - 2 * padding)
    footer =
      footerRows == 0
      ? .zero
      : Rect(
        x: Double(bubbleWidth - padding - clampedFooter), y: Double(bubbleRows - 1),
        width: Double(clampedFooter),
        height: 1)
  }
}
