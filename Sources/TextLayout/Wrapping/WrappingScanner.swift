/// Wraps UTF-8 text in one pass: line-break rules, cluster widths and greedy fitting.
///
/// The scanner decodes scalars, looks each one up once, feeds the line-break state and
/// the grapheme state, and adds up the width of the current segment. When the line-break
/// rules allow a break, the segment is done and goes to the ``GreedyLineFitter``.
/// Clusters are segmented within each segment (a break opportunity also ends a cluster),
/// so a segment's width is the width of its text on its own.
///
/// Width bookkeeping: rule 2 of the width rules is additive, so each scalar adds its
/// width at once and rule 1 is applied as an adjustment when a cluster ends. The trailing
/// run of spaces and line-break characters (the hanging tail) is kept apart: spaces are
/// counted and only join the body if something else follows them in the segment. A tail
/// never shares a rule-1 cluster with the body (a space continues a cluster only after a
/// Prepend, which never has Emoji_Presentation, and nothing but a tail follows a
/// line-break character), so this split is exact.
///
/// The rules run as table-driven automata (``LineBreakAutomaton``,
/// ``GraphemeBreakAutomaton``). A text that is all printable ASCII goes to
/// ``PrintableASCIIWrapper``, which finds line ends without scanning every word. Runs of
/// printable ASCII in other text take a fast path here (see
/// ``scanPrintableASCII(from:last:)``): only the line-break automaton runs, and words of
/// letters and digits are measured eight bytes at a time, a whole `word SP` per step.
struct WrappingScanner<Sink: LineSink> {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var fitter: GreedyLineFitter<Sink>
  private let lineBreakRules = LineBreakAutomaton.shared
  private let graphemeRules = GraphemeBreakAutomaton.shared
  private var lineBreaks = LineBreakAutomaton.start
  private var graphemes = GraphemeBreakAutomaton.start
  private var cluster = ClusterWidth()
  private var segmentStart = 0
  /// The width of the segment so far, without its tail.
  private var segmentWidth = 0
  /// Where the hanging tail starts, when the segment ends in spaces or a line break.
  private var tailStart: Int?
  private var tailSpaces = 0
  /// How many ill-formed UTF-8 subsequences were read as U+FFFD.
  private(set) var replacementCount = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, sink: Sink) {
    self.bytes = bytes
    self.fitter = GreedyLineFitter(maxWidth: maxWidth, sink: sink)
  }

  /// Wraps the whole text and returns the sink with every line.
  ///
  /// - Complexity: O(n) for n bytes.
  mutating func run() -> Sink {
    let bytes = self.bytes
    let count = bytes.count
    let printableCount = ASCIIBytes.printablePrefixCount(bytes)
    if printableCount == count && count <= fitter.maxWidth {
      // Most chat messages: printable ASCII no wider than the line. Each byte is a
      // one-column cluster and nothing forces a break, so the text is one line whose
      // width runs to its last non-space; one pass of eight-byte tests settles it.
      var end = count
      while end > 0 && bytes[end &- 1] == 0x20 { end &-= 1 }
      fitter.placeSingleLine(contentEnd: end)
      fitter.finish()
      return fitter.sink
    }
    var index = 0
    if printableCount > fitter.maxWidth {
      // Lines of printable ASCII: columns are byte offsets, so each line's end can be found
      // directly, looking only at the words around it.
      var wrapper = PrintableASCIIWrapper(
        bytes: bytes, printableCount: printableCount, maxWidth: fitter.maxWidth, sink: fitter.sink)
      switch wrapper.run() {
      case .finished(let sink):
        return sink
      case .stopped(let resumption):
        fitter = GreedyLineFitter(
          maxWidth: fitter.maxWidth, sink: resumption.sink, lineStart: resumption.offset)
        lineBreaks = resumption.lineBreakState
        segmentStart = resumption.offset
        index = resumption.offset
      }
    }
    if index < count && ASCIIBytes.isPrintable(bytes[index]) {
      // The ASCII loop can take the first byte: the automaton's state and an empty segment
      // are all it needs; `last` = space makes the byte go through the automaton.
      index = scanPrintableASCII(from: index, last: 0x20)
    }
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        let properties = ScalarProperties(word: UnicodeTables.asciiPropertyWord(lead))
        add(UInt32(lead), properties, at: index, length: 1)
        index &+= 1
        if ASCIIBytes.isPrintable(lead) {
          index = scanPrintableASCII(from: index, last: lead)
        }
      } else {
        let scalar = UTF8Decoding.decodeMultibyte(bytes, at: index, lead: lead)
        if !scalar.isValid { replacementCount &+= 1 }
        let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
        add(scalar.value, properties, at: index, length: scalar.length)
        index &+= scalar.length
      }
    }
    endSegment(at: count, mandatory: false)
    fitter.finish()
    return fitter.sink
  }

  /// Ends the current segment at `end`, before `spacesAfter` hanging spaces, with a body
  /// of `width` columns; the next segment starts after the spaces.
  @inline(__always)
  private mutating func placeWord(endingAt end: Int, width: Int, spacesAfter: Int) {
    fitter.place(
      body: segmentStart..<end, bodyWidth: width, hangingSpaces: spacesAfter, end: end &+ spacesAfter,
      breaksLine: false, in: bytes)
    segmentStart = end &+ spacesAfter
  }

  /// Measures the rest of a word and the words that follow it, eight bytes at a time.
  ///
  /// Called after an ASCII letter or digit that follows a letter or digit, at the next
  /// byte: no rule breaks between letters and digits (LB23, LB25, LB28), and after one of
  /// them a single space and a letter or digit always break (LB18), so while the text is
  /// `word SP word SP …`, each word is one segment whose single space hangs. One 8-byte
  /// load finds where the word ends and whether a space and a letter or digit follow.
  ///
  /// - Returns: the offset after the last letter or digit measured, the body width of the
  ///   current segment so far.
  @inline(__always)
  private mutating func scanWords(from start: Int, width: Int) -> (index: Int, width: Int) {
    let high: UInt64 = 0x8080_8080_8080_8080
    var index = start
    var width = width
    while index < bytes.count {
      let chunk = ASCIIBytes.eightBytes(of: bytes, at: index)
      let alphanumerics = ASCIIBytes.alphanumerics(in: chunk)
      let stop = ~alphanumerics & high
      guard stop != 0 else {
        index &+= 8
        width &+= 8
        continue
      }
      let run = stop.trailingZeroBitCount &>> 3
      // The bytes from the one that ended the run on (zeros past the chunk), and bit 7 of
      // each set if it is a letter or digit. A run of 7 leaves one byte: the tests of the
      // bytes after it see zeros and fail, so they never look past the chunk.
      let shift = UInt64(run &* 8)
      let rest = chunk &>> shift
      let restAlphanumerics = alphanumerics &>> shift
      if rest & 0xFF == 0x20 && restAlphanumerics & 0x8000 != 0 {
        // `word SP word`
        placeWord(endingAt: index &+ run, width: width &+ run, spacesAfter: 1)
        width = 1
        index &+= run &+ 2
        continue
      }
      let stopByte = UInt8(truncatingIfNeeded: rest)
      if (rest &>> 8) & 0xFF == 0x20 && restAlphanumerics & 0x80_0000 != 0
        && ASCIIBytes.isTrailingPunctuation(stopByte)
      {
        // `word, word`, `word) word`, `word? word`: see `isTrailingPunctuation`.
        placeWord(endingAt: index &+ run &+ 1, width: width &+ run &+ 1, spacesAfter: 1)
        width = 1
        index &+= run &+ 3
      } else if stopByte == UInt8(ascii: "'") && restAlphanumerics & 0x8000 != 0 {
        // `what's`: no break on either side of a quotation mark (LB19).
        width &+= run &+ 2
        index &+= run &+ 2
      } else {
        return (index &+ run, width &+ run)
      }
    }
    return (index, width)
  }

  /// The scanner's fast path: a run of spaces and printable ASCII after one of them.
  ///
  /// Every such scalar is a grapheme cluster of its own (nothing in the run is Extend,
  /// SpacingMark, ZWJ, Prepend, a control or emoji), 1 column wide, and cannot be absorbed
  /// by LB9 (none is CM or ZWJ), so only the line-break automaton runs, fed from a small
  /// ASCII class table, and the hanging spaces are counted without branches. A letter or
  /// digit after a letter or digit cannot break a line (LB23, LB25, LB28) and the state
  /// after it depends on its class alone, so a run of them is measured eight bytes at a
  /// time without the automaton.
  ///
  /// - Parameters:
  ///   - start: where to go on; the byte before it (`last`) went through ``add(_:_:at:length:)``.
  ///   - last: a space or a printable ASCII byte.
  /// - Returns: the offset of the first byte the run does not cover.
  @inline(__always)
  private mutating func scanPrintableASCII(from start: Int, last: UInt8) -> Int {
    let bytes = self.bytes
    let rules = lineBreakRules
    var index = start
    var last = last
    var state = lineBreaks
    var width = segmentWidth
    // A tail here is spaces only: a line-break character would have ended the segment.
    var spaces = tailSpaces
    // The cluster of `last` is a single ASCII scalar or one after a Prepend: no rule-1
    // adjustment is pending, and none arises in the run.
    while index < bytes.count {
      let byte = bytes[index]
      guard ASCIIBytes.isPrintable(byte) else { break }
      if ASCIIBytes.isAlphanumeric(byte) && ASCIIBytes.isAlphanumeric(last) {
        (index, width) = scanWords(from: index, width: width)
        last = bytes[index &- 1]
        state = last &- 0x30 < 10 ? rules.afterNumeric : rules.afterAlphabetic
        continue
      }
      let action = rules.advance(&state, overClassNumber: UnicodeTables.asciiLineBreakClassNumber(byte)) {
        NumberLookahead.numberFollows(in: bytes, from: index &+ 1)
      }
      if action != .prohibited {
        fitter.place(
          body: segmentStart..<(index &- spaces), bodyWidth: width, hangingSpaces: spaces, end: index,
          breaksLine: action == .mandatory, in: bytes)
        segmentStart = index
        width = 0
        spaces = 0
      }
      // Spaces hang until something else follows them in the segment.
      let isSpace = byte == 0x20
      width &+= isSpace ? 0 : spaces &+ 1
      spaces = isSpace ? spaces &+ 1 : 0
      last = byte
      index &+= 1
    }
    lineBreaks = state
    segmentWidth = width
    tailSpaces = spaces
    tailStart = spaces > 0 ? index &- spaces : nil
    if index > start {
      graphemes = graphemeRules.afterOther
      cluster = ClusterWidth(columns: 1)
    }
    return index
  }

  /// Feeds one scalar to the line-break and grapheme rules and the width bookkeeping.
  @inline(__always)
  private mutating func add(
    _ value: UInt32, _ properties: ScalarProperties, at offset: Int, length: Int
  ) {
    let bytes = self.bytes
    let lineBreakClass = properties.lineBreakClass
    let action = lineBreakRules.advance(&lineBreaks, over: lineBreakClass) {
      NumberLookahead.numberFollows(in: bytes, from: offset &+ length)
    }
    if action != .prohibited {
      endSegment(at: offset, mandatory: action == .mandatory)
    }
    if graphemeRules.startsCluster(&graphemes, with: properties.graphemeBreak) {
      segmentWidth &+= cluster.adjustment
      cluster = ClusterWidth(first: properties, value: value)
    } else {
      cluster.add(properties, value: value)
    }
    switch lineBreakClass {
    case .space:
      if tailStart == nil { tailStart = offset }
      tailSpaces &+= 1
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine:
      if tailStart == nil { tailStart = offset }
    default:
      if tailStart != nil {
        // The spaces did not end the segment after all: they are part of the body.
        tailStart = nil
        segmentWidth &+= tailSpaces
        tailSpaces = 0
      }
      segmentWidth &+= properties.columnWidth
    }
  }

  /// Hands the segment that ends at `end` to the fitter and starts the next one.
  @inline(__always)
  private mutating func endSegment(at end: Int, mandatory: Bool) {
    segmentWidth &+= cluster.adjustment
    cluster = ClusterWidth()
    graphemes = GraphemeBreakAutomaton.start
    fitter.place(
      body: segmentStart..<(tailStart ?? end), bodyWidth: segmentWidth, hangingSpaces: tailSpaces,
      end: end, breaksLine: mandatory, in: bytes)
    segmentStart = end
    segmentWidth = 0
    tailStart = nil
    tailSpaces = 0
  }
}
