/// Measures text in points with real fonts: the counterpart of ``TerminalTextMeasurer`` for
/// clients that draw with fonts.
///
/// The break opportunities and the greedy rules are those of Documentation/TextMetrics.md;
/// widths are the advances of the glyphs, as HarfBuzz computes them for Pango with hinting off:
/// the glyphs after the font's default GSUB substitutions (Arabic joining forms, lam-alef and
/// Latin ligatures: ``SubstitutionWindow``), each glyph's advance scaled to the size in Pango
/// units (1/1024 of a point) and rounded, marks zero, kerning from the font's `kern` feature, all
/// summed as integers. Where a line breaks, it is as wide as Pango shapes it: without the kerning
/// across the break, and, where a word wider than the line breaks between grapheme clusters,
/// with the hyphen Pango inserts (``HyphenRule``). The line height is the first font's ascender
/// minus its descender (Pango's line height; the line gap is not added). Sizes and widths are in
/// one unit, points or pixels alike.
///
/// The measurer holds immutable fonts: it is `Sendable` and cheap to copy, for background
/// height calculation.
public struct PointTextMeasurer: TextMeasurer {
  /// The largest size measured; larger sizes are clamped to it, so sums stay far from overflow.
  public static let largestSize = 10_000.0

  /// The font size, in points.
  public let size: Double
  /// The height of one line, in points.
  public let lineHeight: Double
  let chain: FontChain
  /// The line height in 1/1024 units.
  private let lineHeightUnits: Int

  /// Creates a measurer for a font and the fonts that stand in for the scalars it lacks.
  ///
  /// - Parameters:
  ///   - font: the font tried first; its .notdef stands for scalars no font has, and its
  ///     ascender and descender give the line height.
  ///   - fallbacks: fonts tried in order for scalars `font` lacks.
  ///   - size: the font size in points; clamped to 0…``largestSize`` (NaN is 0).
  public init(font: Font, fallbacks: [Font] = [], size: Double) {
    let clamped = size.isNaN ? 0 : min(max(size, 0), Self.largestSize)
    let scale = Int64((clamped * Double(FontChain.unitsPerPixel)).rounded())
    chain = FontChain(primary: font, fallbacks: fallbacks, scale: scale)
    self.size = clamped
    lineHeightUnits = chain.scaled(font.ascender, font: 0) - chain.scaled(font.descender, font: 0)
    lineHeight = Double(lineHeightUnits) / Double(FontChain.unitsPerPixel)
  }

  /// The number of lines, the widest line and the height of `text` wrapped at `maxWidth`.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width in points; widths below 1/1024 (and NaN) are treated as 1/1024.
  /// - Complexity: O(n) for n UTF-8 bytes; no heap allocation for native strings.
  public func measure(_ text: String, maxWidth: Double) -> PointTextMetrics {
    let counted = count(text, maxWidth: Self.units(maxWidth))
    return PointTextMetrics(
      lineCount: counted.lineCount, widestLine: Self.points(counted.widestLine),
      height: Double(counted.lineCount) * lineHeight)
  }

  /// Measures UTF-8 bytes that may be ill-formed, each ill-formed subsequence read as U+FFFD.
  ///
  /// - Parameters:
  ///   - bytes: the text as UTF-8.
  ///   - maxWidth: the line width in points; widths below 1/1024 (and NaN) are treated as 1/1024.
  /// - Complexity: O(n) for n bytes; no heap allocation.
  public func measure(utf8 bytes: UnsafeBufferPointer<UInt8>, maxWidth: Double) -> PointTextMetrics {
    let metrics = PointWrappingScanner.wrap(
      bytes, maxWidth: Self.units(maxWidth), chain: chain, sink: LineCounter()
    )
    .sink.metrics
    return PointTextMetrics(
      lineCount: metrics.lineCount, widestLine: Self.points(metrics.widestLine),
      height: Double(metrics.lineCount) * lineHeight)
  }

  /// ``TextMeasurer`` in whole points: lines wrapped at `maxWidth` points, the widest line
  /// rounded up to a whole point.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width in points; values below 1 are treated as 1.
  /// - Complexity: O(n) for n UTF-8 bytes; no heap allocation for native strings.
  public func measure(_ text: String, maxWidth: Int) -> TextMetrics {
    let counted = count(text, maxWidth: Self.units(Double(max(1, maxWidth))))
    return TextMetrics(lineCount: counted.lineCount, widestLine: Self.wholePoints(counted.widestLine))
  }

  /// The lines of `text` wrapped at `maxWidth` whole points, each width rounded up.
  ///
  /// - Parameters:
  ///   - text: the text to wrap.
  ///   - maxWidth: the line width in points; values below 1 are treated as 1.
  /// - Returns: at least one line; as many as ``measure(_:maxWidth:)-(String,Int)`` counts.
  /// - Complexity: O(n) for n UTF-8 bytes.
  public func lines(of text: String, maxWidth: Int) -> [TextLine] {
    let width = Self.units(Double(max(1, maxWidth)))
    let collect = { (bytes: UnsafeBufferPointer<UInt8>) -> [LineCollector.Line] in
      PointWrappingScanner.wrap(bytes, maxWidth: width, chain: chain, sink: LineCollector()).sink.lines
    }
    let lines: [LineCollector.Line]
    if let collected = text.utf8.withContiguousStorageIfAvailable(collect) {
      lines = collected
    } else {
      var copy = text
      lines = copy.withUTF8(collect)
    }
    // Offsets only grow, so walking the view forward keeps this linear for any string.
    let utf8 = text.utf8
    var index = utf8.startIndex
    var offset = 0
    func advance(to target: Int) -> String.Index {
      index = utf8.index(index, offsetBy: target - offset)
      offset = target
      return index
    }
    return lines.map { line in
      let start = advance(to: line.content.lowerBound)
      let end = advance(to: line.content.upperBound)
      return TextLine(range: start..<end, width: Self.wholePoints(line.width))
    }
  }

  private func count(_ text: String, maxWidth: Int) -> TextMetrics {
    let measure = { (bytes: UnsafeBufferPointer<UInt8>) -> TextMetrics in
      PointWrappingScanner.wrap(bytes, maxWidth: maxWidth, chain: chain, sink: LineCounter()).sink.metrics
    }
    if let metrics = text.utf8.withContiguousStorageIfAvailable(measure) {
      return metrics
    }
    var copy = text
    return copy.withUTF8(measure)
  }

  /// Points to 1/1024 units, at least 1 and far below overflow.
  static func units(_ points: Double) -> Int {
    guard points.isFinite else { return points == .infinity ? 1 << 52 : 1 }
    return Int(min(max((points * Double(FontChain.unitsPerPixel)).rounded(), 1), Double(1 << 52)))
  }

  private static func points(_ units: Int) -> Double {
    Double(units) / Double(FontChain.unitsPerPixel)
  }

  /// 1/1024 units to whole points, rounded up.
  static func wholePoints(_ units: Int) -> Int {
    units <= 0 ? 0 : units / FontChain.unitsPerPixel + (units % FontChain.unitsPerPixel == 0 ? 0 : 1)
  }
}
