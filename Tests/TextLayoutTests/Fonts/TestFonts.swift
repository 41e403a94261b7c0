import Foundation
import TextLayout

/// The fonts the tests read from the system: Debian's fonts-dejavu-core, which `.ci/run`
/// installs. A missing font fails the test that needs it, never skips it.
enum TestFonts {
  static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  struct Missing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is missing: install Debian's fonts-dejavu-core" }
  }

  /// The bytes of DejaVu Sans.
  static func dejaVuSansBytes() throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: dejaVuSansPath) else {
      throw Missing(path: dejaVuSansPath)
    }
    return [UInt8](data)
  }

  /// DejaVu Sans, read.
  static func dejaVuSans() throws -> Font {
    try Font(bytes: try dejaVuSansBytes())
  }
}

/// The fontTools fixture as values.
enum DejaVuSansFacts {
  struct Glyph {
    var scalar: UInt32
    var glyph: Int
    var advance: Int
    var isMark: Bool
  }

  struct Pair {
    var left: UInt32
    var right: UInt32
    var latin: Int
    var other: Int
  }

  /// The fixture's glyph rows; a row that does not parse is left out, and the tests that count
  /// rows notice.
  static let glyphs: [Glyph] = numbers(DejaVuSansFixture.glyphs, radixes: [16, 10, 10, 10]).map {
    Glyph(scalar: UInt32($0[0]), glyph: $0[1], advance: $0[2], isMark: $0[3] == 1)
  }

  /// The fixture's kerning rows.
  static let pairs: [Pair] = numbers(DejaVuSansFixture.kerning, radixes: [16, 16, 10, 10]).map {
    Pair(left: UInt32($0[0]), right: UInt32($0[1]), latin: $0[2], other: $0[3])
  }

  /// The rows of `text` whose fields all parse in the given radixes.
  private static func numbers(_ text: String, radixes: [Int]) -> [[Int]] {
    rows(text).compactMap { fields in
      let values = zip(fields, radixes).compactMap { Int($0, radix: $1) }
      return values.count == radixes.count && fields.count == radixes.count ? values : nil
    }
  }

  private static func rows(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
  }
}
