import TextLayout

/// Draws what the viewport shows as an SVG image: one character cell is `cellWidth` ×
/// `cellHeight` pixels, bubbles are rounded rectangles, text runs are stretched to exactly
/// their columns so wide characters line up as on a terminal.
///
/// Every text and attribute value is escaped; message text cannot add elements or scripts.
public struct SVGRenderer: DocumentRenderer {
  public var measurer: any TextMeasurer
  public var palette: RenderPalette
  public var cellWidth = 8
  public var cellHeight = 16

  public init(measurer: any TextMeasurer = TerminalTextMeasurer(), palette: RenderPalette = .standard) {
    self.measurer = measurer
    self.palette = palette
  }

  /// The opening of a document `width` × `height` cells: the `<svg>` element and the canvas.
  ///
  /// With ``elements(of:rowOffset:)`` and ``documentEnd`` it draws a document a page at a
  /// time, so a transcript of any height is one picture drawn in memory proportional to a page.
  public func documentStart(width: Int, height: Int) -> String {
    let pixelWidth = width * cellWidth
    let pixelHeight = height * cellHeight
    var start =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(pixelWidth)" height="\#(pixelHeight)" "#
      + #"viewBox="0 0 \#(pixelWidth) \#(pixelHeight)" font-family="monospace" font-size="\#(cellHeight * 13 / 16)">"#
      + "\n"
    if let background = palette.canvas.background {
      start += #"<rect width="100%" height="100%" fill="\#(background.hex)"/>"# + "\n"
    }
    return start
  }

  /// The scene's elements, one per line, moved down `rowOffset` rows (the page's top).
  public func elements(of scene: RenderScene, rowOffset: Int) -> String {
    var lines: [String] = []
    for element in scene.elements {
      switch element {
      case .box(let x, let y, let width, let height, let style):
        guard let fill = palette.style(named: style)?.background else { continue }
        lines.append(
          #"<rect x="\#(x * cellWidth)" y="\#((y + rowOffset) * cellHeight)" width="\#(width * cellWidth)" "#
            + #"height="\#(height * cellHeight)" rx="4" fill="\#(fill.hex)" class="\#(cssClassName(style))"/>"#
        )
      case .text(let text, let x, let y, _, let style):
        lines.append(textElement(text, x: x, y: y + rowOffset, style: style))
      case .image(let description, let x, let y, let width, let height, let style):
        let stroke = (palette.style(named: style)?.foreground ?? palette.canvas.foreground)?.hex ?? "#888888"
        lines.append(
          #"<rect x="\#(x * cellWidth + 1)" y="\#((y + rowOffset) * cellHeight + 1)" "#
            + #"width="\#(max(width * cellWidth - 2, 0))" "#
            + #"height="\#(max(height * cellHeight - 2, 0))" fill="none" stroke="\#(stroke)" "#
            + #"stroke-dasharray="4 3"/>"#)
        lines.append(textElement(description, x: x + 1, y: y + rowOffset + height / 2, style: style))
      case .selection(let x, let y, let width, let height):
        guard let fill = palette.style(named: RenderPalette.selectionStyleName)?.background else { continue }
        lines.append(
          #"<rect x="\#(x * cellWidth)" y="\#((y + rowOffset) * cellHeight)" width="\#(width * cellWidth)" "#
            + #"height="\#(height * cellHeight)" fill="\#(fill.hex)" class="selected"/>"#)
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// What closes a document.
  public var documentEnd: String { "</svg>\n" }

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
