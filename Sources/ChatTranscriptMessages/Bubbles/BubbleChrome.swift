import ChatTranscript

/// Where a bubble and everything around it go in a row, whatever the bubble holds.
///
/// Incoming rows read left to right: avatar slot, tail, bubble. Outgoing rows end at the
/// right edge: failed icon, blank column, bubble, tail. Avatar, tail and failed icon sit
/// on the bubble's last row. Inside the bubble: an optional sender row, the content rows,
/// and the footer row when the metrics ask for one. Frames of the bubble's subviews are in
/// the bubble's coordinates; the others in the cell's.
public struct BubbleChrome: Sendable, Hashable {
  /// Rows the whole cell takes.
  public var height: Int
  public var bubble: Rect
  public var avatar: Rect
  public var tail: Rect
  public var failedIcon: Rect
  /// The sender row inside the bubble; zero-sized without a sender line.
  public var sender: Rect
  /// The footer row inside the bubble; zero-sized when the metrics show no footer.
  public var footer: Rect
  /// The first content row inside the bubble.
  public var contentTop: Int

  /// The widest a bubble may be in a row: `floor(share × rowWidth)`, leaving room for the
  /// side slots, and never narrower than its padding plus one column.
  public static func maximumBubbleWidth(
    rowWidth: Int, isIncoming: Bool, metrics: BubbleMetrics, configuration: MessageLayoutConfiguration
  ) -> Int {
    let metrics = metrics.sanitized
    let rowWidth = min(max(rowWidth, 0), Columns.limit)
    // The epsilon keeps 0.29 × 100 at 29 despite binary rounding.
    let byShare = Int((Double(rowWidth) * configuration.bubbleShare + 1e-9).rounded(.down))
    let beside = rowWidth - metrics.sideWidth(isIncoming: isIncoming)
    return max(min(byShare, beside), 2 * metrics.horizontalPadding + 1)
  }

  /// - Parameters:
  ///   - innerWidth: columns the bubble's text-like content needs (sender, text, caption,
  ///     footer), without padding.
  ///   - minimumBubbleWidth: columns content drawn edge to edge needs (a photo box).
  ///   - contentRows: rows between the sender row and the footer.
  init(
    rowWidth: Int, message: MessageViewModel, metrics: BubbleMetrics, innerWidth: Int,
    minimumBubbleWidth: Int = 0, contentRows: Int, footerWidth: Int
  ) {
    let metrics = metrics.sanitized
    let padding = metrics.horizontalPadding
    let bubbleWidth = max(innerWidth + 2 * padding, minimumBubbleWidth, 2 * padding + 1)
    let senderRows = message.senderLine == nil ? 0 : 1
    let footerRows = metrics.showsFooter ? 1 : 0
    height = senderRows + max(contentRows, 0) + footerRows
    contentTop = senderRows
    let last = Double(max(height - 1, 0))
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
    bubble = Rect(x: Double(bubbleX), y: 0, width: width, height: Double(height))
    let inner = Double(bubbleWidth - 2 * padding)
    sender = senderRows == 0 ? .zero : Rect(x: Double(padding), y: 0, width: inner, height: 1)
    let clampedFooter = min(max(footerWidth, 0), bubbleWidth - 2 * padding)
    footer =
      footerRows == 0
      ? .zero
      : Rect(
        x: Double(bubbleWidth - padding - clampedFooter), y: Double(height - 1), width: Double(clampedFooter),
        height: 1)
  }
}
