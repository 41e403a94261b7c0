/// One full-screen picture drawn in place: the transcript's viewport rows and a status bar.
///
/// Every row of the terminal is addressed by absolute cursor position and cleared before it is
/// written (clearing after would erase a last-column character on some terminals), so nothing
/// of an earlier picture survives, no row ever wraps into the next, and the output
/// does not depend on the terminal translating line feeds (raw mode turns that off). The whole
/// picture is one string, written with one system call, so a redraw does not flicker line by
/// line.
struct ScreenFrame {
  /// The viewport as a renderer drew it (ANSI or plain), one entry per row, top first.
  var lines: [String]
  /// The bottom row of the screen.
  var status: StatusLine
  /// The terminal's size in cells.
  var rows: Int
  var columns: Int

  /// The escape sequences and text that draw the frame over whatever the screen shows.
  var rendered: String {
    var output = ""
    let transcriptRows = max(rows - 1, 0)
    for row in 0..<transcriptRows {
      output += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K"
      if row < lines.count { output += lines[row] }
    }
    // Inverse video needs no colour, so the bar stays visible with NO_COLOR too.
    output += "\u{1B}[\(max(rows, 1));1H\u{1B}[0m\u{1B}[2K\u{1B}[7m" + status.text(columns: columns)
    output += "\u{1B}[0m"
    return output
  }
}
