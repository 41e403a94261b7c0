import ChatTranscript
import TextLayout

/// Where a one-row label goes: day separators (centred), status rows (right, clear of the
/// tail column) and typing rows (left, past the avatar slot).
public enum SingleRowPlacement: Sendable, Hashable {
  case centered
  case leading(inset: Int)
  case trailing(inset: Int)

  /// The label's frame for `text` in a row `rowWidth` wide; the text is cut at the row's
  /// edge rather than wrapped, so these rows are always one row tall.
  public func frame(for text: String, rowWidth: Double) -> Rect {
    let columns = Columns.of(rowWidth)
    let width = min(displayWidth(of: VisibleText.of(text)), columns)
    let x: Int
    switch self {
    case .centered: x = (columns - width) / 2
    case .leading(let inset): x = min(max(inset, 0), max(columns - width, 0))
    case .trailing(let inset): x = max(columns - min(max(inset, 0), Columns.limit) - width, 0)
    }
    return Rect(x: Double(x), y: 0, width: Double(width), height: 1)
  }
}
