import ChatTranscript
import TextLayout

/// Where a one-row label goes: day separators (centred), status rows (right, clear of the
/// tail column) and typing rows (left, past the avatar slot). Insets are in the measurer's
/// unit: columns, or points.
public enum SingleRowPlacement: Sendable, Hashable {
  case centered
  case leading(inset: Int)
  case trailing(inset: Int)

  /// The label's frame for `text` in a row `rowWidth` wide; the text is cut at the row's
  /// edge rather than wrapped, so these rows are always one row tall.
  public func frame(for text: String, rowWidth: Double) -> Rect {
    frame(textWidth: displayWidth(of: VisibleText.of(text)), rowWidth: rowWidth, lineHeight: 1)
  }

  /// The label's frame for `text` in a row `rowWidth` wide, with the text's width and the
  /// line's height as `measurer` gives them (points and the font's line height for a
  /// `PointTextMeasurer`); the same as ``frame(for:rowWidth:)`` for the terminal measurer.
  public func frame(for text: String, rowWidth: Double, measurer: ItemTextMeasurer) -> Rect {
    frame(textWidth: measurer.width(of: text), rowWidth: rowWidth, lineHeight: measurer.lineHeight)
  }

  private func frame(textWidth: Int, rowWidth: Double, lineHeight: Double) -> Rect {
    let columns = Columns.of(rowWidth)
    let width = min(textWidth, columns)
    let x: Int
    switch self {
    case .centered: x = (columns - width) / 2
    case .leading(let inset): x = min(max(inset, 0), max(columns - width, 0))
    case .trailing(let inset): x = max(columns - min(max(inset, 0), Columns.limit) - width, 0)
    }
    return Rect(x: Double(x), y: 0, width: Double(width), height: lineHeight)
  }
}
