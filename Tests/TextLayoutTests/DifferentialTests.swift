import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// The fast measurer against the slow references, on seeded random chat-like text.
@Suite struct DifferentialTests {
  /// The seed: `TEXTLAYOUT_SEED` if set, so a failure can be replayed, else a fixed one.
  static let seed = SeededRandom.seed(fromEnvironment: "TEXTLAYOUT_SEED", default: 0x5EED_7E47_1A70)

  static let widths = [1, 2, 3, 5, 8, 13, 20, 40, 80]

  /// Pieces of text from many scripts and with the characters the rules single out.
  static let pieces: [String] = [
    // ASCII words and punctuation, in every combination the fast paths look at.
    "hello", "world", "a", "I", "ok", "lol", "x2", "3pm", "what's", "can't", "well,", "yes.",
    "no!", "why?", "(maybe", "less)", "[x]", "{y}", "\"quoted\"", "'single'", "...", "--",
    "e-mail", "#tag", "@bob", "$20", "100%", "1,000", "3.14", "-5", "+1", "(12)", "$(1)",
    "https://example.com/a/b?c=1", "a/b", "C++", "x=y;", "~", "`code`", "\\", "|",
    "(", ")", "[", "]", "{", "}", "\"", "'", ",", ".", "!", "?", ":", ";", "-", "/", "%", "$",
    "+", "#", "&", "*", "=", "<", ">", "0", "7", "«", "»", "“", "”", "‘", "’", "¿", "—", "–",
    "…", "·", "€", "°",
    // Spaces and line breaks.
    " ", " ", " ", "  ", "   ", "\n", "\r\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}",
    "\u{2028}", "\u{2029}",
    // Glue and zero-width characters.
    "\u{00A0}", "\u{202F}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{200D}",
    // CJK, kana, Hangul and jamo.
    "中文", "日本語", "。", "、", "「引用」", "（注）", "ー", "ぁ", "カタカナ", "ｱｲｳ", "ﾞ", "한국어",
    "\u{1100}\u{1161}\u{11A8}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
    // Combining marks, alone and on letters.
    "e\u{0301}", "\u{0301}", "a\u{0308}\u{0323}", "\u{20E3}", "\u{FE0F}", "\u{FE0E}",
    // Emoji: ZWJ sequences, skin tones, VS16, keycaps, flags, lone modifiers.
    "😀", "👍", "👍🏽", "🏽", "👨‍👩‍👧‍👦", "👩🏾‍💻", "❤️", "❤", "⌚", "☺️", "#️⃣", "1️⃣", "🇯🇵",
    "🇫🇷", "🇯", "🏳️‍🌈", "\u{1F8FF}",
    // Arabic, Hebrew, Devanagari, Thai, Cyrillic, Greek.
    "مرحبا", "السلام", "\u{0600}", "\u{0600}1", "שלום", "א-ב", "नमस्ते", "क्षत्रिय", "।", "กินข้าว",
    "привет", "мир", "αβγ",
    // Controls and other oddities.
    "\u{01}", "\u{7F}", "\u{9B}", "\u{FFFD}", "\u{E0041}", "\u{10FFFD}",
  ]

  static func randomText(_ generator: inout SeededRandom) -> String {
    let count = Int.random(in: 0...24, using: &generator)
    var text = ""
    for _ in 0..<count {
      if let piece = pieces.randomElement(using: &generator) { text += piece }
    }
    return text
  }

  /// ASCII chat-like text: words of letters and digits, single spaces, every printable
  /// punctuation character, the odd double space or line break. The scanner's ASCII fast
  /// paths (eight bytes at a time, word by word) see mostly this.
  static func randomASCIIText(_ generator: inout SeededRandom) -> String {
    let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let punctuation = Array("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
    let count = Int.random(in: 0...30, using: &generator)
    var text = ""
    for _ in 0..<count {
      switch Int.random(in: 0..<20, using: &generator) {
      case 0..<9:
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
          text.append(alphanumerics.randomElement(using: &generator) ?? "a")
        }
      case 9..<15: text += " "
      case 15..<18: text.append(punctuation.randomElement(using: &generator) ?? ".")
      case 18: text += "  "
      default: text += Bool.random(using: &generator) ? "\n" : "\t"
      }
    }
    return text
  }

  @Test func measureMatchesReferenceWrapperOnASCII() {
    var generator = SeededRandom(seed: Self.seed ^ 0x3)
    for iteration in 0..<3000 {
      let text = Self.randomASCIIText(&generator)
      if let failure = Self.compareWithReference(text) {
        Issue.record("seed \(Self.seed) iteration \(iteration): \(failure)")
        return
      }
    }
  }

