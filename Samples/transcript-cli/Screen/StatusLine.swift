import ChatTranscript
import ChatTranscriptRendering
import TextLayout

/// The one-row status bar at the bottom of a full-screen display, as plain text exactly as
/// wide as the terminal.
///
/// Parts come from the program (counts, times) but may carry untrusted text (a file name, a
/// diagnostic quoting an id), so everything is made visible with
/// ``RenderScene/visibleText(_:)`` and cut by grapheme widths: the bar can never wrap, scroll
/// the screen or send an escape sequence.
struct StatusLine {
  /// Shown from the left edge; cut when the row is too narrow for both parts.
  var left: String
  /// Shown against the right edge, whole as long as it fits at all: the state that matters
  /// most (the stream has ended, how to quit).
  var right: String

  /// The bar for a row of `columns` cells, padded with spaces to exactly that width.
  func text(columns: Int) -> String {
    let left = Self.singleLine(left)
    let right = Self.singleLine(right)
    let rightWidth = Self.width(of: right)
    guard rightWidth < columns else { return Self.fitted(right, columns: columns) }
    return Self.fitted(left, columns: columns - rightWidth) + right
  }

  /// Whether both parts fit side by side, with at least one space between them.
  func fits(columns: Int) -> Bool {
    Self.width(of: Self.singleLine(left)) + Self.width(of: Self.singleLine(right)) < columns
  }

  /// `text` cut to at most `columns` cells (never in the middle of a grapheme cluster) and
  /// padded with spaces to exactly that width.
  static func fitted(_ text: String, columns: Int) -> String {
    var result = ""
    var used = 0
    for cluster in GraphemeClusters(text) {
      if used + cluster.width > columns { break }
      result += text[cluster.range]
      used += cluster.width
    }
    return result + String(repeating: " ", count: max(columns - used, 0))
  }

  /// The width of `text` in terminal cells.
  static func width(of text: String) -> Int {
    GraphemeClusters(text).reduce(0) { $0 + $1.width }
  }

  /// Untrusted text made visible and kept on one row.
  private static func singleLine(_ text: String) -> String {
    String(
      RenderScene.visibleText(text).unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
  }
}
