/// Wraps UTF-8 text in one pass with font advances: the point measurer's counterpart of
/// ``WrappingScanner``.
///
/// The same UAX #14 automaton finds the break opportunities and the same ``GreedyLineFitter``
/// places the segments between them, so the rules of Documentation/TextMetrics.md hold with
/// widths in 1/1024 units: a segment's body is the sum of its glyphs' advances and kerning, its
/// hanging tail the advances of its spaces. Advances are additive per scalar; the grapheme
/// state is kept only so that, as there, no break is taken inside a cluster. Clusters are
/// measured only to split a body wider than a line (``PointClusterWidths``). Kerning belongs
/// to the first glyph of a pair (as a GPOS XAdvance does): when a glyph kerns with the one
/// before it, the amount goes to the segment, body or tail, that holds the one before.
struct PointWrappingScanner<Sink: LineSink> {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var fitter: GreedyLineFitter<Sink, PointClusterWidths>
  private var advancer: GlyphAdvancer
  private let lineBreakRules = LineBreakAutomaton.shared
  private var lineBreaks = LineBreakAutomaton.start
  private let graphemeRules = GraphemeBreakAutomaton.shared
  private var graphemes = GraphemeBreakAutomaton.start
  private var segmentStart = 0
  /// The width of the segment so far, without its tail.
  private var segmentWidth = 0
  /// Where the hanging tail starts, when the segment ends in spaces or a line break.
  private var tailStart: Int?
  /// The width of the spaces in the tail, with their kerning.
  private var tailWidth = 0
  /// Whether the last glyph is a space of the tail, which then takes the next kerning.
  private var lastGlyphHangs = false
  /// How many ill-formed UTF-8 subsequences were read as U+FFFD.
  private(set) var replacementCount = 0

  private init(
    bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, chain: FontChain, sink: Sink,
    windowStorage: UnsafeMutableBufferPointer<UInt32>
  ) {
    self.bytes = bytes
    self.fitter = GreedyLineFitter(maxWidth: maxWidth, sink: sink, clusters: PointClusterWidths(chain: chain))
    self.advancer = GlyphAdvancer(chain: chain, bytes: bytes, windowStorage: windowStorage)
  }

  /// Wraps `bytes` at `maxWidth` units.
  ///
  /// - Parameters:
  ///   - bytes: the text as UTF-8, possibly ill-formed.
  ///   - maxWidth: the line width in 1/1024 units, at least 1.
  ///   - chain: the fonts and size.
  ///   - sink: receives the lines.
  /// - Returns: the sink with every line, and how many ill-formed UTF-8 subsequences were
  ///   read as U+FFFD.
  /// - Complexity: O(n) for n bytes.
  static func wrap(
    _ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, chain: FontChain, sink: Sink
  ) -> (sink: Sink, replacementCount: Int) {
    // The shaped glyphs of a substitution window live on the stack.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: SubstitutionWindow.capacity) { storage in
      var scanner = PointWrappingScanner(
        bytes: bytes, maxWidth: maxWidth, chain: chain, sink: sink, windowStorage: storage)
      let sink = scanner.run()
      return (sink, scanner.replacementCount)
    }
  }

  private mutating func run() -> Sink {
    let bytes = self.bytes
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        add(UInt32(lead), ScalarProperties(word: UnicodeTables.asciiPropertyWord(lead)), at: index, length: 1)
        index &+= 1
      } else {
        let scalar = UTF8Decoding.decodeNonASCII(bytes, at: index, lead: lead)
        if !scalar.isValid { replacementCount &+= 1 }
        add(
          scalar.value, ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value)), at: index,
          length: scalar.length)
        index &+= scalar.length
      }
    }
    if segmentStart < bytes.count {
      endSegment(at: bytes.count, mandatory: false)
    }
    fitter.finish()
    return fitter.sink
  }

  /// Feeds one scalar to the advancer, the line-break rules and the width bookkeeping.
  @inline(__always)
  private mutating func add(_ value: UInt32, _ properties: ScalarProperties, at offset: Int, length: Int) {
    let step = advancer.step(value, properties, at: offset, length: length)
    // The kerning belongs to the glyph before, so to its segment, before this one may end it.
    if lastGlyphHangs {
      tailWidth &+= step.kerning
    } else {
      segmentWidth &+= step.kerning
    }
    let bytes = self.bytes
    let lineBreakClass = properties.lineBreakClass
    let startsCluster = graphemeRules.startsCluster(&graphemes, with: properties.graphemeBreak)
    let action = lineBreakRules.advance(&lineBreaks, over: lineBreakClass) {
      NumberLookahead.numberFollows(in: bytes, from: offset &+ length)
    }
    if action != .prohibited && startsCluster {
      // A segment without a tail kerned its last glyph with this one: a line that breaks here
      // does not have that kerning.
      endSegment(
        at: offset, mandatory: action == .mandatory, kerningWithNext: lastGlyphHangs ? 0 : step.kerning)
    }
    switch lineBreakClass {
    case .space:
      if tailStart == nil { tailStart = offset }
      tailWidth &+= step.advance
      lastGlyphHangs = true
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine:
      if tailStart == nil { tailStart = offset }
    default:
      if tailStart != nil {
        // The spaces did not end the segment after all: they are part of the body.
        tailStart = nil
        segmentWidth &+= tailWidth
        tailWidth = 0
        lastGlyphHangs = false
      }
      segmentWidth &+= step.advance
      if step.isGlyph { lastGlyphHangs = false }
    }
  }

  /// Hands the segment that ends at `end` to the fitter and starts the next one.
  @inline(__always)
  private mutating func endSegment(at end: Int, mandatory: Bool, kerningWithNext: Int = 0) {
    fitter.place(
      body: segmentStart..<(tailStart ?? end), bodyWidth: segmentWidth, hangingWidth: tailWidth, end: end,
      breaksLine: mandatory, in: bytes, endAdjustment: tailStart == nil ? -kerningWithNext : 0)
    segmentStart = end
    segmentWidth = 0
    tailStart = nil
    tailWidth = 0
    lastGlyphHangs = false
  }
}
