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

  /// Each row's text, without the spaces that end it. Most scenes are drawn line by line,
  /// straight to UTF-8; a scene where texts share columns, or with a selection band, goes
  /// through a ``CharacterGrid``, which draws later texts over earlier ones cell by cell.
  public func render(_ scene: RenderScene) -> String {
    String(decoding: renderedUTF8(scene), as: UTF8.self)
  }

  /// ``render(_:)`` as UTF-8 bytes, for a caller that writes bytes: making the `String`
  /// checked every byte again, a tenth of drawing a page.
  public func renderedUTF8(_ scene: RenderScene) -> [UInt8] {
    if let bytes = Self.renderByLines(scene) { return bytes }
    var grid = CharacterGrid(scene)
    grid.markSelectedLines()
    var output: [UInt8] = []
    for (index, row) in grid.rows.enumerated() {
      if index > 0 { output.append(UInt8(ascii: "\n")) }
      guard let last = row.cells.lastIndex(where: { !grid.isSpace($0) }) else { continue }
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: row.start))
      for cell in row.cells[...last] { grid.appendText(of: cell, to: &output) }
    }
    return output
  }

  /// One text of the scene on one row: where it starts and the column it must stop before.
  private struct Stroke {
    var y: Int
    var x: Int
    var limit: Int
    var text: String
  }

  /// The scene's rows written left to right without a grid: what the grid would give when no
  /// two texts share a column of a row (boxes draw nothing in plain text); `nil` otherwise, or
  /// when a selection band needs its marks.
  ///
  /// - Complexity: O(t + r + b) for t texts nearly in order, r rows and b bytes drawn
  ///   (O(t log t + r + b) at worst), where the grid costs the cells the page covers.
  private static func renderByLines(_ scene: RenderScene) -> [UInt8]? {
    var strokes: [Stroke] = []
    strokes.reserveCapacity(scene.height + scene.height / 2)
    for element in scene.elements {
      switch element {
      case .box: continue
      case .selection: return nil
      case .text(let text, let x, let y, let width, _):
        strokes.append(Stroke(y: y, x: x, limit: x + width, text: text))
      case .image(let description, let x, let y, let width, let height, _):
        for stroke in CharacterGrid.imageStrokes(
          description: description, x: x, y: y, width: width, height: height)
        {
          strokes.append(Stroke(y: stroke.y, x: stroke.x, limit: stroke.limit, text: stroke.text))
        }
      }
    }
    var lines = Lines(capacity: scene.height * 32)
    for index in Self.rowMajorOrder(of: strokes, rows: scene.height) {
      let stroke = strokes[index]
      while lines.row < stroke.y { lines.endLine() }
      guard lines.draw(stroke, sceneWidth: scene.width) else { return nil }
    }
    while lines.row < scene.height - 1 { lines.endLine() }
    lines.trimLine()
    return lines.output
  }

  /// The lines written so far, as UTF-8.
  private struct Lines {
    private(set) var output: [UInt8] = []
    private(set) var row = 0
    private var lineStart = 0
    /// The first column not yet written on the current row.
    private var column = 0

    init(capacity: Int) { output.reserveCapacity(capacity) }

    /// Draws `stroke` on the current row; `false`, drawing nothing, when it starts left of
    /// what the row already shows (it would share its columns).
    mutating func draw(_ stroke: Stroke, sceneWidth: Int) -> Bool {
      guard stroke.x >= column else { return false }
      var column = column
      var output = output
      self.output = []
      // Clusters drawn back to back come as one run of bytes, whatever their script.
      CharacterGrid.forEachDrawnCluster(
        of: stroke.text, x: stroke.x, end: min(stroke.limit, sceneWidth), mergingClusters: true
      ) { start, bytes, width, isRun in
        // A few spaces one by one: the generic append of a repeated element cost more.
        if start - column > 8 {
          output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: start - column))
        } else {
          for _ in column..<max(start, column) { output.append(UInt8(ascii: " ")) }
        }
        if isRun {
          output.append(contentsOf: bytes)
        } else {
          CharacterGrid.appendCluster(bytes, to: &output)
        }
        column = start + width
      }
      self.output = output
      self.column = column
      return true
    }

    /// Ends the current row, without the spaces that end it.
    mutating func endLine() {
      trimLine()
      output.append(UInt8(ascii: "\n"))
      lineStart = output.count
      row += 1
      column = 0
    }

    mutating func trimLine() {
      while output.count > lineStart, output[output.count - 1] == UInt8(ascii: " ") { output.removeLast() }
    }
  }

  /// The indexes of the strokes on rows `0..<rows`, by row, then by column, ties in their
  /// order: bucketed by row, then sorted by insertion within each row, which holds a few.
  ///
  /// Texts come cell by cell and a cell's views in their order, so the strokes are nearly in
  /// this order already; a comparison sort still moved every stroke (and its string) a page's
  /// log times, a fifth of drawing the lines.
  ///
  /// - Complexity: O(t + rows) for t strokes in order; O(t log t) at worst.
  private static func rowMajorOrder(of strokes: [Stroke], rows: Int) -> [Int] {
    var starts = [Int](repeating: 0, count: rows + 1)
    for stroke in strokes where stroke.y >= 0 && stroke.y < rows { starts[stroke.y + 1] += 1 }
    for row in 0..<rows { starts[row + 1] += starts[row] }
    var order = [Int](repeating: 0, count: starts[rows])
    var next = starts
    for (index, stroke) in strokes.enumerated() where stroke.y >= 0 && stroke.y < rows {
      order[next[stroke.y]] = index
      next[stroke.y] += 1
    }
    for row in 0..<rows where starts[row + 1] - starts[row] > 1 {
      // A scene built by hand can put any number of texts on one row.
      guard starts[row + 1] - starts[row] <= 16 else {
        order[starts[row]..<starts[row + 1]].sort { strokes[$0].x < strokes[$1].x }
        continue
      }
      for position in (starts[row] + 1)..<starts[row + 1] {
        let index = order[position]
        var slot = position
        while slot > starts[row], strokes[order[slot - 1]].x > strokes[index].x {
          order[slot] = order[slot - 1]
          slot -= 1
        }
        order[slot] = index
      }
    }
    return order
  }
}
