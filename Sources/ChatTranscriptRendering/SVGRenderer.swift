import TextLayout

/// Draws what the viewport shows as an SVG image: one character cell is `cellWidth` ×
/// `cellHeight` pixels, bubbles are rounded rectangles, text runs are stretched to exactly
/// their columns so wide characters line up as on a terminal.
///
/// Every text and attribute value is escaped; message text cannot add elements or scripts.
public struct SVGRenderer: SceneRenderer {
  public var measurer: any TextMeasurer
  public var palette: RenderPalette
  public var cellWidth = 8
  public var cellHeight = 16

  public init(measurer: any TextMeasurer = TerminalTextMeasurer(), palette: RenderPalette = .standard) {
    self.measurer = measurer
    self.palette = palette
  }

  public func render(_ scene: RenderScene) -> String {
    let width = scene.width * cellWidth
    let height = scene.height * cellHeight
    var lines = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" font-family="monospace" font-size="\#(cellHeight * 13 / 16)">"#
    ]
    if let background = palette.canvas.background {
      lines.append(#"<rect width="100%" height="100%" fill="\#(background.hex)"/>"#)
    }
    for element in scene.elements {
      switch element {
      case .box(let x, let y, let width, let height, let style):
        guard let fill = palette.style(named: style)?.background else { continue }
        lines.append(
          #"<rect x="\#(x * cellWidth)" y="\#(y * cellHeight)" width="\#(width * cellWidth)" "#
            + #"height="\#(height * cellHeight)" rx="4" fill="\#(fill.hex)" class="\#(cssClassName(style))"/>"#
        )
      case .text(let text, let x, let y, _, let style):
        lines.append(textElement(text, x: x, y: y, style: style))
      case .image(let description, let x, let y, let width, let height, let style):
        let stroke = (palette.style(named: style)?.foreground ?? palette.canvas.foreground)?.hex ?? "#888888"
        lines.append(
          #"<rect x="\#(x * cellWidth + 1)" y="\#(y * cellHeight + 1)" width="\#(max(width * cellWidth - 2, 0))" "#
            + #"height="\#(max(height * cellHeight - 2, 0))" fill="none" stroke="\#(stroke)" "#
            + #"stroke-dasharray="4 3"/>"#)
        lines.append(textElement(description, x: x + 1, y: y + height / 2, style: style))
      }
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  private func textElement(_ text: String, x: Int, y: Int, style: String?) -> String {
    let look = palette.style(named: style)
    let fill = (look?.foreground ?? palette.canvas.foreground)?.hex ?? "#000000"
    let columns = displayWidth(of: text)
    let weight = look?.isBold == true ? #" font-weight="bold""# : ""
    return
      #"<text x="\#(x * cellWidth)" y="\#(y * cellHeight + cellHeight * 3 / 4)" fill="\#(fill)"\#(weight) "#
      + #"textLength="\#(columns * cellWidth)" lengthAdjust="spacingAndGlyphs" xml:space="preserve">"#
      + markupEscaped(text) + "</text>"
  }
}
