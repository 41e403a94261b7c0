import ChatTranscript
import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

@testable import ChatTranscriptMessages

/// The quote line cut in points by one pass over the line, against the cut it replaced: a
/// bisection that measures every try.
@Suite struct QuoteLineDifferentialTests {
  static let seed = SeededRandom.seed(fromEnvironment: "QUOTE_SEED", default: 0x9_007E)

  static let pieces: [String] = [
    "Lunch", "at", "noon?", "office", "affluent", "fi", "AV", "To", "Wa", "yo,", "I", "a", "ok",
    " ", " ", " ", "  ", "   ", "\n", "\r\n", "\t", "\u{01}", "\u{7F}", "\u{85}", "\u{2028}", "\u{200F}",
    "中文", "日本語", "한국어", "ｱｲｳ", "e\u{0301}", "\u{0301}", "a\u{0308}\u{0323}", "\u{FE0F}",
    "😀", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "#️⃣", "🇯🇵", "🏳️‍🌈", "\u{200D}", "\u{00AD}", "\u{200B}", "\u{00A0}",
    "مرحبا", "\u{644}\u{627}", "\u{0600}", "שלום", "नमस्ते", "привет", "αβγ", "…", "—", "1,000",
  ]

  static func randomText(_ generator: inout SeededRandom, pieces count: ClosedRange<Int>) -> String {
    var text = ""
    for _ in 0..<Int.random(in: count, using: &generator) {
      if let piece = pieces.randomElement(using: &generator) { text += piece }
    }
    return text
  }

