import TextLayout

/// Draws what the viewport shows for a colour terminal: bubbles as coloured blocks, text in
/// its style's colour, ANSI SGR escape codes (24-bit colour) between runs.
///
/// The only escape sequences in the output are the SGR codes this renderer writes itself:
/// message text reaches it through ``RenderScene``, which has made every control character
/// visible. Each line ends with a reset, so a cut-off output never leaves colour behind.
public struct ANSIRenderer: SceneRenderer {
  public var measurer: any TextMeasurer
  public var palette: RenderPalette

  public init(measurer: any TextMeasurer = TerminalTextMeasurer(), palette: RenderPalette = .standard) {
    self.measurer = measurer
    self.palette = palette
  }

  public func render(_ scene: RenderScene) -> String {
    CharacterGrid(scene).rows.map(line).joined(separator: "\n")
  }

  private func line(_ cells: [CharacterGrid.Cell]) -> String {
    // Trailing cells with nothing to show are left out.
    let end =
      (cells.lastIndex { $0.text != " " || palette.style(named: $0.boxStyle)?.background != nil } ?? -1) + 1
    var output = ""
    var current = ""
    for cell in cells[..<end] {
      let codes = sgr(for: cell)
      if codes != current {
        output += "\u{1B}[0" + codes + "m"
        current = codes
      }
      output += cell.text
    }
    if !current.isEmpty { output += "\u{1B}[0m" }
    return output
  }

  /// The SGR parameters (after a reset) for a cell: text colour over box colour.
  private func sgr(for cell: CharacterGrid.Cell) -> String {
    let box = palette.style(named: cell.boxStyle)
    let text = palette.style(named: cell.textStyle)
    var codes = ""
    if text?.isBold == true { codes += ";1" }
    if let foreground = text?.foreground ?? box?.foreground {
      codes += ";38;2;\(foreground.red);\(foreground.green);\(foreground.blue)"
    }
    if let background = box?.background ?? text?.background {
      codes += ";48;2;\(background.red);\(background.green);\(background.blue)"
    }
    return codes
  }
}
