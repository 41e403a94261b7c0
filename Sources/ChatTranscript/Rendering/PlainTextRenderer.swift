import TextLayout

/// Draws what the viewport shows as plain text: one line per row of the viewport, each
/// label wrapped inside its frame, image placeholders as `[description]`.
///
/// Deterministic and free of control characters (zero-width clusters such as escape codes
/// and bidi controls are dropped), so tests can compare its output exactly.
public struct PlainTextRenderer {
  public var measurer: any TextMeasurer

  public init(measurer: any TextMeasurer = TerminalTextMeasurer()) {
    self.measurer = measurer
  }

  /// The viewport of `collectionView` as text, trailing spaces trimmed.
  public func render(_ collectionView: CollectionView) -> String {
    let viewport = collectionView.viewport
    var canvas = TextCanvas(width: Self.cells(viewport.width), height: Self.cells(viewport.height))
    for (_, cell) in collectionView.visibleCells {
      draw(cell, origin: Point(x: 0, y: -viewport.contentOffset), on: &canvas)
    }
    return canvas.text
  }

  private func draw(_ view: View, origin: Point, on canvas: inout TextCanvas) {
    guard !view.isHidden else { return }
    let frame = Rect(
      x: origin.x + view.frame.minX, y: origin.y + view.frame.minY, width: view.frame.width,
      height: view.frame.height)
    let left = Self.cells(frame.minX)
    let top = Int(frame.minY.rounded(.down))
    let right = left + Self.cells(frame.width)
    if let placeholder = view as? ImagePlaceholder {
      canvas.write("[\(placeholder.imageDescription)]", x: left, y: top, limit: right)
    } else if let label = view as? Label {
      let lines = measurer.lines(of: label.text, maxWidth: max(right - left, 1))
      for (index, line) in lines.prefix(Self.cells(frame.height)).enumerated() {
        canvas.write(String(label.text[line.range]), x: left, y: top + index, limit: right)
      }
    }
    for subview in view.subviews {
      draw(subview, origin: frame.origin, on: &canvas)
    }
  }

  /// Whole character cells in a length; non-finite or negative lengths are empty.
  static func cells(_ length: Double) -> Int {
    length.isFinite && length > 0 ? Int(min(length, 100_000).rounded(.down)) : 0
  }
}

/// A grid of terminal cells; a wide cluster fills its cell and leaves the next one empty.
struct TextCanvas {
  private var rows: [[String]]
  let width: Int

  init(width: Int, height: Int) {
    self.width = width
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// Writes `text` from column `x` of row `y`, stopping at column `limit` or the edge.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int) {
    guard y >= 0, y < rows.count else { return }
    var column = x
    let end = min(limit, width)
    for character in text {
      let cluster = String(character)
      let clusterWidth = displayWidth(of: cluster)
      guard clusterWidth > 0 else { continue }
      if column + clusterWidth > end { break }
      if column >= 0 {
        rows[y][column] = cluster
        if clusterWidth == 2 { rows[y][column + 1] = "" }
      }
      column += clusterWidth
    }
  }

  var text: String {
    rows.map { row in
      var line = row.joined()
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
