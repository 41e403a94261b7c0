import TextLayout

/// A scene rasterized into terminal cells: what the plain-text and ANSI renderers print.
///
/// Each cell holds one grapheme cluster (a cluster n columns wide fills its cell and blanks
/// the n - 1 after it) and the styles of the box below it and the text on it.
///
/// Only what is drawn takes memory: each row keeps the cells from its first drawn column to
/// its last, a cell is 12 bytes (its cluster's bytes live in one buffer shared by the grid,
/// its styles are indexes into one list of names), and rows with nothing on them are empty.
/// A page of a transcript drawn 10,000 columns wide costs what its bubbles and text cost, not
/// 10,000 cells per row.
struct CharacterGrid {
  struct Cell {
    /// Where the cluster's UTF-8 bytes start in ``CharacterGrid/bytes``.
    var textStart: UInt32 = 0
    /// The cluster's length in bytes; ``blank`` for a space, ``covered`` for a cell a wider
    /// cluster to its left covers.
    var textLength: UInt16 = Cell.blank
    /// Indexes into ``CharacterGrid/styleNames``; 0 is no style.
    var boxStyle: UInt16 = 0
    var textStyle: UInt16 = 0

    static let blank: UInt16 = 0
    static let covered: UInt16 = .max

    var isBlank: Bool { textLength == Self.blank }
  }

  /// Whether `cell` shows a space: blank, or a space written by text.
  func isSpace(_ cell: Cell) -> Bool {
    cell.isBlank || (cell.textLength == 1 && bytes[Int(cell.textStart)] == UInt8(ascii: " "))
  }

  /// One row: the cells of columns `start..<start + cells.count`; the columns around them are
  /// blank and unstyled.
  struct Row {
    var start = 0
    var cells: [Cell] = []
  }

  private(set) var rows: [Row]
  let width: Int
  /// The clusters' UTF-8 bytes.
  private(set) var bytes: [UInt8] = []
  /// Style names by index; index 0 stands for no style.
  private(set) var styleNames: [String?] = [nil]
  private var styleIndexes: [String: UInt16] = [:]
  /// The selection bands drawn, for ``markSelectedLines()``.
  private var selections: [(x: Int, y: Int, width: Int, height: Int)] = []

  init(_ scene: RenderScene) {
    width = scene.width
    rows = Array(repeating: Row(), count: scene.height)
    for element in scene.elements {
      switch element {
      case .box(let x, let y, let width, let height, let style):
        let style = index(of: style)
        fill(x: x, y: y, width: width, height: height) { $0.boxStyle = style }
      case .text(let text, let x, let y, let width, let style):
        write(text, x: x, y: y, limit: x + width, style: index(of: style))
      case .image(let description, let x, let y, let width, let height, let style):
        drawImage(
          description: description, x: x, y: y, width: width, height: height, style: index(of: style))
      case .selection(let x, let y, let width, let height):
        let style = index(of: RenderPalette.selectionStyleName)
        fill(x: x, y: y, width: width, height: height) { $0.boxStyle = style }
        selections.append((x, y, width, height))
      }
    }
  }

  /// Marks each line of every selection band where colour cannot show it: `▌` in the band's
  /// first column when nothing is drawn there, else `▐` in its last column when nothing is
  /// drawn there (an incoming bubble's avatar takes the first column, an outgoing bubble's
  /// tail the last), else nothing. Lines keep their width.
  mutating func markSelectedLines() {
    for band in selections {
      for y in max(band.y, 0)..<max(min(band.y + band.height, rows.count), max(band.y, 0)) {
        let first = max(band.x, 0)
        let last = min(band.x + band.width, width) - 1
        guard first <= last else { continue }
        if isBlank(column: first, row: y) {
          write("▌", x: first, y: y, limit: first + 1, style: 0)
        } else if isBlank(column: last, row: y) {
          write("▐", x: last, y: y, limit: last + 1, style: 0)
        }
      }
    }
  }

  /// Whether nothing is written in `column` of `row` (a box may be).
  private func isBlank(column: Int, row: Int) -> Bool {
    let cells = rows[row].cells
    let offset = column - rows[row].start
    return !cells.indices.contains(offset) || cells[offset].isBlank
  }

  /// The text of `cell`: its cluster, a space, or nothing for a covered cell.
  func text(of cell: Cell) -> Substring {
    switch cell.textLength {
    case Cell.blank: " "
    case Cell.covered: ""
    default:
      bytes.withUnsafeBufferPointer { buffer in
        let start = Int(cell.textStart)
        return Substring(
          String(decoding: buffer[start..<start + Int(cell.textLength)], as: UTF8.self))
      }
    }
  }

