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

  /// ``renderedUTF8(_:)`` of the scene `draft` wraps into (``SceneDraft/scene(measurer:lineCache:)``
  /// with this renderer's measurer), drawn from the draft: each line of a label is written from
  /// the label's text where it lies, rather than copied into a string and a scene element of
  /// its own first. The bytes are the same.
  ///
  /// - Parameter lineCache: as for ``SceneDraft/scene(measurer:lineCache:)``.
  public func renderedUTF8(_ draft: SceneDraft, lineCache: LabelLineCache? = nil) -> [UInt8] {
    if let bytes = Self.renderByLines(draft, measurer: measurer, lineCache: lineCache) { return bytes }
    return renderedUTF8(draft.scene(measurer: measurer, lineCache: lineCache))
  }

  /// One text on one row: where it starts, the column it must stop before, and its UTF-8
  /// offsets in `text` (a label's whole text, of which it is one line).
  private struct Stroke {
    var y: Int
    var x: Int
    var limit: Int
    var text: String
    var bytes: Range<Int>
    /// The line's width when every cluster of it is drawn (none has no width), as its
    /// wrapping measured it: the line then goes out as its bytes, without a walk over its
    /// clusters. `nil` walks them.
    var drawnWidth: Int?

    init(y: Int, x: Int, limit: Int, text: String, bytes: Range<Int>? = nil, drawnWidth: Int? = nil) {
      (self.y, self.x, self.limit, self.text, self.drawnWidth) = (y, x, limit, text, drawnWidth)
      self.bytes = bytes ?? 0..<text.utf8.count
    }
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
      case .selection: return nil
      case .text(let text, let x, let y, let width, _):
        strokes.append(Stroke(y: y, x: x, limit: x + width, text: text))
      case .box, .image: add(element, to: &strokes)
      }
    }
    return write(strokes, width: scene.width, height: scene.height)
  }

  /// ``renderByLines(_:)`` of the scene `draft` wraps into, with strokes made from the lines
  /// of its labels where they lie; `nil` when the grid must draw it.
  private static func renderByLines(
    _ draft: SceneDraft, measurer: any TextMeasurer, lineCache: LabelLineCache?
  ) -> [UInt8]? {
    for part in draft.parts {
      if case .element(.selection) = part { return nil }
    }
    var strokes: [Stroke] = []
    strokes.reserveCapacity(draft.height + draft.height / 2)
    let wrapsInColumns = measurer is TerminalTextMeasurer
    for part in draft.parts {
      switch part {
      case .element(let element):
        add(element, to: &strokes)
      case .label(let label):
        label.forEachDrawnLine(measurer: measurer, wrapsInColumns: wrapsInColumns, lineCache: lineCache) {
          text, _, bytes, drawnWidth, y in
          strokes.append(
            Stroke(
              y: y, x: label.x, limit: label.x + label.width, text: text, bytes: bytes, drawnWidth: drawnWidth
            ))
        }
      }
    }
    return write(strokes, width: draft.width, height: draft.height)
  }

  /// The strokes of a scene element that is not a label's line: an image placeholder's
  /// outline and description (boxes draw nothing in plain text, selections are the grid's).
  private static func add(_ element: RenderScene.Element, to strokes: inout [Stroke]) {
    switch element {
    case .box, .selection: return
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

  /// `strokes` written row by row into `height` lines of at most `width` columns; `nil` when
  /// two share columns of a row.
  private static func write(_ strokes: [Stroke], width: Int, height: Int) -> [UInt8]? {
    var lines = Lines(capacity: height * 32)
    for index in Self.rowMajorOrder(of: strokes, rows: height) {
      let stroke = strokes[index]
      while lines.row < stroke.y { lines.endLine() }
      guard lines.draw(stroke, sceneWidth: width) else { return nil }
    }
    while lines.row < height - 1 { lines.endLine() }
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
      var text = stroke.text
      if let width = stroke.drawnWidth, stroke.x >= 0, stroke.x + width <= min(stroke.limit, sceneWidth),
        !stroke.bytes.isEmpty, stroke.bytes.count < Int(CharacterGrid.Cell.covered)
      {
        // Every cluster has a width, none is too long for a cell and the line fits: the walk
        // below would write its bytes as one run, `width` columns from `x`.
        Self.appendSpaces(stroke.x - column, to: &output)
        text.withUTF8 { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[stroke.bytes])) }
        self.output = output
        self.column = stroke.x + width
        return true
      }
      // Clusters drawn back to back come as one run of bytes, whatever their script.
      text.withUTF8 { all in
        CharacterGrid.forEachDrawnCluster(
          inUTF8: UnsafeBufferPointer(rebasing: all[stroke.bytes]), x: stroke.x,
          end: min(stroke.limit, sceneWidth), mergingClusters: true
        ) { start, bytes, width, isRun in
          Self.appendSpaces(start - column, to: &output)
          if isRun {
            output.append(contentsOf: bytes)
          } else {
            CharacterGrid.appendCluster(bytes, to: &output)
          }
          column = start + width
        }
      }
      self.output = output
      self.column = column
      return true
    }

    /// Appends `count` spaces (none when `count` is not positive).
    @inline(__always)
    private static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
      // A few spaces one by one: the generic append of a repeated element cost more.
      if count > 8 {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
      } else if count > 0 {
        for _ in 0..<count { output.append(UInt8(ascii: " ")) }
      }
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
