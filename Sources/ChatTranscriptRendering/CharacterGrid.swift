import TextLayout

/// A scene rasterized into terminal cells: what the plain-text and ANSI renderers print.
///
/// Each cell holds one grapheme cluster (a cluster n columns wide fills its cell and blanks
/// the n - 1 after it) and the style names of the box below it and the text on it.
struct CharacterGrid {
  struct Cell: Equatable {
    var text = " "
    var boxStyle: String?
    var textStyle: String?
  }

  private(set) var rows: [[Cell]]
  let width: Int

  init(_ scene: RenderScene) {
    width = scene.width
    rows = Array(repeating: Array(repeating: Cell(), count: scene.width), count: scene.height)
    for element in scene.elements {
      switch element {
      case .box(let x, let y, let width, let height, let style):
        fill(x: x, y: y, width: width, height: height) { $0.boxStyle = style }
      case .text(let text, let x, let y, let width, let style):
        write(text, x: x, y: y, limit: x + width, style: style)
      case .image(let description, let x, let y, let width, let height, let style):
        outline(x: x, y: y, width: width, height: height, style: style)
        write(description, x: x + 1, y: y + height / 2, limit: x + width - 1, style: style)
      }
    }
  }

  private mutating func fill(x: Int, y: Int, width: Int, height: Int, _ body: (inout Cell) -> Void) {
    for row in max(y, 0)..<max(min(y + height, rows.count), max(y, 0)) {
      for column in max(x, 0)..<max(min(x + width, self.width), max(x, 0)) {
        body(&rows[row][column])
      }
    }
  }

  /// Draws a box outline with box-drawing characters; too small boxes get brackets only.
  private mutating func outline(x: Int, y: Int, width: Int, height: Int, style: String?) {
    guard width >= 2, height >= 1 else { return }
    if height == 1 {
      write("[", x: x, y: y, limit: x + 1, style: style)
      write("]", x: x + width - 1, y: y, limit: x + width, style: style)
      return
    }
    let horizontal = String(repeating: "─", count: width - 2)
    write("┌" + horizontal + "┐", x: x, y: y, limit: x + width, style: style)
    for row in (y + 1)..<(y + height - 1) {
      write("│", x: x, y: row, limit: x + 1, style: style)
      write("│", x: x + width - 1, y: row, limit: x + width, style: style)
    }
    write("└" + horizontal + "┘", x: x, y: y + height - 1, limit: x + width, style: style)
  }

  /// Writes `text` from column `x` of row `y`, stopping before column `limit` or the edge.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int, style: String?) {
    guard y >= 0, y < rows.count else { return }
    var column = x
    let end = min(limit, width)
    for cluster in GraphemeClusters(text) {
      guard cluster.width > 0 else { continue }
      if column + cluster.width > end { break }
      if column >= 0 {
        rows[y][column].text = String(text[cluster.range])
        rows[y][column].textStyle = style
        // A cluster wider than one column covers the cells after it (three for 🖐🏼 and
        // its skin tone, by the width rules).
        for covered in column + 1..<column + cluster.width {
          rows[y][covered].text = ""
          rows[y][covered].textStyle = style
        }
      }
      column += cluster.width
    }
  }
}
