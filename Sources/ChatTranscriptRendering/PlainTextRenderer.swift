import TextLayout

/// Draws what the viewport shows as plain text: one line per row of the viewport, labels
/// wrapped inside their frames, image placeholders outlined with their description.
///
/// Deterministic and free of control characters, so tests can compare its output exactly.
public struct PlainTextRenderer: SceneRenderer {
  public var measurer: any TextMeasurer

  public init(measurer: any TextMeasurer = TerminalTextMeasurer()) {
    self.measurer = measurer
  }

  public func render(_ scene: RenderScene) -> String {
    CharacterGrid(scene).rows.map { row in
      var line = row.map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
