import Testing
import TextLayout
import TranscriptGenerator

/// `VisibleText`'s eight-byte scan finds exactly what a scalar-by-scalar reference finds, at
/// every position in a word, and its result is made of nothing it would replace again.
@Suite struct VisibleTextTests {
  static func referenceNeedsReplacement(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0A, 0x0D: false
      case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }

  @Test func theScanAgreesWithAReferenceOnSeededText() {
    var random = SeededRandom(seed: 42)
    // Plain characters, the lead bytes' neighbours (U+00A0, U+2010, U+2019, U+2065, U+206A)
    // and the characters replaced.
    let pieces = [
      "a", " ", "é", "\u{A0}", "\u{2010}", "\u{2019}", "\u{2065}", "\u{206A}", "日", "😀", "\n", "\r",
    ]
    let replaced = [
      "\u{1B}", "\t", "\u{7F}", "\u{85}", "\u{9F}", "\u{200E}", "\u{202E}", "\u{2069}", "\u{0C}",
    ]
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<random.int(in: 0...40) { text += pieces[random.below(pieces.count)] }
      if random.chance(0.5) {
        var scalars = Array(text.unicodeScalars)
        scalars.insert(
          contentsOf: replaced[random.below(replaced.count)].unicodeScalars,
          at: random.int(in: 0...scalars.count))
        text = String(String.UnicodeScalarView(scalars))
      }
      #expect(
        VisibleText.needsReplacement(text) == Self.referenceNeedsReplacement(text), "\(text.debugDescription)"
      )
      let visible = VisibleText.of(text)
      #expect(!Self.referenceNeedsReplacement(visible))
      #expect(VisibleText.of(visible) == visible)
    }
  }
}
