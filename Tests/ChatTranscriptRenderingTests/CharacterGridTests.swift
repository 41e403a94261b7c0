import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

@testable import ChatTranscriptRendering

/// The grid keeps only what is drawn, and draws what a full grid of cells would.
@Suite struct CharacterGridTests {
  /// A scene 10,000 columns wide with a little text keeps a cell per drawn column, not 10,000
  /// per row; rows with nothing on them hold no cells.
  @Test func memoryFollowsWhatIsDrawnNotTheWidth() {
    let scene = RenderScene(
      width: 10_000, height: 4_096,
      elements: [
        .box(x: 9_980, y: 10, width: 12, height: 2, style: "bubble.outgoing"),
        .text("hello", x: 9_981, y: 10, width: 10, style: "text"),
        .text("日本", x: 3, y: 4_000, width: 10, style: nil),
      ])
    let grid = CharacterGrid(scene)
    let cells = grid.rows.map(\.cells.count).reduce(0, +)
    #expect(cells == 28, "a 12 × 2 box and two 2-column clusters")
    #expect(grid.rows[10].start == 9_980)
    #expect(grid.rows.filter { !$0.cells.isEmpty }.count == 3)
  }

  /// Seeded scenes drawn by the sparse grid and by a plain full grid of strings agree line for
  /// line: elements in any order, overlapping, off the edges, with wide clusters.
  @Test func agreesWithAFullGridOnSeededScenes() {
    var random = SeededRandom(seed: 7)
    // ASCII around other clusters too: drawn as runs of ASCII between them.
    let texts = [
      "hello", "日本語", "🖐🏼x", "a b  c", "é́", "", "\u{1100}\u{1100}\u{1100}", "09:14 · edited",
      "ab\u{200B}cd·ef", "x\u{301}yz", "🖐🏼 hi there", "·ab",
    ]
    for _ in 0..<1_000 {
      let width = random.int(in: 1...30)
      let height = random.int(in: 1...6)
      var elements: [RenderScene.Element] = []
      for _ in 0..<random.int(in: 0...8) {
        let x = random.int(in: -5...35)
        let y = random.int(in: -2...8)
        switch random.int(in: 0...2) {
        case 0:
          elements.append(
            .box(
              x: x, y: y, width: random.int(in: 0...10), height: random.int(in: 0...3),
              style: "bubble.incoming"))
        case 1:
          elements.append(
            .text(
              texts[random.int(in: 0...texts.count - 1)], x: x, y: y, width: random.int(in: 0...12),
              style: nil))
        default:
          elements.append(
            .image(
              description: "photo", x: x, y: y, width: random.int(in: 0...10), height: random.int(in: 0...4),
              style: nil))
        }
      }
      let scene = RenderScene(width: width, height: height, elements: elements)
      #expect(PlainTextRenderer().render(scene) == FullGrid(scene).plainText, "\(scene)")
    }
  }
}

/// The grid as it was: every cell of every row, a string each. Slow and obviously right.
private struct FullGrid {
  var rows: [[String]]
  let width: Int

  init(_ scene: RenderScene) {
    width = scene.width
    rows = Array(repeating: Array(repeating: " ", count: scene.width), count: scene.height)
    for element in scene.elements {
      switch element {
      case .box, .selection: break
      case .text(let text, let x, let y, let width, _):
        write(text, x: x, y: y, limit: x + width)
      case .image(let description, let x, let y, let width, let height, _):
        if width >= 2, height >= 1 {
          if height == 1 {
            write("[", x: x, y: y, limit: x + 1)
            write("]", x: x + width - 1, y: y, limit: x + width)
          } else {
            let horizontal = String(repeating: "─", count: width - 2)
            write("┌" + horizontal + "┐", x: x, y: y, limit: x + width)
            for row in (y + 1)..<(y + height - 1) {
              write("│", x: x, y: row, limit: x + 1)
              write("│", x: x + width - 1, y: row, limit: x + width)
            }
            write("└" + horizontal + "┘", x: x, y: y + height - 1, limit: x + width)
          }
        }
        write(description, x: x + 1, y: y + height / 2, limit: x + width - 1)
      }
    }
  }

  mutating func write(_ text: String, x: Int, y: Int, limit: Int) {
    guard y >= 0, y < rows.count else { return }
    var column = x
    for cluster in GraphemeClusters(text) where cluster.width > 0 {
      if column + cluster.width > min(limit, width) { break }
      if column >= 0 {
        rows[y][column] = String(text[cluster.range])
        for covered in column + 1..<column + cluster.width { rows[y][covered] = "" }
      }
      column += cluster.width
    }
  }

  var plainText: String {
    rows.map { row in
      var line = row.joined()
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
