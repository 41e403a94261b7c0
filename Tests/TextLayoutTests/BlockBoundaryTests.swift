import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// The sixteen-byte paths of the scanner (printable runs, word starts) against the slow
/// reference, at the edges of the blocks: text lengths around 16, 32 and 48 bytes, a space
/// or a character that is not printable ASCII at each position of a block, and lines that
/// end exactly at a block boundary.
@Suite struct BlockBoundaryTests {
  /// The seed: `TEXTLAYOUT_SEED` if set, so a failure can be replayed, else a fixed one.
  static let seed = SeededRandom.seed(fromEnvironment: "TEXTLAYOUT_SEED", default: 0xB10C_16)

  /// Widths whose lines end at, just before and just after block boundaries.
  static let widths = [1, 4, 7, 15, 16, 17, 31, 32, 33, 47, 48, 49, 60]

  /// Characters that end a run of printable ASCII: two-, three- and four-byte scalars, a
  /// combining mark (which joins the cluster before it), controls and line breaks, glue.
  static let interruptions = ["é", "—", "😀", "\u{0301}", "\t", "\n", "\u{00A0}", "中"]

  /// Words of letters and digits, single and double spaces, and the punctuation the fast
  /// paths treat specially.
  static func randomASCII(length: Int, _ generator: inout SeededRandom) -> [UInt8] {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    let punctuation = Array(",.'!?-/|()$%\"".utf8)
    var bytes: [UInt8] = []
    while bytes.count < length {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<6: bytes.append(letters.randomElement(using: &generator) ?? 0x61)
      case 6..<8: bytes.append(0x20)
      case 8: bytes += [0x20, 0x20]
      default: bytes.append(punctuation.randomElement(using: &generator) ?? 0x2C)
      }
    }
    return Array(bytes.prefix(length))
  }

  /// Words of `wordLength` letters separated by single spaces: with W = `wordLength` + 1,
  /// every line ends at a multiple of W bytes.
  static func words(of wordLength: Int, count: Int) -> String {
    Array(repeating: String(repeating: "w", count: wordLength), count: count).joined(separator: " ")
  }

  @Test func lengthsAroundBlockSizes() {
    var generator = SeededRandom(seed: Self.seed)
    for length in Array(0...2) + Array(13...19) + Array(29...35) + Array(45...51) + Array(62...66) {
      for _ in 0..<4 {
        let text = String(decoding: Self.randomASCII(length: length, &generator), as: UTF8.self)
        if let failure = Self.compareWithReference(text) {
          Issue.record("seed \(Self.seed) length \(length): \(failure)")
          return
        }
      }
    }
  }

  @Test func spaceAtEachPositionOfABlock() {
    var generator = SeededRandom(seed: Self.seed ^ 0x1)
    for position in 0..<48 {
      var bytes = Array(repeating: UInt8(ascii: "x"), count: 50)
      bytes[position] = 0x20
      // And the same within random text.
      var mixed = Self.randomASCII(length: 50, &generator)
      mixed[position] = 0x20
      for text in [bytes, mixed].map({ String(decoding: $0, as: UTF8.self) }) {
        if let failure = Self.compareWithReference(text) {
          Issue.record("seed \(Self.seed) space at \(position): \(failure)")
          return
        }
      }
    }
  }

  @Test func otherCharacterAtEachPositionOfABlock() {
    var generator = SeededRandom(seed: Self.seed ^ 0x2)
    for position in 0..<48 {
      for interruption in Self.interruptions {
        let before = String(decoding: Self.randomASCII(length: position, &generator), as: UTF8.self)
        let after = String(decoding: Self.randomASCII(length: 48 - position, &generator), as: UTF8.self)
        let text = before + interruption + after
        if let failure = Self.compareWithReference(text) {
          Issue.record("seed \(Self.seed) \(interruption.debugDescription) at \(position): \(failure)")
          return
        }
      }
    }
  }

  @Test func linesEndingAtBlockBoundaries() {
    // Lines of exactly 16 and 32 columns, with the spaces after them at the block
    // boundaries, and the same text cut short or followed by something else.
    for wordLength in [7, 15, 16, 31, 32] {
      for count in 1...4 {
        let text = Self.words(of: wordLength, count: count)
        for suffix in ["", " ", "  ", "é", " é", "x", "\n"] {
          if let failure = Self.compareWithReference(text + suffix, widths: [wordLength, wordLength + 1]) {
            Issue.record("words of \(wordLength): \(failure)")
            return
          }
        }
      }
    }
  }

  /// Measures `text` every way at every width; describes the first disagreement with the
  /// reference.
  static func compareWithReference(_ text: String, widths: [Int] = widths) -> String? {
    let measurer = TerminalTextMeasurer()
    for width in widths {
      let expected = ReferenceWrapper.wrap(text, maxWidth: width)
      let metrics = measurer.measure(text, maxWidth: width)
      let lines = measurer.lines(of: text, maxWidth: width)
      let byteMetrics = Array(text.utf8).withUnsafeBufferPointer {
        measurer.measure(utf8: $0, maxWidth: width)
      }
      let found = ReferenceWrapper.Result(
        lines: lines.map { String(text[$0.range]) }, widths: lines.map(\.width))
      if metrics != expected.metrics || found != expected || byteMetrics.metrics != metrics {
        return """
          width \(width): \(text.debugDescription)
          expected \(expected), measured \(metrics), lines \(found), bytes \(byteMetrics)
          """
      }
    }
    return nil
  }
}
