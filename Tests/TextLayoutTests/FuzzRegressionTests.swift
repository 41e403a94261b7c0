import Foundation
import Testing
import TextLayout

/// Inputs the `measurer` fuzz target (`Scripts/fuzz.sh`, see RELIABILITY.md) stopped on,
/// replayed through the same calls, with the invariant it checks.
@Suite struct MeasurerFuzzRegressionTests {
  /// `measurer` input `00 00 01 F0 9F 91 A9 …`: width 1, a control character, then an emoji.
  ///
  /// The harness first demanded that a line wider than the width hold a single cluster. But a
  /// zero-width cluster puts no width on the line, so the emoji (2 columns) does not start a new
  /// line after it: the wrapping rules (Documentation/TextMetrics.md) break only when the width
  /// so far is above 0. The line holds two clusters, one of them visible; the harness now checks
  /// exactly that.
  @Test func zeroWidthClusterBeforeAWideClusterSharesItsLine() {
    let text = "\u{01}\u{1F469}"
    let measurer = TerminalTextMeasurer()
    #expect(measurer.measure(text, maxWidth: 1) == TextMetrics(lineCount: 1, widestLine: 2))
    let lines = measurer.lines(of: text, maxWidth: 1)
    #expect(lines.map(\.width) == [2])
    #expect(lines.map { String(text[$0.range]) } == [text])
  }

  /// Why the harness's bound is the widest cluster and not 2 columns: a base letter with
  /// spacing marks is one cluster a column wider per mark, and alone on a line at any width.
  @Test func clusterWithSpacingMarksIsWiderThanTwoColumns() {
    let text = "a\u{0903}\u{0903}\u{0903}"
    let clusters = Array(GraphemeClusters(text))
    #expect(clusters.map(\.width) == [4])
    #expect(TerminalTextMeasurer().measure(text, maxWidth: 2) == TextMetrics(lineCount: 1, widestLine: 4))
  }
}

/// The `measurer` input `00 0F D8 B5 D8 A8 …`: width 16, Arabic with U+0604 (ARABIC NUMBER
/// MARK, a Prepend) before a family emoji, and ill-formed bytes.
///
/// UAX #14 allows a break between U+0604 (AL) and the emoji, inside the grapheme cluster
/// they make (GB9b). The wrapper measured its segments' clusters on their own, 0 + 2 columns,
/// where `displayWidth` of the line measured the whole cluster, 6 (its first scalar has no
/// emoji presentation, so rule 2 adds up the three emoji). Breaks inside a cluster are no
/// longer taken, so a line always holds whole clusters.
@Suite struct MeasurerFuzzRegressionThreeTests {
  /// The text (the input after its two width bytes), ill-formed UTF-8 and all.
  static let base64Text =
    "2LXYqNin2K0g2KfZhNiu2YrYsSEg2YfZhCDZitiE2K7ZitixISDZh9mEINmK2LnZhSDZhdmGINhT2YQg2KfZhNin2KrYrNiE8J+RqOKAjfCfkanigI3wn5Gn4oAn8J+RpiBjb3VudHMg2Ykg2KfZhNmK2LPYp9ix2J8="

  @Test func aLineIsAsWideAsItsTextMeasuredAlone() throws {
    let bytes = Array(try #require(Data(base64Encoded: Self.base64Text)))
    let text = String(decoding: bytes, as: UTF8.self)
    let measurer = TerminalTextMeasurer()
    let lines = measurer.lines(of: text, maxWidth: 16)
    #expect(lines.map(\.width) == lines.map { displayWidth(of: text[$0.range]) })
    #expect(lines.map(\.width) == [14, 15, 15, 13, 7])
    let metrics = bytes.withUnsafeBufferPointer { measurer.measure(utf8: $0, maxWidth: 16) }
    #expect(metrics.metrics == TextMetrics(lineCount: lines.count, widestLine: 15))
    #expect(metrics.replacementCount == 2)
  }
}

/// The `measurer` input `FF FF 31 32 33 33 2E 35 …`: width `Int.max`, printable ASCII with a
/// BEL and a NUL in it, and a decimal number at the start.
@Suite struct MeasurerFuzzRegressionTwoTests {
  @Test(arguments: [Int.max, Int.max - 1, 1 << 62, 300, 7, 1])
  func printableRunsAtAnyWidthDoNotTrap(width: Int) {
    let text = "1233.5 (a) [\u{07}] {c} -7% $3 a/b \"q\" http:/\u{0}/x.y/z?a=1"
    let measurer = TerminalTextMeasurer()
    let metrics = measurer.measure(text, maxWidth: width)
    #expect(measurer.lines(of: text, maxWidth: width).count == metrics.lineCount)
    var bytes = Array(text.utf8)
    let utf8 = bytes.withUnsafeMutableBufferPointer {
      measurer.measure(utf8: UnsafeBufferPointer($0), maxWidth: width)
    }
    #expect(utf8.metrics == metrics)
  }
}
