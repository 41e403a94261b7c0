import ChatTranscript

/// The size of a photo's placeholder box in columns and rows.
///
/// - The natural width is `ceil(pixelWidth / pixelsPerColumn)` columns, at most the
///   maximum bubble width and at least 1.
/// - Rows keep the aspect ratio with a row `rowHeightInColumns` columns tall (2 by default:
///   a terminal cell is about twice as tall as wide): `rows = round(columns × h / w / 2)`,
///   at least 1.
/// - A box taller than the theme's maximum rows is shrunk to that many rows and the width
///   recomputed from the aspect ratio.
/// - Bad geometry never traps: a missing, zero, negative or non-finite size gives a 4:3 box
///   at the maximum width; aspect ratios are clamped to 1:16 … 16:1.
public enum PhotoGeometry {
  /// The aspect ratio (height / width) assumed when the pixel size is unusable.
  public static let fallbackAspect = 0.75
  static let aspectRange = (1.0 / 16)...16.0

  /// - Parameters:
  ///   - maximumWidth: the widest the box may be, in columns (the maximum bubble width).
  ///   - maximumRows: the tallest it may be, in rows (lines).
  ///   - lineHeight: how many units of height a row is (``ItemTextMeasurer/lineHeight``): 1
  ///     in a terminal; with points, a row is that many points and `rowHeightInColumns` is
  ///     the height of a point in points, 1. Values that are not finite and positive count as 1.
  /// - Returns: at least 1×1, at most `max(maximumWidth, 1)` × `max(maximumRows, 1)`.
  public static func boxSize(
    pixelWidth: Double?, pixelHeight: Double?, maximumWidth: Int, maximumRows: Int,
    configuration: MessageLayoutConfiguration, lineHeight: Double = 1
  ) -> (columns: Int, rows: Int) {
    let widest = min(max(maximumWidth, 1), Columns.limit)
    let tallest = min(max(maximumRows, 1), Columns.limit)
    // A row's height in columns, kept within 1/8 … 8,000 whatever the line height.
    let rowAspect = min(max(configuration.rowAspect * LineHeight.sanitized(lineHeight), 0.125), 8_000)
    let aspect: Double
    let natural: Double
    if let width = usable(pixelWidth), let height = usable(pixelHeight) {
      aspect = min(max(height / width, aspectRange.lowerBound), aspectRange.upperBound)
      natural = (width / configuration.pixelsPerColumnClamped).rounded(.up)
    } else {
      aspect = fallbackAspect
      natural = Double(widest)
    }
    var columns = Int(min(max(natural, 1), Double(widest)))
    // Every factor is clamped, so this is at most 100,000 × 16 × 8 rows: no overflow.
    var rows = max(Int((Double(columns) * aspect / rowAspect).rounded()), 1)
    if rows > tallest {
      rows = tallest
      let fitted = (Double(tallest) * rowAspect / aspect).rounded()
      columns = Int(min(max(fitted, 1), Double(widest)))
    }
    return (columns, rows)
  }

  /// `value` when it is a usable pixel length: finite and positive.
  static func usable(_ value: Double?) -> Double? {
    guard let value, value.isFinite, value > 0 else { return nil }
    return value
  }
}
