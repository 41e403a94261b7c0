/// App-wide layout choices for message cells, independent of the theme.
public struct MessageLayoutConfiguration: Sendable, Hashable {
  /// The widest a bubble may be, as a share of the row width (the viewport width).
  ///
  /// The maximum bubble width is `floor(share × width)`, further limited so the avatar (or
  /// the failed icon) and the tail still fit beside it. Values outside (0, 1] are clamped;
  /// NaN means the default.
  public var maximumBubbleWidthShare: Double = 0.68
  /// Whether the first message of an incoming group shows its sender's name above the content.
  public var showsSenderNames = true
  /// Photo pixels per terminal column: a photo's natural width is `ceil(pixels / this)`
  /// columns, so small images stay small.
  public var pixelsPerColumn: Double = 10
  /// How many columns of height one row is: a terminal cell is about twice as tall as wide,
  /// so a square photo `c` columns wide is `c / 2` rows tall. With a line height other than 1
  /// (points), how many columns one unit of height is: 1 for square points.
  public var rowHeightInColumns: Double = 2

  public init() {}

  /// Photos on a phone laid out in points: two photo pixels per point (a 2× screen), and a
  /// height unit as tall as a point is wide, so a square photo is a square box.
  public static let phone: MessageLayoutConfiguration = {
    var configuration = MessageLayoutConfiguration()
    configuration.pixelsPerColumn = 2
    configuration.rowHeightInColumns = 1
    return configuration
  }()

  /// The share clamped to (0, 1].
  var bubbleShare: Double {
    guard !maximumBubbleWidthShare.isNaN else { return 0.68 }
    return min(max(maximumBubbleWidthShare, 0), 1)
  }

  /// Row height in columns, clamped to 1/8 … 8 (non-finite: the default 2).
  var rowAspect: Double {
    rowHeightInColumns.isFinite ? min(max(rowHeightInColumns, 0.125), 8) : 2
  }

  /// Pixels per column, at least 1e-3 (non-finite or not positive: the default 10).
  var pixelsPerColumnClamped: Double {
    pixelsPerColumn.isFinite && pixelsPerColumn > 0 ? max(pixelsPerColumn, 1e-3) : 10
  }
}
