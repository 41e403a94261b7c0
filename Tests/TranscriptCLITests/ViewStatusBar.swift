import Foundation

/// What the status bar of `transcript view` says: ` LOADED/TOTAL items · at TOP … layout MS ms …`.
struct ViewStatusBar {
  var loaded: Int
  var total: Int
  var top: Int

  /// Reads the status bar, the last non-empty row of `screen`.
  init?(_ screen: String) {
    guard let line = screen.split(separator: "\n").last,
      let match = line.firstMatch(of: /^ (\d+)\/(\d+) items · at (\d+) +layout +\d+\.\d ms ·/),
      let loaded = Int(match.1), let total = Int(match.2), let top = Int(match.3)
    else { return nil }
    (self.loaded, self.total, self.top) = (loaded, total, top)
  }

  /// The status bar with the layout time (which varies run to run) masked.
  static func masked(_ screen: String) -> String {
    let line = screen.split(separator: "\n").last.map(String.init) ?? ""
    return line.replacing(/layout +\d+\.\d ms/, with: "layout ###.# ms")
  }
}
