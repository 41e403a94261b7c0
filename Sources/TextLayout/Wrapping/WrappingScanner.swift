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
/// ``GraphemeBreakAutomaton``). ASCII letters and digits after an ASCII letter or digit
/// never break a line and are clusters of width 1, so runs of them are skipped with one
/// comparison per byte.
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
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        let properties = ScalarProperties(word: UnicodeTables.asciiPropertyWord(lead))
        add(UInt32(lead), properties, at: index, length: 1)
        index &+= 1
        if Self.isPrintable(lead) {
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

  /// Whether `byte` is an ASCII letter or digit: a bit test, without branches.
  @inline(__always)
  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    let digits: UInt64 = 0x03FF_0000_0000_0000  // bits 0x30…0x39
    let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE  // bits 0x41…0x5A and 0x61…0x7A, less 0x40
    let mask = byte < 0x40 ? digits : (byte < 0x80 ? letters : 0)
    return (mask &>> UInt64(byte & 0x3F)) & 1 != 0
  }

  /// Whether `byte` is U+0020…U+007E: a space or a printable ASCII character.
  @inline(__always)
  private static func isPrintable(_ byte: UInt8) -> Bool {
    byte &- 0x20 < 0x5F
  }

  /// Whether, after the ASCII byte `last`, spaces and then an ASCII letter or digit
  /// always break before the letter or digit.
  ///
  /// LB18 (`SP ÷`) decides unless an earlier rule looks through the spaces at the unit
  /// before them: LB8 (ZW, not ASCII) and LB14 (OP) do for any next unit; LB15 to LB17 only
  /// for OP, NS or B2 next, which letters and digits are not. A printable ASCII byte is a
  /// unit of its own (no ASCII is CM), so only OP must be ruled out.
  @inline(__always)
  private static func breaksAfterSpaces(_ last: UInt8) -> Bool {
    // Bits 0x21…0x3F less 0x28 "(", and 0x40…0x7E less 0x5B "[" and 0x7B "{".
    let low: UInt64 = 0xFFFF_FEFF_FFFF_FFFF & ~0x1_FFFF_FFFF
    let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF & ~(1 << 0x1B) & ~(1 << 0x3B)
    let mask = last < 0x40 ? low : (last < 0x80 ? high : 0)
    return (mask &>> UInt64(last & 0x3F)) & 1 != 0
  }

  /// The number of ASCII letters and digits at `offset` and after.
  ///
  /// Eight bytes at a time (SWAR): each byte's high bit says whether it is a letter or a
  /// digit, and the first clear one ends the run, so a word costs no mispredicted loop
  /// exit however long it is.
  @inline(__always)
  private func alphanumericRun(at offset: Int) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = offset
    while index &+ 8 <= bytes.count, let base = bytes.baseAddress {
      let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let ascii = chunk & ~high  // low 7 bits of each byte; the sums below cannot carry
      let folded = ascii | 0x20 &* ones  // A–Z to a–z
      let letters = (folded &+ (0x80 - 0x61) &* ones) & ~(folded &+ (0x7F - 0x7A) &* ones)
      let digits = (ascii &+ (0x80 - 0x30) &* ones) & ~(ascii &+ (0x7F - 0x39) &* ones)
      let alphanumerics = (letters | digits) & ~chunk & high  // and not a non-ASCII byte
      let stop = ~alphanumerics & high
      if stop != 0 {
        return index &- offset &+ stop.trailingZeroBitCount &>> 3
      }
      index &+= 8
    }
    while index < bytes.count && Self.isAlphanumeric(bytes[index]) { index &+= 1 }
    return index &- offset
  }

  /// The scanner's fast path: a run of spaces and printable ASCII after one of them.
  ///
  /// Every such scalar is a grapheme cluster of its own (nothing in the run is Extend,
  /// SpacingMark, ZWJ, Prepend, a control or emoji), 1 column wide, and cannot be absorbed
  /// by LB9 (none is CM or ZWJ), so only the line-break automaton runs, fed from a small
  /// ASCII class table. Two patterns skip even that:
  /// - a letter or digit after a letter or digit cannot break a line (LB23, LB25, LB28)
  ///   and leaves the state where the last of them would, so a run of them is measured
  ///   eight bytes at a time and costs one step;
  /// - spaces then a letter or digit, after a byte ``breaksAfterSpaces(_:)`` accepts,
  ///   end the segment before the letter or digit, and the state after it is known in
  ///   advance (``LineBreakAutomaton/afterSpaceAndLetter``).
  ///
  /// - Parameters:
  ///   - start: where to go on; the byte before it (`last`) went through ``add(_:_:at:length:)``.
  ///   - last: a space or a printable ASCII byte.
  /// - Returns: the offset of the first byte the run does not cover.
  @inline(__always)
  private mutating func scanPrintableASCII(from start: Int, last: UInt8) -> Int {
    let bytes = self.bytes
    var index = start
    var last = last
    // The cluster of `last` is a single ASCII scalar or one after a Prepend: no rule-1
    // adjustment is pending, and none arises in the run.
    // The line-break state skips a run of letters and digits; it is brought up to date
    // with one step only if something other than the space shortcut follows.
    var stateIsBehind = false
    while true {
      if Self.isAlphanumeric(last) {
        let run = alphanumericRun(at: index)
        if run > 0 {
          index &+= run
          segmentWidth &+= run
          last = bytes[index &- 1]
          stateIsBehind = true
        }
      }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == 0x20 && Self.breaksAfterSpaces(last) {
        var wordStart = index &+ 1
        while wordStart < bytes.count && bytes[wordStart] == 0x20 { wordStart &+= 1 }
        if wordStart < bytes.count && Self.isAlphanumeric(bytes[wordStart]) {
          fitter.place(
            body: segmentStart..<index, bodyWidth: segmentWidth, hangingSpaces: wordStart &- index,
            end: wordStart, breaksLine: false, in: bytes)
          last = bytes[wordStart]
          lineBreaks =
            last &- 0x30 < 10 ? lineBreakRules.afterSpaceAndDigit : lineBreakRules.afterSpaceAndLetter
          stateIsBehind = false
          segmentStart = wordStart
          segmentWidth = 1
          index = wordStart &+ 1
          continue
        }
      }
      if stateIsBehind {
        stateIsBehind = false
        _ = lineBreakRules.advance(
          &lineBreaks, over: UnicodeTables.asciiLineBreakClass(last), followedByNumber: { false })
      }
      guard Self.isPrintable(byte) else { break }
      let action = lineBreakRules.advance(&lineBreaks, over: UnicodeTables.asciiLineBreakClass(byte)) {
        Self.numberFollows(in: bytes, from: index &+ 1)
      }
      if action != .prohibited {
        endSegment(at: index, mandatory: action == .mandatory)
      }
      if byte == 0x20 {
        if tailStart == nil { tailStart = index }
        tailSpaces &+= 1
      } else {
        if tailStart != nil {
          tailStart = nil
          segmentWidth &+= tailSpaces
          tailSpaces = 0
        }
        segmentWidth &+= 1
      }
      last = byte
      index &+= 1
    }
    if stateIsBehind {
      _ = lineBreakRules.advance(
        &lineBreaks, over: UnicodeTables.asciiLineBreakClass(last), followedByNumber: { false })
    }
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
      Self.numberFollows(in: bytes, from: offset &+ length)
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

  /// Whether the first scalar at or after `offset` that is not CM or ZWJ is NU (LB25).
  private static func numberFollows(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
    var index = offset
    while index < bytes.count {
      let scalar = UTF8Decoding.decode(bytes, at: index)
      let lineBreakClass = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
        .lineBreakClass
      switch lineBreakClass {
      case .combiningMark, .zeroWidthJoiner: index &+= scalar.length
      case .numeric: return true
      default: return false
      }
    }
    return false
  }
}