  /// Printable ASCII only, long enough to wrap: what ``PrintableASCIIWrapper`` takes.
  /// Leading and doubled spaces, words longer than a line, numbers with signs and
  /// currency, brackets and quotes before and after spaces, and punctuation runs longer
  /// than the wrapper's look-back (which send it back to the general path).
  static func randomPrintableASCIIText(_ generator: inout SeededRandom) -> String {
    let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let punctuation = Array("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
    let count = Int.random(in: 0...60, using: &generator)
    var text = ""
    for _ in 0..<count {
      switch Int.random(in: 0..<40, using: &generator) {
      case 0..<18:
        for _ in 0..<Int.random(in: 1...9, using: &generator) {
          text.append(alphanumerics.randomElement(using: &generator) ?? "a")
        }
      case 18..<30: text += " "
      case 30..<36: text.append(punctuation.randomElement(using: &generator) ?? ".")
      case 36: text += String(repeating: " ", count: Int.random(in: 2...6, using: &generator))
      case 37:
        for _ in 0..<Int.random(in: 10...90, using: &generator) {
          text.append(alphanumerics.randomElement(using: &generator) ?? "a")
        }
      case 38:
        for _ in 0..<Int.random(in: 10...90, using: &generator) {
          text.append(punctuation.randomElement(using: &generator) ?? ".")
        }
      default:
        text +=
          ["$1.50", "-5", "(12)", "\"quoted\"", "100%", "e-mail", "a/b", "( x )", "+1"]
          .randomElement(using: &generator) ?? "-5"
      }
    }
    return text
  }

  @Test func measureMatchesReferenceWrapperOnPrintableASCII() {
    var generator = SeededRandom(seed: Self.seed ^ 0x5)
    for iteration in 0..<3000 {
      let text = Self.randomPrintableASCIIText(&generator)
      if let failure = Self.compareWithReference(text) {
        Issue.record("seed \(Self.seed) iteration \(iteration): \(failure)")
        return
      }
    }
  }

  @Test func measureMatchesReferenceWrapper() {
    var generator = SeededRandom(seed: Self.seed)
    for iteration in 0..<3000 {
      let text = Self.randomText(&generator)
      if let failure = Self.compareWithReference(text) {
        Issue.record("seed \(Self.seed) iteration \(iteration): \(failure)")
        return
      }
    }
  }

  /// Measures `text` every way at every width; describes the first disagreement.
  static func compareWithReference(_ text: String) -> String? {
    let measurer = TerminalTextMeasurer()
    for width in widths {
      let expected = ReferenceWrapper.wrap(text, maxWidth: width)
      let metrics = measurer.measure(text, maxWidth: width)
      let lines = measurer.lines(of: text, maxWidth: width)
      let bytes = Array(text.utf8)
      let byteMetrics = bytes.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: width) }
      let found = ReferenceWrapper.Result(
        lines: lines.map { String(text[$0.range]) }, widths: lines.map(\.width))
      // A line's width is what `displayWidth` gives its text (clusters are never split).
      let lineWidths = lines.map { displayWidth(of: text[$0.range]) }
      if metrics != expected.metrics || found != expected || byteMetrics.metrics != metrics
        || !byteMetrics.isValidUTF8 || lineWidths != found.widths
      {
        return """
          width \(width): \(text.debugDescription)
          expected \(expected), measured \(metrics), lines \(found), bytes \(byteMetrics)
          """
      }
    }
    return nil
  }

  @Test func breakOpportunitiesMatchReferenceLineBreaker() {
    var generator = SeededRandom(seed: Self.seed ^ 0x1)
    for iteration in 0..<5000 {
      let scalars = Array(Self.randomText(&generator).unicodeScalars)
      let found = LineBreaker.breakOpportunities(in: scalars)
      let expected = ReferenceLineBreaker.breaks(in: scalars)
      let foundByOffset = Dictionary(uniqueKeysWithValues: found.map { ($0.offset, $0.isMandatory) })
      if foundByOffset != expected {
        Issue.record(
          "seed \(Self.seed) iteration \(iteration): \(scalars) expected \(expected), found \(found)")
        return
      }
    }
  }

  @Test func clustersMatchReferenceSegmentation() {
    var generator = SeededRandom(seed: Self.seed ^ 0x2)
    for iteration in 0..<5000 {
      let text = Self.randomText(&generator)
      let scalars = Array(text.unicodeScalars)
      let view = text.unicodeScalars
      let found = GraphemeClusters(text).map { cluster in
        let start = view.distance(from: view.startIndex, to: cluster.range.lowerBound)
        let end = view.distance(from: view.startIndex, to: cluster.range.upperBound)
        return (start..<end, cluster.width)
      }
      let expected = ReferenceGraphemes.clusters(scalars[...]).map {
        ($0, ReferenceGraphemes.width(ofCluster: scalars[$0]))
      }
      if !found.elementsEqual(expected, by: { $0.0 == $1.0 && $0.1 == $1.1 })
        || displayWidth(of: text) != expected.reduce(0, { $0 + $1.1 })
      {
        Issue.record("seed \(Self.seed) iteration \(iteration): \(text.debugDescription)")
        return
      }
    }
  }
}
