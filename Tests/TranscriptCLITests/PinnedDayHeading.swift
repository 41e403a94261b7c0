/// What a terminal screen shows of a whole `render`: the same rows, except that the top row
/// shows the day the screen is in. Day separators are pinned headings one row high; a screen
/// keeps the last one at or above its top row drawn there, while `render` draws each day once,
/// where it is.
enum PinnedDayHeading {
  /// Rows `top..<top + count` of `lines` (empty past the end) as a screen starting there shows
  /// them.
  static func screen(of lines: [String], from top: Int, rows count: Int) -> [String] {
    var screen = (top..<top + count).map { $0 < lines.count ? lines[$0] : "" }
    if top > 0, top < lines.count, let day = lines[...top].last(where: isDayHeading) { screen[0] = day }
    return screen
  }

  /// Whether `line` is a day separator as drawn: `Sat 21 Nov 2026`, centred.
  static func isDayHeading(_ line: String) -> Bool {
    let words = line.split(separator: " ")
    return words.count == 4 && words[0].count == 3 && words[2].count == 3 && words[3].count == 4
      && words[1].allSatisfy(\.isNumber) && words[3].allSatisfy(\.isNumber)
  }
}
