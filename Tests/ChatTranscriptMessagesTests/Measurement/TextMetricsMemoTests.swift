import ChatTranscript
import ChatTranscriptStreams
import TestSupport
import Testing
import TextLayout
import TranscriptGenerator

@testable import ChatTranscriptMessages

/// An item's memo of how its text wrapped (``TextMetricsMemo``): filled by the height
/// measurer, read by the cell, and never an answer for another text or width.
@Suite struct TextMetricsMemoTests {
  /// A memo for a fixed text, as an app's own item type would keep one.
  final class FixedTextMemo: TextMetricsMemo, @unchecked Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    override func remembers(_ text: String) -> Bool { text.utf8.elementsEqual(self.text.utf8) }
  }

  static let measurer = ItemTextMeasurer(
    itemID: "m", measurer: TerminalTextMeasurer(), cache: TextMetricsCache(capacity: 0))

  static func fresh(_ text: String, width: Int) -> TextMetrics {
    TerminalTextMeasurer().measure(VisibleText.of(text), maxWidth: width)
  }

  /// The widths a memo answers for, among 1...200.
  static func rememberedWidths(_ memo: TextMetricsMemo) -> [Int] {
    (1...200).filter { memo.metrics(width: $0) != nil }
  }

  @Test func aMemoAnswersForItsTextAtTheWidthItWasMeasuredAt() throws {
    let text = "a message long enough to wrap at twelve columns 👍🏽"
    let memo = FixedTextMemo(text)
    let measured = Self.measurer.metrics(of: text, width: 12, rememberedIn: memo)
    #expect(measured == Self.fresh(text, width: 12))
    #expect(measured.lineCount > 1)
    #expect(Self.rememberedWidths(memo) == [12])
    #expect(memo.metrics(width: 12) == measured)
    // Another text measured through the memo is measured, and neither kept nor answered.
    let other = "something else entirely"
    #expect(Self.measurer.metrics(of: other, width: 30, rememberedIn: memo) == Self.fresh(other, width: 30))
    #expect(Self.rememberedWidths(memo) == [12])
    // A new width replaces the old one.
    #expect(Self.measurer.metrics(of: text, width: 20, rememberedIn: memo) == Self.fresh(text, width: 20))
    #expect(Self.rememberedWidths(memo) == [20])
    memo.forget()
    #expect(Self.rememberedWidths(memo).isEmpty)
  }

  /// A memo's answer is what measuring gives, for every text of a hostile seeded corpus at
  /// every width: the second measurement of each reads the memo the first one filled.
  @Test func rememberedMetricsAreTheMeasuredOnes() {
    var random = SeededRandom(seed: 29)
    let pieces = [
      "ok", "日本語", "👍🏽", "👨‍👩‍👧‍👦", "\u{1B}[2J", "\u{202E}evil", "e\u{301}", "\u{0C}", "\u{85}", "\t",
      "a-long-hyphenated-word", "   ", "\u{200B}", "ठीक है", "مرحبا", "\u{FFFE}",
    ]
    for _ in 0..<300 {
      let text = (0..<random.int(in: 1...12)).map { _ in pieces[random.int(in: 0...pieces.count - 1)] }
        .joined(separator: random.below(3) == 0 ? "" : " ")
      let width = random.int(in: 1...80)
      let memo = FixedTextMemo(text)
      let first = Self.measurer.metrics(of: text, width: width, rememberedIn: memo)
      let second = Self.measurer.metrics(of: text, width: width, rememberedIn: memo)
      #expect(first == Self.fresh(text, width: width), "\(text.debugDescription) at \(width)")
      #expect(second == first)
    }
  }

  @Test func metricsTooLargeToPackAreNotKept() {
    let memo = FixedTextMemo("x")
    memo.remember(TextMetrics(lineCount: 1 << 21, widestLine: 3), width: 10)
    #expect(memo.metrics(width: 10) == nil)
    memo.remember(TextMetrics(lineCount: 3, widestLine: 1 << 20), width: 10)
    #expect(memo.metrics(width: 10) == nil)
    memo.remember(TextMetrics(lineCount: 2, widestLine: 3), width: 70_000)
    #expect(Self.rememberedWidths(memo).isEmpty)
    memo.remember(TextMetrics(lineCount: 0xF_FFFF, widestLine: 0xF_FFFF), width: 0xFFFE)
    #expect(memo.metrics(width: 0xFFFE) == TextMetrics(lineCount: 0xF_FFFF, widestLine: 0xF_FFFF))
  }

  /// A short text's lines are kept with its metrics, for the label that draws it: handed out
  /// for that text at the widths whose lines are the same, and for nothing else.
  @Test func aMemoKeepsTheLinesOfAShortTextForItsLabel() throws {
    let text = "a message that wraps over a few lines 👍🏽"
    let memo = FixedTextMemo(text)
    let metrics = Self.measurer.metrics(of: text, width: 16, rememberedIn: memo)
    #expect(metrics.lineCount == 3)
    let widths = (1...40).filter { memo.rememberedLines(of: text, width: $0) != nil }
    #expect(widths == Array(metrics.widestLine...16))
    let lines = try #require(memo.rememberedLines(of: text, width: 16))
    let drawn = TerminalTextMeasurer().lines(of: text, maxWidth: 16)
    let bytes = Array(text.utf8)
    #expect(
      (0..<lines.lineCount).map { String(decoding: bytes[lines[$0].content], as: UTF8.self) }
        == drawn.map { String(text[$0.range]) })
    #expect((0..<lines.lineCount).map { lines[$0].width } == drawn.map(\.width))
    #expect(memo.rememberedLines(of: "another text", width: 16) == nil)
    // A copy of the item keeps them; a new text forgets them.
    let copy = FixedTextMemo(text)
    copy.remember(asIn: memo)
    #expect(copy.rememberedLines(of: text, width: 16)?.lineCount == 3)
    memo.forget()
    #expect(memo.rememberedLines(of: text, width: 16) == nil)
    // Lines wrapped at another width than the metrics are not kept with them.
    let (wider, widerLines) = TerminalTextMeasurer().measureVisible(text, maxWidth: 30)
    memo.remember(metrics, lines: widerLines, width: 16)
    #expect(memo.metrics(width: 16) == metrics)
    #expect(memo.rememberedLines(of: text, width: 16) == nil)
    memo.remember(wider, lines: widerLines, width: 30)
    #expect(memo.rememberedLines(of: text, width: 30)?.lineCount == wider.lineCount)
    // A text of more lines than are kept has its metrics remembered, not its lines.
    let many = "one two three four five six seven eight"
    let manyMemo = FixedTextMemo(many)
    #expect(Self.measurer.metrics(of: many, width: 5, rememberedIn: manyMemo).lineCount == 8)
    #expect(manyMemo.metrics(width: 5) != nil)
    #expect(manyMemo.rememberedLines(of: many, width: 5) == nil)
  }

  /// A wire text message is its own memo: sizing its row leaves the metrics there for its
  /// cell, and changing its text forgets them.
  @Test func aWireTextMessageKeepsWhatItsRowsMeasurerWrapped() throws {
    let builders = MessagesKit.builders(theme: CompactTheme(), cache: TextMetricsCache(capacity: 0))
    let measurer = try #require(builders[MessageItemType.text]?.first?.heightMeasurer)
    let item = StreamItem(
      id: "m1", type: MessageItemType.text, sender: "ana", isIncoming: true,
      text: "a text that wraps over several lines of a narrow bubble")
    let memo = try #require(item.textMetricsMemo)
    #expect(Self.rememberedWidths(memo).isEmpty)
    _ = measurer.height(of: item, maximumWidth: 30, decoration: ChatItemDecoration())
    let widths = Self.rememberedWidths(memo)
    #expect(widths.count == 1)
    let width = try #require(widths.first)
    #expect(memo.metrics(width: width) == Self.fresh(item.text ?? "", width: width))
    // The cell drawn for the row finds the same metrics: its height agrees.
    let presenter = ChatItemPresenterFactory(builders).makePresenter(for: item)
    #expect(
      presenter.heightForCell(maximumWidth: 30, decoration: ChatItemDecoration())
        == measurer.height(of: item, maximumWidth: 30, decoration: ChatItemDecoration()))
    #expect(StreamItem(id: "p", type: MessageItemType.photo).textMetricsMemo == nil)
  }

  /// `prepare` wraps a text message ahead, on any thread, at the width its row's height
  /// measurer wraps it: the height measured later is the one measured without it.
  @Test func preparingAnItemWrapsItsTextForItsRow() async throws {
    let builders = MessagesKit.builders(theme: CompactTheme(), cache: TextMetricsCache(capacity: 0))
    let measurer = try #require(builders[MessageItemType.text]?.first?.heightMeasurer)
    let texts = ["a text that wraps over several lines 👍🏽", "短い", "\u{1B}[2J and more words here"]
    for (index, text) in texts.enumerated() {
      for isIncoming in [true, false] {
        let item = StreamItem(id: "m\(index)", type: MessageItemType.text, isIncoming: isIncoming, text: text)
        let memo = try #require(item.textMetricsMemo)
        await Task.detached { measurer.prepare(item, maximumWidth: 24) }.value
        let prepared = Self.rememberedWidths(memo)
        #expect(prepared.count == 1)
        memo.forget()
        let decoration = ChatItemDecoration(showsTail: true, showsAvatar: isIncoming)
        let unprepared = measurer.height(of: item, maximumWidth: 24, decoration: decoration)
        #expect(Self.rememberedWidths(memo) == prepared)
        memo.forget()
        measurer.prepare(item, maximumWidth: 24)
        #expect(measurer.height(of: item, maximumWidth: 24, decoration: decoration) == unprepared)
      }
    }
    // Photos and tombstones have nothing to wrap ahead.
    let deleted = StreamItem(id: "d", type: MessageItemType.text, text: "gone", isDeleted: true)
    measurer.prepare(deleted, maximumWidth: 24)
    #expect(Self.rememberedWidths(try #require(deleted.textMetricsMemo)).isEmpty)
  }

  /// The prewrapper made once for a row width wraps a text from its fields alone exactly as
  /// `prepare` wraps the item: the same widths and metrics remembered, in either direction,
  /// at any row width, on another thread.
  @Test func thePrewrapperRemembersWhatPreparingTheItemDoes() async throws {
    let builders = MessagesKit.builders(theme: RoomyTheme(), cache: TextMetricsCache(capacity: 0))
    let measurer = try #require(
      builders[MessageItemType.text]?.first?.heightMeasurer as? BubbleHeightMeasurer)
    let texts = [
      "a text that wraps over several lines 👍🏽", "短い", "\u{1B}[2J and more words here",
      String(repeating: "long words wrap ", count: 40),
    ]
    for rowWidth in [1.0, 9, 24, 61, 200] {
      let prewrap = TextBubbleLayout.prewrapper(sizing: measurer.sizing, rowWidth: rowWidth)
      for (index, text) in texts.enumerated() {
        for isIncoming in [true, false] {
          let item = StreamItem(
            id: "m\(index)", type: MessageItemType.text, isIncoming: isIncoming, text: text)
          let memo = try #require(item.textMetricsMemo)
          measurer.prepare(item, maximumWidth: rowWidth)
          let prepared = Self.rememberedWidths(memo)
          let metrics = prepared.map { memo.metrics(width: $0) }
          memo.forget()
          await Task.detached { prewrap(text, isIncoming, "m\(index)", memo) }.value
          #expect(Self.rememberedWidths(memo) == prepared, "row \(rowWidth), \(isIncoming), \(text)")
          #expect(Self.rememberedWidths(memo).map { memo.metrics(width: $0) } == metrics)
        }
      }
    }
  }

  /// A change that leaves the text as it was keeps how it wrapped, in place or in a copy;
  /// a change of the text forgets it in a copy too.
  @Test func aWireTextMessageKeepsItsMetricsWhenItsTextStays() throws {
    let builders = MessagesKit.builders(theme: CompactTheme(), cache: TextMetricsCache(capacity: 0))
    let measurer = try #require(builders[MessageItemType.text]?.first?.heightMeasurer)
    var item = StreamItem(id: "m1", type: MessageItemType.text, text: "a text that wraps in a narrow bubble")
    measurer.prepare(item, maximumWidth: 20)
    let widths = Self.rememberedWidths(try #require(item.textMetricsMemo))
    #expect(widths.count == 1)
    item.status = .read
    #expect(Self.rememberedWidths(try #require(item.textMetricsMemo)) == widths)
    let shared = item
    item.reactions = [MessageReaction(reaction: "👍", count: 2)]
    #expect(
      ObjectIdentifier(try #require(item.textMetricsMemo))
        != ObjectIdentifier(try #require(shared.textMetricsMemo)))
    #expect(Self.rememberedWidths(try #require(item.textMetricsMemo)) == widths)
    var edited = item
    edited.text = "another text"
    #expect(Self.rememberedWidths(try #require(edited.textMetricsMemo)).isEmpty)
    #expect(Self.rememberedWidths(try #require(item.textMetricsMemo)) == widths)
  }

  /// An item whose storage is its own changes in place, and forgets what it kept.
  @Test func aWireTextMessageChangedInPlaceForgetsItsMetrics() throws {
    let builders = MessagesKit.builders(theme: CompactTheme(), cache: TextMetricsCache(capacity: 0))
    let measurer = try #require(builders[MessageItemType.text]?.first?.heightMeasurer)
    var item = StreamItem(id: "m1", type: MessageItemType.text, text: "a text that wraps in a narrow bubble")
    _ = measurer.height(of: item, maximumWidth: 20, decoration: ChatItemDecoration())
    let storage = ObjectIdentifier(try #require(item.textMetricsMemo))
    #expect(Self.rememberedWidths(try #require(item.textMetricsMemo)).count == 1)
    item.text = "short"
    #expect(ObjectIdentifier(try #require(item.textMetricsMemo)) == storage)
    #expect(Self.rememberedWidths(try #require(item.textMetricsMemo)).isEmpty)
    let height = measurer.height(of: item, maximumWidth: 20, decoration: ChatItemDecoration())
    let unremembered = TextMessageItem(message: MessageModel(of: item)!, text: "short")
    #expect(height == measurer.height(of: unremembered, maximumWidth: 20, decoration: ChatItemDecoration()))
  }
}
