import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import Foundation
import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

/// Heights and drawing agree for every message: a row is measured on exactly the text that is
/// drawn, so every wrapped line of every label is drawn inside its label, its cell and the
/// viewport, and nothing a sender writes can hide the end of a message.
///
/// The corpus mixes the Unicode grapheme test file's sequences (emoji, Hangul, regional
/// indicators, prepends), every C0 and C1 control, bidi controls, combining runs, clusters
/// wider than two columns, long words, line breaks and plain words, seeded. Messages quote one
/// another's texts, are edited or deleted, and carry reactions cut from the corpus, so quote
/// lines, tombstones and wrapped reactions lines are held to the same rule.
@Suite struct DrawnTextAgreementTests {
  static let corpus: [String] = {
    var random = SeededRandom(seed: 15)
    let sequences = graphemeTestSequences()
    let controls =
      (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}"]
      + (0x80...0x9F).compactMap { Unicode.Scalar(UInt32($0)).map(String.init) }
    let bidi =
      ["\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}"]
      + ["\u{2067}", "\u{2068}", "\u{2069}"]
    let wide = ["🖐🏼", String(repeating: "\u{1100}", count: 5), "👩‍👩‍👧‍👦", "日本語", "🇯🇵"]
    let words = ["hello", "world", "a", "chat", "the", "transcript", "ok", "😀", "é"]
    func piece() -> String {
      switch random.below(9) {
      case 0: sequences[random.below(sequences.count)]
      case 1: controls[random.below(controls.count)]
      case 2: bidi[random.below(bidi.count)]
      case 3: "e" + String(repeating: "\u{301}", count: random.int(in: 1...6))
      case 4: wide[random.below(wide.count)]
      case 5: String(repeating: "x", count: random.int(in: 20...150))
      case 6: ["\n", "\r\n", "\u{2028}", "\u{2029}", "  "][random.below(5)]
      default: words[random.below(words.count)] + " "
      }
    }
    return (0..<48).map { _ in (0..<random.int(in: 1...14)).map { _ in piece() }.joined() }
  }()

