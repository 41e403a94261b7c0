import TextLayout

/// Draws what the viewport shows as plain text: one line per row of the viewport, labels
/// wrapped inside their frames, image placeholders outlined with their description, and each
/// line of a selected row marked in its free margin (see `CharacterGrid.markSelectedLines()`).
///
/// Deterministic and free of control characters, so tests can compare its output exactly.
public struct PlainTextRenderer: SceneRenderer {
  public var measurer: any TextMeasurer

  public init(measurer: any TextMeasurer = TerminalTextMeasurer()) {
    self.measurer = measurer
  }

  /// Each row's cells as UTF-8, without the spaces that end it: built as bytes, with no string
  /// per cell.
  public func render(_ scene: RenderScene) -> String {
    var grid = CharacterGrid(scene)
    grid.markSelectedLines()
    var output: [UInt8] = []
    for (index, row) in grid.rows.enumerated() {
      if index > 0 { output.append(UInt8(ascii: "\n")) }
      guard let last = row.cells.lastIndex(where: { !grid.isSpace($0) }) else { continue }
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: row.start))
      for cell in row.cells[...last] { grid.appendText(of: cell, to: &output) }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
