/// Wraps UTF-8 text in one pass: line-break rules, cluster widths and greedy fitting.
///
/// The scanner decodes scalars, looks each one up once, feeds the line-break state and
/// the grapheme state, and adds up the width of the current segment. When the line-break
/// rules allow a break, the segment is done and goes to the ``GreedyLineFitter``. A break
/// opportunity inside a grapheme cluster is not taken (clusters are atomic for line breaking,
/// as UAX #29 intends), so segments hold whole clusters: a segment's width is the width of its
/// text on its own, and a line's width is `displayWidth` of its text.
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
/// ``GraphemeBreakAutomaton``). Runs of printable ASCII, which most chat text is made of,
/// take a fast path (see ``scanPrintableASCII(from:to:last:)``): a long run goes to
/// ``PrintableASCIIWrapper``, which finds line ends without scanning every word, and the
/// rest runs only the line-break automaton, with words of letters and digits measured
/// eight bytes at a time, a whole `word SP` per step.
struct WrappingScanner<Sink: LineSink> {
  /// The shortest run of printable ASCII worth handing to ``PrintableASCIIWrapper``: it
  /// still scans a word at each end of the run, byte by byte.
  private static var shortestWrappedRun: Int { 24 }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var fitter: GreedyLineFitter<Sink, ColumnClusterWidths>
  private let lineBreakRules = LineBreakAutomaton.shared
  private let graphemeRules = GraphemeBreakAutomaton.shared
  private var lineBreaks = LineBreakAutomaton.start
  private var graphemes = GraphemeBreakAutomaton.start
  private var cluster = ClusterWidth()
  /// Whether `cluster` is one whose width the sink may hear of (``LineSink/noteZeroWidthCluster()``):
  /// started by a scalar that is not a line break. Clusters of printable ASCII, one column
  /// wide, are not tracked.
  private var clusterIsTracked = false
  private var segmentStart = 0
  /// The width of the segment so far, without its tail.
  private var segmentWidth = 0
  /// Where the hanging tail starts, when the segment ends in spaces or a line break.
  private var tailStart: Int?
  private var tailSpaces = 0
  /// How many ill-formed UTF-8 subsequences were read as U+FFFD.
  private(set) var replacementCount = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, sink: Sink) {
    self.bytes = bytes
    self.fitter = GreedyLineFitter(maxWidth: maxWidth, sink: sink)
  }

  /// Wraps `bytes` at `maxWidth` columns.
  ///
  /// - Parameters:
  ///   - bytes: the text as UTF-8, possibly ill-formed.
  ///   - maxWidth: the line width in columns, at least 1.
  ///   - sink: receives the lines.
  /// - Returns: the sink with every line, and how many ill-formed UTF-8 subsequences were
  ///   read as U+FFFD.
  /// - Complexity: O(n) for n bytes.
  static func wrap(
    _ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, sink: Sink
  ) -> (sink: Sink, replacementCount: Int) {
    let count = bytes.count
    let printableCount = ASCIIBytes.printableRunEnd(in: bytes, from: 0)
    if printableCount == count && count <= maxWidth {
      // Most chat messages: printable ASCII no wider than the line. Each byte is a
      // one-column cluster and nothing forces a break, so the text is one line whose
      // width runs to its last non-space; the scanner is not needed.
      var end = count
      while end > 0 && bytes[end &- 1] == 0x20 { end &-= 1 }
      var fitter = GreedyLineFitter(maxWidth: maxWidth, sink: sink)
      fitter.placeSingleLine(contentEnd: end)
      fitter.finish()
      return (fitter.sink, 0)
    }
    var scanner = WrappingScanner(bytes: bytes, maxWidth: maxWidth, sink: sink)
    let lines = scanner.run(printableCount: printableCount)
    return (lines, scanner.replacementCount)
  }

  /// Wraps the whole text and returns the sink with every line.
  ///
  /// - Parameter printableCount: how many bytes at the start are printable ASCII.
  private mutating func run(printableCount: Int) -> Sink {
    let bytes = self.bytes
    let count = bytes.count
    var index = 0
    if printableCount > 0 {
      // The start of the text is a place to wrap from: the automaton's state and an
      // empty segment are all it needs; `last` = space sends the first byte through the
      // automaton.
      index = scanPrintableASCII(from: 0, to: printableCount, last: 0x20)
    }
    while index < count {
      index = scanScalars(from: index)
      let last = bytes[index &- 1]
      if ASCIIBytes.isPrintable(last) {
        index = scanPrintableASCII(
          from: index, to: ASCIIBytes.printableRunEnd(in: bytes, from: index), last: last)
      }
    }
    if Sink.notesZeroWidthClusters { noteEndOfCluster() }
    if segmentStart < count {  // nothing is pending when the wrapper placed the text's end
      endSegment(at: count, mandatory: false)
    }
    fitter.finish()
    return fitter.sink
  }

  /// Ends the current segment at `end`, before `spacesAfter` hanging spaces, with a body
  /// of `width` columns; the next segment starts after the spaces.
  @inline(__always)
  private mutating func placeWord(endingAt end: Int, width: Int, spacesAfter: Int) {
    fitter.place(
      body: segmentStart..<end, bodyWidth: width, hangingWidth: spacesAfter, end: end &+ spacesAfter,
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
  /// - Parameters:
  ///   - start: the offset of the letter or digit.
  ///   - limit: where to stop at the latest; a step that would take a byte at or past it
  ///     is left to the caller. (A run of letters and digits cannot end past it: `limit`
  ///     is the end of a run of printable ASCII or a letter or digit after a space.)
  ///   - width: the body width of the current segment so far.
  /// - Returns: the offset after the last letter or digit measured, the body width of the
  ///   current segment so far.
  @inline(__always)
  private mutating func scanWords(from start: Int, before limit: Int, width: Int) -> (index: Int, width: Int)
  {
    let high: UInt64 = 0x8080_8080_8080_8080
    var index = start
    var width = width
    while index < limit {
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
      let end = index &+ run
      if rest & 0xFF == 0x20 && restAlphanumerics & 0x8000 != 0 && end &+ 2 <= limit {
        // `word SP word`
        placeWord(endingAt: end, width: width &+ run, spacesAfter: 1)
        width = 1
        index = end &+ 2
        continue
      }
      let stopByte = UInt8(truncatingIfNeeded: rest)
      if (rest &>> 8) & 0xFF == 0x20 && restAlphanumerics & 0x80_0000 != 0
        && ASCIIBytes.isTrailingPunctuation(stopByte) && end &+ 3 <= limit
      {
        // `word, word`, `word) word`, `word? word`: see `isTrailingPunctuation`.
        placeWord(endingAt: end &+ 1, width: width &+ run &+ 1, spacesAfter: 1)
        width = 1
        index = end &+ 3
      } else if stopByte == UInt8(ascii: "'") && restAlphanumerics & 0x8000 != 0 && end &+ 2 <= limit {
        // `what's`: no break on either side of a quotation mark (LB19).
        width &+= run &+ 2
        index = end &+ 2
      } else {
        return (end, width &+ run)
      }
    }
    return (index, width)
  }

  /// The scanner's fast path: a run of printable ASCII after a space or printable ASCII.
  ///
  /// A run long enough goes to ``PrintableASCIIWrapper``, which needs a place to start
  /// where no segment is pending and the automaton's state is known: the start of the text,
  /// or a word start. Usually the current line has room for the pending segment and the
  /// run up to a word start near the line's end; then the segments up to that word start
  /// go to the fitter as one, which places them as it would one by one, since they all
  /// fit. Otherwise ``scanASCII(from:to:last:)`` goes to the run's first word start. The
  /// wrapper places the lines up to where the run's last word starts, and that scan takes
  /// the rest.
  ///
  /// - Parameters:
  ///   - start: where to go on; the byte before it (`last`) went through ``add(_:_:at:length:)``,
  ///     or `start` is the start of the text.
  ///   - end: the end of the run, from ``ASCIIBytes/printableRunEnd(in:from:)``.
  ///   - last: a space or a printable ASCII byte.
  /// - Returns: `end`.
  @inline(__always)
  private mutating func scanPrintableASCII(from start: Int, to end: Int, last: UInt8) -> Int {
    guard end &- start >= Self.shortestWrappedRun else {
      return scanASCII(from: start, to: end, last: last)
    }
    let wrapper = PrintableASCIIWrapper(bytes: bytes, rules: lineBreakRules)
    var from = PrintableASCIIWrapper.Position(offset: start, state: lineBreaks)
    if start > 0 {
      // The columns the line has left for the run, with the pending segment on it.
      let room = fitter.maxWidth &- fitter.width &- segmentWidth &- tailSpaces
      // `room` can be near `Int.max`: compared before it is added, so nothing wraps.
      let highest = room >= end &- 1 &- start ? end &- 1 : start &+ room
      if room > 0, let wordStart = wrapper.lastWordStart(after: start, atOrBefore: highest) {
        endSegment(atWordStart: wordStart.offset, runStart: start)
        from = wordStart
        if highest == end &- 1 && end < bytes.count {
          // The run's last word start: the rest is for the scan.
          return scanRunEnd(from: wordStart, to: end)
        }
      } else if let wordStart = wrapper.firstWordStart(in: start..<end) {
        _ = scanASCII(from: start, to: wordStart, last: last)
        endSegment(at: wordStart, mandatory: false)  // a word start is a break opportunity
        from.offset = wordStart
        from.state = lineBreaks
      } else {
        return scanASCII(from: start, to: end, last: last)
      }
    }
    return scanRunEnd(from: wrapper.placeLines(from: from, runEnd: end, into: &fitter), to: end)
  }

  /// Scans the end of a printable ASCII run from a place where no segment is pending.
  ///
  /// Usually the rest is a word of letters and digits, with spaces after it: then no rule
  /// breaks inside it (LB23, LB25, LB28, LB7), the state after its letters and digits
  /// depends on the last one's class alone, and the word and its spaces are simply the
  /// current segment. Otherwise ``scanASCII(from:to:last:)`` takes the rest.
  ///
  /// - Returns: `end`.
  @inline(__always)
  private mutating func scanRunEnd(from start: PrintableASCIIWrapper.Position, to end: Int) -> Int {
    lineBreaks = start.state
    segmentStart = start.offset
    var wordEnd = start.offset
    while wordEnd < end && ASCIIBytes.isAlphanumeric(bytes[wordEnd]) { wordEnd &+= 1 }
    var spacesEnd = wordEnd
    while spacesEnd < end && bytes[spacesEnd] == 0x20 { spacesEnd &+= 1 }
    guard wordEnd > start.offset && spacesEnd == end else {
      // The line has room here: the byte at `start` goes through the automaton like the
      // first of a text, and a break before it places an empty segment, which changes
      // nothing.
      return scanASCII(from: start.offset, to: end, last: 0x20)
    }
    let rules = lineBreakRules
    var state = bytes[wordEnd &- 1] &- 0x30 < 10 ? rules.afterNumeric : rules.afterAlphabetic
    let spaceClass = UnicodeTables.asciiLineBreakClassNumber(0x20)
    for _ in wordEnd..<end { _ = rules.advance(&state, overClassNumber: spaceClass) { false } }
    lineBreaks = state
    segmentWidth = wordEnd &- start.offset
    tailSpaces = end &- wordEnd
    tailStart = tailSpaces > 0 ? wordEnd : nil
    graphemes = graphemeRules.afterOther
    cluster = ClusterWidth(columns: 1)
    clusterIsTracked = false
    return end
  }

  /// Ends the pending segment and the segments of a printable ASCII run that follow it, up
  /// to a word start in the run, as one segment that fits on the line.
  ///
  /// - Parameters:
  ///   - wordStart: the offset of a word start after `runStart`.
  ///   - runStart: where the run starts; the bytes before it went through the scanner.
  @inline(__always)
  private mutating func endSegment(atWordStart wordStart: Int, runStart: Int) {
    var bodyEnd = wordStart &- 1
    while bytes[bodyEnd &- 1] == 0x20 { bodyEnd &-= 1 }  // a letter or digit stops it
    // Spaces that end the pending segment join the body when the run adds to it. The
    // cluster of the byte before the run is printable ASCII: no rule-1 adjustment.
    let bodyWidth = bodyEnd > runStart ? segmentWidth &+ tailSpaces &+ (bodyEnd &- runStart) : segmentWidth
    fitter.place(
      body: segmentStart..<bodyEnd, bodyWidth: bodyWidth, hangingWidth: wordStart &- bodyEnd, end: wordStart,
      breaksLine: false, in: bytes)
    segmentStart = wordStart
    segmentWidth = 0
    tailStart = nil
    tailSpaces = 0
    cluster = ClusterWidth()
    clusterIsTracked = false
  }

  /// Scans printable ASCII byte by byte (word by word where it can).
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
  ///   - start: where to go on; the byte before it (`last`) went through the scanner.
  ///   - end: where to stop: the end of the run, or a word start in it.
  ///   - last: a space or a printable ASCII byte.
  /// - Returns: `end`.
  @inline(__always)
  private mutating func scanASCII(from start: Int, to end: Int, last: UInt8) -> Int {
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
    while index < end {
      let byte = bytes[index]
      if ASCIIBytes.isAlphanumeric(byte) && ASCIIBytes.isAlphanumeric(last) {
        (index, width) = scanWords(from: index, before: end, width: width)
        last = bytes[index &- 1]
        state = last &- 0x30 < 10 ? rules.afterNumeric : rules.afterAlphabetic
        continue
      }
      let action = rules.advance(&state, overClassNumber: UnicodeTables.asciiLineBreakClassNumber(byte)) {
        NumberLookahead.numberFollows(in: bytes, from: index &+ 1)
      }
      if action != .prohibited {
        fitter.place(
          body: segmentStart..<(index &- spaces), bodyWidth: width, hangingWidth: spaces, end: index,
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
      clusterIsTracked = false
    }
    return index
  }

  /// Feeds scalars to ``add(_:_:at:length:)`` from `start` up to the first printable ASCII
  /// byte, which it adds too, or the end of the text.
  ///
  /// - Returns: the offset after the last scalar added.
  private mutating func scanScalars(from start: Int) -> Int {
    let bytes = self.bytes
    var index = start
    while index < bytes.count {
      let lead = bytes[index]
      let scalar: DecodedScalar
      let word: UInt16
      if lead < 0x80 {
        scalar = DecodedScalar(value: UInt32(lead), length: 1, isValid: true)
        word = UnicodeTables.asciiPropertyWord(lead)
      } else {
        scalar = UTF8Decoding.decodeNonASCII(bytes, at: index, lead: lead)
        if !scalar.isValid { replacementCount &+= 1 }
        word = UnicodeTables.propertyWord(of: scalar.value)
      }
      add(scalar.value, ScalarProperties(word: word), at: index, length: scalar.length)
      index &+= scalar.length
      if ASCIIBytes.isPrintable(lead) { break }
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
    let startsCluster = graphemeRules.startsCluster(&graphemes, with: properties.graphemeBreak)
    if Sink.notesZeroWidthClusters, startsCluster { noteEndOfCluster() }
    let action = lineBreakRules.advance(&lineBreaks, over: lineBreakClass) {
      NumberLookahead.numberFollows(in: bytes, from: offset &+ length)
    }
    // An opportunity inside a cluster is not taken. A mandatory break always follows a control
    // character, which ends its cluster (GB4), so it is never dropped here.
    if action != .prohibited && startsCluster {
      endSegment(at: offset, mandatory: action == .mandatory)
    }
    if startsCluster {
      segmentWidth &+= cluster.adjustment
      cluster = ClusterWidth(first: properties, value: value)
      if Sink.notesZeroWidthClusters {
        switch lineBreakClass {
        case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: clusterIsTracked = false
        default: clusterIsTracked = true
        }
        // A space after a prepended mark joins its cluster (GB9b), yet a line's content ends
        // before its hanging spaces: the line may end in the mark alone, a cluster of no
        // width. Told at once, whatever the cluster's width turns out to be.
        if properties.graphemeBreak == .prepend { fitter.noteZeroWidthCluster() }
      }
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

  /// Tells the sink when the cluster that ends here has no width.
  @inline(__always)
  private mutating func noteEndOfCluster() {
    if clusterIsTracked && cluster.width == 0 { fitter.noteZeroWidthCluster() }
    clusterIsTracked = false
  }

  /// Hands the segment that ends at `end` to the fitter and starts the next one.
  @inline(__always)
  private mutating func endSegment(at end: Int, mandatory: Bool) {
    segmentWidth &+= cluster.adjustment
    cluster = ClusterWidth()
    fitter.place(
      body: segmentStart..<(tailStart ?? end), bodyWidth: segmentWidth, hangingWidth: tailSpaces,
      end: end, breaksLine: mandatory, in: bytes)
    segmentStart = end
    segmentWidth = 0
    tailStart = nil
    tailSpaces = 0
  }
}