  static func randomQuote(_ generator: inout SeededRandom) -> MessageQuote {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: return .deleted
    case 1: return .notLoaded
    default:
      let sender =
        Bool.random(using: &generator)
        ? ["ann", "Bob", "", "Zoë", "a\nb"].randomElement(using: &generator) ?? ""
        : randomText(&generator, pieces: 0...3)
      return .message(sender: sender, text: randomText(&generator, pieces: 0...60))
    }
  }

  @Test func pointCutsMatchTheBisectionThatMeasuredEveryTry() throws {
    let measurer = ItemTextMeasurer(
      itemID: "quote", measurer: try TestFont.dejaVuSansMeasurer(), cache: TextMetricsCache(capacity: 0))
    var generator = SeededRandom(seed: Self.seed)
    for iteration in 0..<1500 {
      let quote = Self.randomQuote(&generator)
      let width = [0, 1, 5, 12, 40, 90, 180, 266, 400].randomElement(using: &generator) ?? 90
      let expected = Reference.line(quote, fittingIn: width, measuredBy: measurer)
      let measured = quote.measuredLine(fittingIn: width, measuredBy: measurer)
      if measured.line != expected || measured.width != measurer.width(of: expected) {
        Issue.record(
          "seed \(Self.seed) iteration \(iteration) width \(width) \(quote): \(measured), expected \(expected)"
        )
        return
      }
      #expect(quote.line(fittingIn: width, measuredBy: measurer) == expected)
    }
  }

  @Test func columnsAreTheColumnCut() {
    let measurer = ItemTextMeasurer(
      itemID: "quote", measurer: TerminalTextMeasurer(), cache: TextMetricsCache(capacity: 0))
    var generator = SeededRandom(seed: Self.seed ^ 0xC01)
    for _ in 0..<500 {
      let quote = Self.randomQuote(&generator)
      let width = Int.random(in: 0...50, using: &generator)
      let measured = quote.measuredLine(fittingIn: width, measuredBy: measurer)
      #expect(measured.line == quote.line(fittingIn: width))
      #expect(measured.width == displayWidth(of: measured.line))
    }
  }

  /// The column cut, read as bytes in one walk, against the plain reading: the line's scalars
  /// up to its first break, then clusters taken one by one while they fit with the ellipsis.
  @Test func columnCutsMatchTakingClustersOneByOne() {
    var generator = SeededRandom(seed: Self.seed ^ 0xC07)
    for iteration in 0..<3_000 {
      let quote = Self.randomQuote(&generator)
      let columns = Int.random(in: 0...70, using: &generator)
      let expected = Reference.columnLine(quote, fittingIn: columns)
      let (line, width) = quote.cellLine(fittingIn: columns)
      // The width comes from the same walk; it is the drawn line's own.
      guard line == expected, width == displayWidth(of: expected), line == quote.line(fittingIn: columns)
      else {
        Issue.record(
          "seed \(Self.seed) iteration \(iteration) columns \(columns) \(quote): expected \(expected), got \(line) (\(width) columns)"
        )
        return
      }
    }
  }

  /// Quotes in printable ASCII, as most are, take a path of their own: it must cut exactly
  /// as the plain reading does, also where ASCII meets a line break, a control, a combining
  /// mark or an emoji just past the cut.
  @Test func printableASCIICutsMatchTakingClustersOneByOne() {
    let pieces = [
      "a", "ok", "Lunch", "at", "noon?", " ", "  ", "   ", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\t",
      "\u{01}", "\u{7F}", "\u{0301}", "\u{FE0F}", "é", "😀", "~!@#$%^&*()_+{}|:<>?",
      String(repeating: "x", count: 40),
    ]
    var generator = SeededRandom(seed: Self.seed ^ 0xA5C)
    func text(_ count: ClosedRange<Int>) -> String {
      var text = ""
      for _ in 0..<Int.random(in: count, using: &generator) {
        // Mostly printable ASCII, so the lines that leave it do so anywhere along them.
        let piece =
          Int.random(in: 0..<4, using: &generator) == 0
          ? pieces.randomElement(using: &generator) : pieces.prefix(9).randomElement(using: &generator)
        text += piece ?? ""
      }
      return text
    }
    for iteration in 0..<4_000 {
      let quote = MessageQuote.message(sender: text(0...2), text: text(0...30))
      let columns = Int.random(in: 0...70, using: &generator)
      let expected = Reference.columnLine(quote, fittingIn: columns)
      let (line, width) = quote.cellLine(fittingIn: columns)
      guard line == expected, width == displayWidth(of: expected) else {
        Issue.record(
          "seed \(Self.seed) iteration \(iteration) columns \(columns) \(quote): expected \(expected), got \(line) (\(width) columns)"
        )
        return
      }
    }
  }

  /// The quote line as it was cut before: the same line read, then the most clusters that fit
  /// with the ellipsis found by bisection, measuring each try.
  enum Reference {
    static func line(_ quote: MessageQuote, fittingIn width: Int, measuredBy measurer: ItemTextMeasurer)
      -> String
    {
      guard width > 0 else { return "" }
      let visible = fullLine(quote, readLimit: 4 * width + 8)
      guard measurer.width(of: visible) > width else { return visible }
      let ends = GraphemeClusters(visible).map(\.range.upperBound)
      var fitting = 0
      var tooMany = ends.count
      while tooMany - fitting > 1 {
        let middle = (fitting + tooMany) / 2
        if measurer.width(of: ellipsized(String(visible[..<ends[middle - 1]]))) <= width {
          fitting = middle
        } else {
          tooMany = middle
        }
      }
      return ellipsized(fitting == 0 ? "" : String(visible[..<ends[fitting - 1]]))
    }

    static func columnLine(_ quote: MessageQuote, fittingIn columns: Int) -> String {
      guard columns > 0 else { return "" }
      let visible = fullLine(quote, readLimit: 4 * columns + 8)
      guard displayWidth(of: visible) > columns else { return visible }
      var end = visible.startIndex
      var width = 0
      for cluster in GraphemeClusters(visible) {
        guard width + cluster.width + 1 <= columns else { break }
        end = cluster.range.upperBound
        width += cluster.width
      }
      return ellipsized(String(visible[..<end]))
    }

    static func fullLine(_ quote: MessageQuote, readLimit: Int) -> String {
      let full: String
      switch quote {
      case .message(let sender, let text):
        let firstLine = text.unicodeScalars.prefix(readLimit).prefix { !breaksLine($0) }
        let name = String(
          String.UnicodeScalarView(sender.unicodeScalars.prefix(readLimit).map { breaksLine($0) ? " " : $0 }))
        full = "> " + (name.isEmpty ? "" : name + ": ") + String(String.UnicodeScalarView(firstLine))
      case .deleted: full = "> message deleted"
      case .notLoaded: full = "> message not loaded"
      }
      return VisibleText.of(full)
    }

    static func ellipsized(_ cut: String) -> String {
      var cut = cut
      while cut.last == " " { cut.removeLast() }
      return cut + "…"
    }

    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
      default: false
      }
    }
  }
}