  /// Appends the UTF-8 bytes of `cell`'s text to `output`.
  func appendText(of cell: Cell, to output: inout [UInt8]) {
    switch cell.textLength {
    case Cell.blank: output.append(UInt8(ascii: " "))
    case Cell.covered: break
    default:
      let start = Int(cell.textStart)
      output.append(contentsOf: bytes[start..<start + Int(cell.textLength)])
    }
  }

  func styleName(_ index: UInt16) -> String? { styleNames[Int(index)] }

  private mutating func index(of style: String?) -> UInt16 {
    guard let style else { return 0 }
    if let index = styleIndexes[style] { return index }
    // More distinct styles than an index holds draw unstyled rather than trap.
    guard styleNames.count < Int(UInt16.max) else { return 0 }
    let index = UInt16(styleNames.count)
    styleNames.append(style)
    styleIndexes[style] = index
    return index
  }

  /// Makes row `y` hold columns `first..<end` (clamped to the grid) and runs `body` on each.
  private mutating func update(row y: Int, columns first: Int, _ end: Int, _ body: (inout Cell) -> Void) {
    let first = max(first, 0)
    let end = min(end, width)
    guard y >= 0, y < rows.count, first < end else { return }
    if rows[y].cells.isEmpty {
      rows[y].start = first
    } else if first < rows[y].start {
      rows[y].cells.insert(contentsOf: repeatElement(Cell(), count: rows[y].start - first), at: 0)
      rows[y].start = first
    }
    let needed = end - rows[y].start
    if rows[y].cells.count < needed {
      rows[y].cells.append(contentsOf: repeatElement(Cell(), count: needed - rows[y].cells.count))
    }
    let start = rows[y].start
    for column in first..<end { body(&rows[y].cells[column - start]) }
  }

  private mutating func fill(x: Int, y: Int, width: Int, height: Int, _ body: (inout Cell) -> Void) {
    for row in max(y, 0)..<max(min(y + height, rows.count), max(y, 0)) {
      update(row: row, columns: x, x + width, body)
    }
  }

  /// Draws an image placeholder: its outline, then its description across the middle.
  private mutating func drawImage(
    description: String, x: Int, y: Int, width: Int, height: Int, style: UInt16
  ) {
    for stroke in Self.imageStrokes(description: description, x: x, y: y, width: width, height: height) {
      write(stroke.text, x: stroke.x, y: stroke.y, limit: stroke.limit, style: style)
    }
  }

  /// The texts an image placeholder is drawn with, in drawing order: an outline in
  /// box-drawing characters (brackets only for a box one row high), then the description
  /// across the middle row.
  static func imageStrokes(description: String, x: Int, y: Int, width: Int, height: Int)
    -> [(text: String, x: Int, y: Int, limit: Int)]
  {
    var strokes: [(text: String, x: Int, y: Int, limit: Int)] = []
    if width >= 2, height == 1 {
      strokes.append(("[", x, y, x + 1))
      strokes.append(("]", x + width - 1, y, x + width))
    } else if width >= 2, height > 1 {
      let horizontal = String(repeating: "─", count: width - 2)
      strokes.append(("┌" + horizontal + "┐", x, y, x + width))
      for row in (y + 1)..<(y + height - 1) {
        strokes.append(("│", x, row, x + 1))
        strokes.append(("│", x + width - 1, row, x + width))
      }
      strokes.append(("└" + horizontal + "┘", x, y + height - 1, x + width))
    }
    strokes.append((description, x + 1, y + height / 2, x + width - 1))
    return strokes
  }

