/// How wide a one-line text is when cut short after one of its grapheme clusters and ended with
/// a suffix (a quote cut with `…`), for every cut, from one pass over the text.
///
/// Fitting a cut line to a width tries several cuts; measuring each try reads the text again.
/// Here a cut's width is the advances and kerning of the text up to the cut, plus the suffix's
/// advance and its kerning with the glyph before it: what
/// ``PointTextMeasurer/measure(_:maxWidth:)-(String,Int)`` gives as the widest line of the cut
/// text with the suffix. It is known only where one pass can tell: where shaping the scalars
/// before the cut looked at none after it (a ligature or joining form the cut would change),
/// where no line break comes before it, where the suffix cannot start a substitution, and
/// where the line cannot wrap at the width measured at. Elsewhere, measure the cut text.
public struct PointCutWidths: Sendable {
  /// The UTF-8 offsets where the text's grapheme clusters end, in order: the cuts.
  public let clusterEnds: [Int]
  /// Per UTF-8 offset: the cut text with the suffix in 1/1024 units, or ``unknown``.
  private let units: [Int]
  private static let unknown = Int.min

  /// The width in whole points (rounded up) of the text cut at UTF-8 offset `offset` with the
  /// suffix after it; `nil` where one pass cannot tell or `offset` is not a cluster boundary.
  public func width(cutAt offset: Int) -> Int? {
    guard units.indices.contains(offset), units[offset] != Self.unknown else { return nil }
    return PointTextMeasurer.wholePoints(units[offset])
  }

  /// Walks `bytes` once, recording each cut's width.
  ///
  /// - Parameters:
  ///   - bytes: the text, without ill-formed UTF-8.
  ///   - suffix: the scalar after each cut.
  ///   - maxWidth: the width in 1/1024 units the cut text would be measured at.
  ///   - chain: the fonts and size.
  init(_ bytes: UnsafeBufferPointer<UInt8>, suffix: Unicode.Scalar, maxWidth: Int, chain: FontChain) {
    (clusterEnds, units) = withUnsafeTemporaryAllocation(
      of: UInt32.self, capacity: SubstitutionWindow.capacity
    ) { storage in
      Self.walk(bytes, suffix: suffix, maxWidth: maxWidth, chain: chain, windowStorage: storage)
    }
  }

  private static func walk(
    _ bytes: UnsafeBufferPointer<UInt8>, suffix: Unicode.Scalar, maxWidth: Int, chain: FontChain,
    windowStorage: UnsafeMutableBufferPointer<UInt32>
  ) -> (clusterEnds: [Int], units: [Int]) {
    var advancer = GlyphAdvancer(chain: chain, bytes: bytes, windowStorage: windowStorage)
    let appended = advancer.appendedGlyph(suffix.value)
    let rules = GraphemeBreakAutomaton.shared
    var graphemes = GraphemeBreakAutomaton.start
    var ends = [Int](repeating: 0, count: bytes.count)
    var endCount = 0
    var units = [Int](repeating: unknown, count: bytes.count &+ 1)
    // The sum of the advances and kerning so far, and of their sizes: no part of a line is
    // wider than the latter, so a cut text within it stays on one line.
    var width = 0
    var extent = 0
    var breaksLine = false
    var index = 0
    while index < bytes.count {
      let scalar = UTF8Decoding.decode(bytes, at: index)
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
      if rules.startsCluster(&graphemes, with: properties.graphemeBreak) && index > 0 {
        ends[endCount] = index
        endCount &+= 1
        if !breaksLine, let appended {
          units[index] = cutWidth(
            at: index, width: width, extent: extent, appending: appended, to: advancer, maxWidth: maxWidth)
        }
      }
      switch properties.lineBreakClass {
      case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: breaksLine = true
      default: break
      }
      let step = advancer.step(scalar.value, properties, at: index, length: scalar.length)
      width &+= step.kerning &+ step.advance
      extent &+= abs(step.kerning) &+ step.advance
      index &+= scalar.length
    }
    if index > 0 {
      ends[endCount] = index
      endCount &+= 1
      if !breaksLine, let appended {
        units[index] = cutWidth(
          at: index, width: width, extent: extent, appending: appended, to: advancer, maxWidth: maxWidth)
      }
    }
    ends.removeLast(ends.count &- endCount)
    return (ends, units)
  }

  /// The width of the text up to `offset` (`width`, with parts `extent` wide in all) with
  /// `appended` after it, or ``unknown`` when shaping looked past `offset` or the line could
  /// wrap.
  @inline(__always)
  private static func cutWidth(
    at offset: Int, width: Int, extent: Int, appending appended: GlyphAdvancer.AppendedGlyph,
    to advancer: GlyphAdvancer, maxWidth: Int
  ) -> Int {
    guard advancer.lookaheadEnd <= offset else { return unknown }
    let kerning = advancer.kerning(before: appended)
    guard extent &+ abs(kerning) &+ appended.advance <= maxWidth else { return unknown }
    return width &+ kerning &+ appended.advance
  }
}

extension PointTextMeasurer {
  /// The widths of `text` cut after each of its grapheme clusters with `suffix` appended, as
  /// ``measure(_:maxWidth:)-(String,Int)`` at `maxWidth` gives them where one pass can tell
  /// (``PointCutWidths``).
  ///
  /// - Complexity: O(n) for n UTF-8 bytes.
  public func cutWidths(of text: String, appending suffix: Unicode.Scalar, maxWidth: Int) -> PointCutWidths {
    let maxUnits = Self.units(Double(max(1, maxWidth)))
    let walk = { (bytes: UnsafeBufferPointer<UInt8>) in
      PointCutWidths(bytes, suffix: suffix, maxWidth: maxUnits, chain: chain)
    }
    if let widths = text.utf8.withContiguousStorageIfAvailable(walk) { return widths }
    var copy = text
    return copy.withUTF8(walk)
  }
}
