import TextLayout

/// Draws what the viewport shows as a self-contained HTML page (inline CSS, no scripts):
/// absolutely placed blocks on a grid of character cells, so it matches the terminal.
///
/// Every text and attribute value is escaped; message text cannot add markup or scripts.
public struct HTMLRenderer: DocumentRenderer {
  public var measurer: any TextMeasurer
  public var palette: RenderPalette
  public var title = "Chat transcript"
  public var cellWidth = 8
  public var cellHeight = 16

  public init(measurer: any TextMeasurer = TerminalTextMeasurer(), palette: RenderPalette = .standard) {
    self.measurer = measurer
    self.palette = palette
  }

  /// The opening of a page `width` × `height` cells: the head, the style sheet and the
  /// transcript's container.
  ///
  /// With ``elements(of:rowOffset:)`` and ``documentEnd`` it draws a page a part at a time, so
  /// a transcript of any height is one page drawn in memory proportional to a part.
  public func documentStart(width: Int, height: Int) -> String {
    let background = palette.canvas.background?.hex ?? "#ffffff"
    let foreground = palette.canvas.foreground?.hex ?? "#000000"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(markupEscaped(title))</title>
      <style>
      body { margin: 0; background: \(background); color: \(foreground); }
      .transcript { position: relative; width: \(width * cellWidth)px; height: \(height * cellHeight)px;
        font: \(cellHeight * 13 / 16)px/\(cellHeight)px monospace; overflow: hidden; }
      .transcript div { position: absolute; white-space: pre; overflow: hidden; }
      .box { border-radius: 4px; }
      .image { box-sizing: border-box; border: 1px dashed; display: flex; align-items: center; justify-content: center; }
      </style>
      </head>
      <body>
      <div class="transcript">

      """
  }

  /// The scene's elements, one per line, moved down `rowOffset` rows (the part's top).
  public func elements(of scene: RenderScene, rowOffset: Int) -> String {
    var html = ""
    for element in scene.elements {
      switch element {
      case .box(let x, let y, let width, let height, let style):
        guard let fill = palette.style(named: style)?.background else { continue }
        html +=
          #"<div class="box \#(cssClassName(style))" "#
          + #"style="\#(place(x, y + rowOffset, width, height))background:\#(fill.hex)"></div>"#
          + "\n"
      case .text(let text, let x, let y, let width, let style):
        html +=
          #"<div style="\#(place(x, y + rowOffset, width, 1))\#(look(style))">\#(markupEscaped(text))</div>"#
          + "\n"
      case .image(let description, let x, let y, let width, let height, let style):
        html +=
          #"<div class="image" style="\#(place(x, y + rowOffset, width, height))\#(look(style))">"#
          + markupEscaped(description) + "</div>\n"
      case .selection(let x, let y, let width, let height):
        guard let fill = palette.style(named: RenderPalette.selectionStyleName)?.background else { continue }
        html +=
          #"<div class="selected" style="\#(place(x, y + rowOffset, width, height))background:\#(fill.hex)"></div>"#
          + "\n"
      }
    }
    return html
  }

  /// What closes a page.
  public var documentEnd: String { "</div>\n</body>\n</html>\n" }

  private func place(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> String {
    "left:\(x * cellWidth)px;top:\(y * cellHeight)px;width:\(width * cellWidth)px;height:\(height * cellHeight)px;"
  }

  private func look(_ style: String?) -> String {
    guard let look = palette.style(named: style) else { return "" }
    var css = ""
    if let foreground = look.foreground { css += "color:\(foreground.hex);" }
    if look.isBold { css += "font-weight:bold;" }
    return css
  }
}