  /// Writes `text` from column `x` of row `y`, stopping before column `limit` or the edge.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int, style: UInt16) {
    guard y >= 0, y < rows.count else { return }
    Self.forEachDrawnCluster(of: text, x: x, end: min(limit, width)) { column, source, width, isASCIIRun in
      var start = UInt32(truncatingIfNeeded: bytes.count)
      if isASCIIRun {
        bytes.append(contentsOf: source)
        update(row: y, columns: column, column + width) { cell in
          cell.textStart = start
          cell.textLength = 1
          cell.textStyle = style
          start &+= 1
        }
        return
      }
      Self.appendCluster(source, to: &bytes)
      let length = UInt16(bytes.count - Int(start))
      // A cluster wider than one column covers the cells after it (three for 🖐🏼 and its
      // skin tone, by the width rules).
      update(row: y, columns: column, column + width) { cell in
        cell.textLength = Cell.covered
        cell.textStyle = style
      }
      update(row: y, columns: column, column + 1) { cell in
        cell.textStart = start
        cell.textLength = length
      }
    }
  }

  /// Walks the clusters of `text` drawn from column `x` up to column `end`, as every renderer
  /// draws text: clusters of no width are left out, drawing stops at the first cluster that
  /// does not fit, and clusters left of column 0 are skipped (but take their columns).
  ///
  /// `body` gets each drawn cluster's column, UTF-8 bytes and width; printable ASCII, where
  /// every byte is a cluster one column wide, comes as one run of bytes (`isASCIIRun`).
  ///
  /// - Parameter mergingClusters: Whether every cluster a cell can hold joins the runs too:
  ///   a run is then drawn clusters back to back, `width` columns in all, for a caller that
  ///   writes bytes as they come (plain text) rather than a cell per cluster. Text in Chinese
  ///   or Japanese then costs a call per run rather than per character.
  static func forEachDrawnCluster(
    of text: String, x: Int, end: Int, mergingClusters: Bool = false,
    _ body: (_ column: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ width: Int, _ isASCIIRun: Bool) -> Void
  ) {
    var utf8 = text
    utf8.withUTF8 { source in
      forEachDrawnCluster(inUTF8: source, x: x, end: end, mergingClusters: mergingClusters, body)
    }
  }

  /// ``forEachDrawnCluster(of:x:end:mergingClusters:_:)`` of text given as its UTF-8 bytes
  /// (a line lying in the text it was wrapped from).
  static func forEachDrawnCluster(
    inUTF8 source: UnsafeBufferPointer<UInt8>, x: Int, end: Int, mergingClusters: Bool = false,
    _ body: (_ column: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ width: Int, _ isASCIIRun: Bool) -> Void
  ) {
    if source.allSatisfy({ $0 &- 0x20 < 0x5F }) {
      let first = max(x, 0)
      let stop = min(end, x + source.count)
      if first < stop {
        body(first, UnsafeBufferPointer(rebasing: source[(first - x)..<(stop - x)]), stop - first, true)
      }
      return
    }
    // Printable ASCII clusters drawn one after another go out as one run, as in an
    // all-ASCII text: a footer's `·` or one emoji no longer costs every letter a call.
    var walk = DrawnClusterWalk(column: x, end: end, mergesClusters: mergingClusters)
    GraphemeClusters.forEachCluster(inUTF8: source) { cluster, width in
      walk.add(cluster, width: width, of: source, body)
    }
    walk.flushRun(of: source, body)
  }

  /// Appends a cluster's bytes; one longer than a cell can say is drawn as U+FFFD.
  static func appendCluster(_ cluster: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    if cluster.count < Int(Cell.covered) {
      output.append(contentsOf: cluster)
    } else {
      output.append(contentsOf: [0xEF, 0xBF, 0xBD])
    }
  }
}

/// The state of ``CharacterGrid/forEachDrawnCluster(of:x:end:_:)`` over text that is not all
/// printable ASCII: the next column, and the run of printable ASCII bytes (or of any clusters,
/// when it merges them) not yet handed on.
private struct DrawnClusterWalk {
  var column: Int
  let end: Int
  let mergesClusters: Bool
  var run = 0..<0
  var runColumn = 0
  var runWidth = 0

  init(column: Int, end: Int, mergesClusters: Bool) {
    self.column = column
    self.end = end
    self.mergesClusters = mergesClusters
  }

  mutating func add(
    _ cluster: Range<Int>, width: Int, of source: UnsafeBufferPointer<UInt8>,
    _ body: (Int, UnsafeBufferPointer<UInt8>, Int, Bool) -> Void
  ) {
    guard width > 0, column <= end else { return }
    guard column + width <= end else {
      column = end + 1  // Nothing after a cluster that does not fit is drawn.
      return
    }
    if column >= 0 {
      let joinsRun =
        mergesClusters
        ? cluster.count < Int(CharacterGrid.Cell.covered)
        : cluster.count == 1 && source[cluster.lowerBound] &- 0x20 < 0x5F
      if joinsRun {
        if run.isEmpty || run.upperBound != cluster.lowerBound {
          flushRun(of: source, body)
          run = cluster.lowerBound..<cluster.lowerBound
          runColumn = column
          runWidth = 0
        }
        run = run.lowerBound..<cluster.upperBound
        runWidth += width
      } else {
        flushRun(of: source, body)
        body(column, UnsafeBufferPointer(rebasing: source[cluster]), width, false)
      }
    }
    column += width
  }

  mutating func flushRun(
    of source: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>, Int, Bool) -> Void
  ) {
    guard !run.isEmpty else { return }
    body(runColumn, UnsafeBufferPointer(rebasing: source[run]), runWidth, true)
    run = 0..<0
  }
}