  /// The scalar sequences of the lines of GraphemeBreakTest.txt.
  static func graphemeTestSequences() -> [String] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TextLayoutTests/Vectors/GraphemeBreakTest.txt").path
    guard let file = try? String(contentsOfFile: path, encoding: .utf8) else { return ["\u{1F476}\u{1F3FF}"] }
    return file.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#"), let cases = line.split(separator: "#").first else { return nil }
      let scalars = cases.split(separator: " ").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
    }
  }

  /// What message `index` quotes: another corpus text (its sender a corpus text too), a deleted
  /// message, a message not loaded, or nothing.
  static func quote(_ index: Int, corpus: [String]) -> MessageQuote? {
    switch index % 5 {
    case 1: .message(sender: corpus[(index + 7) % corpus.count], text: corpus[(index + 1) % corpus.count])
    case 2: .message(sender: "ann", text: corpus[(index + 3) % corpus.count])
    case 3: index % 2 == 0 ? .deleted : .notLoaded
    default: nil
    }
  }

  /// Reactions cut from the corpus: up to eight pieces of a text, with counts of every width.
  static func reactions(_ index: Int, corpus: [String]) -> [MessageReaction] {
    guard index % 3 != 1 else { return [] }
    let text = Array(corpus[(index + 5) % corpus.count])
    let pieces = stride(from: 0, to: min(text.count, 24), by: 3).map {
      String(text[$0..<min($0 + 3, text.count)])
    }
    return pieces.enumerated().map { offset, piece in
      MessageReaction(reaction: piece, count: [0, 1, 12, 1_000_000_000][(index + offset) % 4])
    }
  }

  /// The corpus as messages, laid out `width` columns wide and scrolled to the top, in a
  /// viewport as tall as the content; with the data source, which the controller does not keep.
  static func controller(width: Int) -> (ChatTranscriptController, ArrayDataSource) {
    let corpus = Self.corpus
    return controller(
      width: width,
      items: corpus.enumerated().map { index, text in
        TextMessageItem(
          message: MessageModel(
            id: "m\(index)", type: "text", sender: index % 3 == 0 ? "bob\u{1B}[31m" : "ann",
            isIncoming: index % 2 == 0,
            date: Timestamp(secondsSince1970: 1_800_000_000 + Int64(index) * 60), status: .sent,
            isEdited: index % 4 == 0, isDeleted: index % 6 == 4, quote: Self.quote(index, corpus: corpus),
            reactions: Self.reactions(index, corpus: corpus)),
          text: text)
      })
  }

  /// `items` laid out `width` columns wide as ``controller(width:)`` lays out the corpus.
  static func controller(width: Int, items: [any ChatItem]) -> (ChatTranscriptController, ArrayDataSource) {
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(width), height: 10))
    let dataSource = ArrayDataSource(items)
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    controller.setViewportSize(width: Double(width), height: controller.contentHeight)
    controller.applyPendingUpdates()
    controller.collectionView.scrollToTop()
    return (controller, dataSource)
  }

  /// Plain text drawn from a page's draft, where a line whose clusters all show goes out as
  /// its bytes, is the text drawn from the page's scene cluster by cluster.
  @Test(arguments: Array(1...120))
  func plainTextDrawnFromTheDraftIsTheScenesText(width: Int) {
    let (controller, dataSource) = Self.controller(width: width)
    let draft = SceneDraft(controller.collectionView)
    let renderer = PlainTextRenderer()
    let direct = renderer.renderedUTF8(draft)
    #expect(!direct.isEmpty)
    #expect(direct == renderer.renderedUTF8(draft.scene()), "width \(width)")
    #expect(dataSource.items.count == Self.corpus.count)
  }

  /// Wire messages are their own memos: their rows' height measurers keep how short texts
  /// wrapped, their cells hand that to their labels, and the renderer draws those lines
  /// without wrapping the texts again. What it draws is what it draws with every memo taken
  /// away, in plain text and in a scene.
  @Test(arguments: Array(1...120))
  func rememberedLinesDrawWhatWrappingDraws(width: Int) throws {
    let texts =
      Self.corpus + Self.corpus.enumerated().map { index, text in String(text.prefix(index % 40 + 1)) }
    let items: [any ChatItem] = texts.enumerated().map { index, text in
      StreamItem(
        id: "m\(index)", type: MessageItemType.text, sender: index % 3 == 0 ? "bob\u{1B}[31m" : "ann",
        isIncoming: index % 2 == 0, date: Timestamp(secondsSince1970: 1_800_000_000 + Int64(index) * 60),
        status: .sent, text: text, isEdited: index % 4 == 0)
    }
    let (controller, dataSource) = Self.controller(width: width, items: items)
    defer { withExtendedLifetime(dataSource) {} }
    var labels: [Label] = []
    func collect(_ view: View) {
      if let label = view as? Label { labels.append(label) }
      for subview in view.subviews { collect(subview) }
    }
    for (_, cell) in controller.collectionView.visibleCells { collect(cell) }
    let remembered = labels.filter {
      $0.lineMemo?.rememberedLines(of: $0.text, width: Int($0.frame.width)) != nil
    }
    let draft = SceneDraft(controller.collectionView)
    let plain = PlainTextRenderer().renderedUTF8(draft)
    let scene = draft.scene()
    for label in labels { label.lineMemo = nil }
    let unremembered = SceneDraft(controller.collectionView)
    #expect(plain == PlainTextRenderer().renderedUTF8(unremembered), "width \(width)")
    #expect(scene == unremembered.scene(), "width \(width)")
    if width >= 20 { #expect(remembered.count > texts.count / 4, "width \(width)") }
  }

  @Test(arguments: Array(1...120))
  func everyLineIsDrawnInsideWhatWasMeasured(width: Int) throws {
    let (controller, dataSource) = Self.controller(width: width)
    defer { withExtendedLifetime(dataSource) {} }
    var problems: [String] = []
    let measurer = TerminalTextMeasurer()
    let drawn = PlainTextRenderer().render(controller.collectionView).split(
      separator: "\n", omittingEmptySubsequences: false)
    for line in drawn where displayWidth(of: String(line)) > width {
      problems.append("a drawn line is wider than \(width): \(line)")
    }
    for (row, cell) in controller.collectionView.visibleCells {
      let id = controller.item(atRow: row).id
      #expect(cell.frame == controller.frame(ofRow: row))
      func check(_ view: View, origin: Point) {
        let frame = Rect(
          x: origin.x + view.frame.minX, y: origin.y + view.frame.minY, width: view.frame.width,
          height: view.frame.height)
        if let label = view as? Label, !label.text.isEmpty, !view.isHidden {
          let text = VisibleText.of(label.text)
          let columns = Int(frame.width)
          let lines = measurer.lines(of: text, maxWidth: columns)
          if frame.minX < 0 || frame.maxX > Double(width) || frame.maxX > cell.frame.maxX {
            problems.append("\(id): label \(frame) outside the cell \(cell.frame) or the width \(width)")
          }
          if frame.minY < cell.frame.minY || frame.maxY > cell.frame.maxY {
            problems.append("\(id): label \(frame) outside the cell \(cell.frame)")
          }
          // Message text, a tombstone's text, a quote and reactions are sized for all their lines
          // (single-row labels such as a day separator are cut to their row by design), and the
          // last line, with the label's last visible cluster, is on the screen.
          if ["text", "text.deleted", "quote", "reactions"].contains(label.styleName), let last = lines.last {
            if label.styleName == "quote", lines.count != 1 {
              problems.append("\(id): a quote of \(lines.count) lines")
            }
            if Double(lines.count) > frame.height {
              problems.append("\(id): \(lines.count) lines in a label \(frame) of a cell \(cell.frame)")
            }
            let y = Int(frame.minY) + lines.count - 1
            // Clusters without width are not drawn.
            let expected =
              last.width > columns
              ? "\u{FFFD}"
              : GraphemeClusters(String(text[last.range])).filter { $0.width > 0 }
                .map { String(text[last.range])[$0.range] }.joined()
            if y >= drawn.count || (!expected.isEmpty && !drawn[y].contains(expected)) {
              problems.append(
                "\(id): its last line \(expected.debugDescription) is not drawn on row \(y) of \(drawn.count)"
              )
            }
          }
        }
        for subview in view.subviews { check(subview, origin: frame.origin) }
      }
      for subview in cell.subviews { check(subview, origin: cell.frame.origin) }
    }
    #expect(problems.isEmpty, "width \(width): \(problems.prefix(5))")
  }
}
