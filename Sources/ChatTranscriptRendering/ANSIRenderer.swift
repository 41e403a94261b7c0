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
    let grid = CharacterGrid(scene)
    var codesByStyles: [UInt32: String] = [:]
    return grid.rows.map { line($0, in: grid, codesByStyles: &codesByStyles) }.joined(separator: "\n")
  }

  private func line(
    _ row: CharacterGrid.Row, in grid: CharacterGrid, codesByStyles: inout [UInt32: String]
  ) -> String {
    // Trailing cells with nothing to show are left out; the columns before the row's first
    // cell are blank and unstyled.
    guard
      let last = row.cells.lastIndex(where: {
        !grid.isSpace($0) || palette.style(named: grid.styleName($0.boxStyle))?.background != nil
      })
    else { return "" }
    var output = String(repeating: " ", count: row.start)
    var current = ""
    for cell in row.cells[...last] {
      let key = UInt32(cell.boxStyle) << 16 | UInt32(cell.textStyle)
      let codes =
        codesByStyles[key]
        ?? {
          let codes = sgr(box: grid.styleName(cell.boxStyle), text: grid.styleName(cell.textStyle))
          codesByStyles[key] = codes
          return codes
        }()
      if codes != current {
        output += "\u{1B}[0" + codes + "m"
        current = codes
      }
      output += grid.text(of: cell)
    }
    if !current.isEmpty { output += "\u{1B}[0m" }
    return output
  }

  /// The SGR parameters (after a reset) for a cell: text colour over box colour.
  private func sgr(box boxStyle: String?, text textStyle: String?) -> String {
    let box = palette.style(named: boxStyle)
    let text = palette.style(named: textStyle)
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
