/// The fixed sizes of a bubble cell: what a cell class (and so a theme) decides about its look.
///
/// Lengths are in the unit of the text measurer the kit is given: terminal columns for the
/// terminal themes, points for ``phone`` (laid out with a `PointTextMeasurer`). Heights of text
/// are counted in lines, each ``ItemTextMeasurer/lineHeight`` tall.
///
/// A `Sendable` value so height calculators can carry it to background queues; cells
/// publish theirs through ``MessageBubbleCell/metrics``.
public struct BubbleMetrics: Sendable, Hashable {
  /// Columns of the avatar slot beside incoming bubbles.
  public var avatarWidth: Int
  /// Columns of the tail beside the bubble (after the avatar, or at the row's right edge).
  public var tailWidth: Int
  /// Columns reserved left of outgoing bubbles for the failed icon and one blank column.
  public var failedIconWidth: Int
  /// Blank columns inside the bubble on each side of its text.
  public var horizontalPadding: Int
  /// Blank space inside the bubble above its first line and below its last, in the unit of
  /// row heights (0 in a terminal, where a bubble's background is its rows).
  public var verticalPadding: Int
  /// Whether the bubble ends with a footer row: `10:00 · read`.
  public var showsFooter: Bool
  /// Tallest a photo box may be, in lines.
  public var maximumPhotoRows: Int

  public init(
    avatarWidth: Int = 3, tailWidth: Int = 1, failedIconWidth: Int = 2, horizontalPadding: Int = 1,
    verticalPadding: Int = 0, showsFooter: Bool = false, maximumPhotoRows: Int = 10
  ) {
    self.avatarWidth = avatarWidth
    self.tailWidth = tailWidth
    self.failedIconWidth = failedIconWidth
    self.horizontalPadding = horizontalPadding
    self.verticalPadding = verticalPadding
    self.showsFooter = showsFooter
    self.maximumPhotoRows = maximumPhotoRows
  }

  /// Dense: one column of padding, no footer.
  public static let compact = BubbleMetrics()
  /// Airy: two columns of padding, a footer with time and status, taller photos.
  public static let roomy = BubbleMetrics(horizontalPadding: 2, showsFooter: true, maximumPhotoRows: 14)
  /// A phone's bubbles, in points: a 28-point avatar and 8 points beside it, a 6-point tail,
  /// 12 points of padding left and right and 7 above and below the text, photos up to 14 lines
  /// tall. Lay out with a `PointTextMeasurer` (see ``PhoneTheme``).
  public static let phone = BubbleMetrics(
    avatarWidth: 36, tailWidth: 6, failedIconWidth: 28, horizontalPadding: 12, verticalPadding: 7,
    showsFooter: false, maximumPhotoRows: 14)

  /// Every size clamped to something drawable: negative sizes from a custom theme become 0
  /// (photo rows at least 1), and sizes over 1,000 are capped.
  ///
  /// ``BubbleChrome`` lays out with these values, so a custom bubble reads its padding from
  /// here too: its content then lines up with the chrome whatever a theme's cell declares.
  public var sanitized: BubbleMetrics {
    func clamp(_ value: Int) -> Int { min(max(value, 0), 1_000) }
    return BubbleMetrics(
      avatarWidth: clamp(avatarWidth), tailWidth: clamp(tailWidth), failedIconWidth: clamp(failedIconWidth),
      horizontalPadding: clamp(horizontalPadding), verticalPadding: clamp(verticalPadding),
      showsFooter: showsFooter,
      maximumPhotoRows: max(clamp(maximumPhotoRows), 1))
  }

  /// The metrics, sanitized, with what does not fit beside the narrowest bubble (padding, one
  /// column of content, padding) in a row of `rowWidth` columns left out: first the avatar or
  /// the failed icon, then the tail, then padding, a column at a time. A terminal a few columns
  /// wide still shows every message's text inside its row, not past its edge.
  ///
  /// The kit's bubbles lay out with these metrics; a custom bubble that does the same places
  /// its content exactly as ``BubbleChrome`` places the bubble.
  public func fitted(toRowWidth rowWidth: Int, isIncoming: Bool) -> BubbleMetrics {
    var fitted = sanitized
    func excess() -> Int {
      fitted.sideWidth(isIncoming: isIncoming) + 2 * fitted.horizontalPadding + 1 - rowWidth
    }
    guard excess() > 0 else { return fitted }
    if isIncoming { fitted.avatarWidth = 0 } else { fitted.failedIconWidth = 0 }
    if excess() > 0 { fitted.tailWidth = 0 }
    if excess() > 0 { fitted.horizontalPadding = max(fitted.horizontalPadding - (excess() + 1) / 2, 0) }
    return fitted
  }

  /// Columns beside the bubble: avatar and tail for incoming, failed icon and tail for outgoing.
  func sideWidth(isIncoming: Bool) -> Int {
    tailWidth + (isIncoming ? avatarWidth : failedIconWidth)
  }
}
