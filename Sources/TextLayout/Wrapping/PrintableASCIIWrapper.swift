/// Wraps a run of printable ASCII by finding where each line ends, instead of placing the
/// run segment by segment. ``WrappingScanner`` hands it every run long enough to be worth it,
/// whether the whole text is printable ASCII or the run sits between other characters.
///
/// In such a run every byte is a cluster one column wide, so columns are byte offsets and
/// greedy fitting only needs the break opportunities near each line's end. From a position
/// `x` where a segment starts on a line that already holds `w` columns, every segment whose
/// body ends by `p = x + W − w` fits; `p` is the first byte past the line:
/// - when `p` is a space and the spaces from `p` on end at a break opportunity, they hang:
///   the segments up to the break fit, and the next one starts a new line;
/// - otherwise the segment that holds `p` does not fit, and the line takes the segments up
///   to the last break opportunity in `(x, p]`; when there is none, the segment at `x`
///   starts a new line, or, on an empty line, is wider than a line and is split at `p`, as
///   ``GreedyLineFitter`` splits it.
/// The segments that fit all go to the fitter as one segment (their spaces in between are
/// part of its body), which places them exactly as it would one by one.
///
/// The line-break automaton needs a known state to start from. In `alnum SP+ alnum` the
/// rules always allow a break before the second letter or digit (LB18; LB14 to LB17 would
/// need OP, QU, CL, CP or B2 before the spaces), and the state after it depends on its
/// class alone: this is a *word start*. So for each line the wrapper steps back from `p`
/// to the nearest word start and runs the automaton from there: about a word of work per
/// line instead of a line's worth. Word starts are found sixteen bytes at a time. When `p`
/// is in a word of letters and digits, or in spaces between two, the bytes alone settle
/// the line's end and the automaton is not needed.
///
/// A run ends at the end of the text or before a byte that is not printable ASCII, and
/// what comes next can change the last segment (a combining mark joins its last cluster,
/// and no rule allows a break before some characters). So the wrapper stops at the last
/// word start that it can place and leaves the rest of the run to the scanner.
struct PrintableASCIIWrapper {
  /// A place to wrap from: the start of the text, a break opportunity, or where a segment
  /// wider than a line was split. No segment is pending there: everything before `offset`
  /// has gone to the fitter.
  struct Position {
    var offset: Int
    /// The line-break automaton's state after the byte before `offset`.
    var state: LineBreakAutomaton.State
  }

  private static var space: UInt8 { 0x20 }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let rules: LineBreakAutomaton

  init(bytes: UnsafeBufferPointer<UInt8>, rules: LineBreakAutomaton) {
    self.bytes = bytes
    self.rules = rules
  }

  /// Places the lines of `start.offset..<runEnd`, all printable ASCII, with `fitter`.
  ///
  /// - Returns: where the scanner goes on, with no segment pending: at or after `start`
  ///   and before `runEnd`, on a line with room left; or the end of the text, when the run
  ///   ends it and every line is placed but the last, which the fitter holds.
  /// - Complexity: O(n + W) for a run of n bytes: each line costs O(W) at most, usually
  ///   O(a word), and two consecutive lines cover more than W bytes.
  func placeLines<Sink>(
    from start: Position, runEnd: Int, into fitter: inout GreedyLineFitter<Sink, ColumnClusterWidths>
  ) -> Position {
    var position = start
    while true {
      let room = fitter.maxWidth &- fitter.width
      guard room > 0 else {
        // Hanging spaces filled the line. A segment never starts with a space (LB7), so the
        // one at `position` has a body, and it starts a new line.
        fitter.startLine(at: position.offset)
        continue
      }
      // `room` can be as large as `Int.max`: compared before it is added, so nothing wraps.
      if room >= runEnd &- position.offset {
        // The rest of the run fits. At the end of the text it is the last segment, and its
        // spaces hang; otherwise its last word goes to the scanner, which sees what follows.
        if runEnd == bytes.count {
          placeSegments(from: position.offset, to: runEnd, into: &fitter)
          return Position(offset: runEnd, state: position.state)
        }
        guard let last = lastWordStart(after: position.offset, atOrBefore: runEnd &- 1) else {
          return position
        }
        placeSegments(from: position.offset, to: last.offset, into: &fitter)
        return last
      }
      let limit = position.offset &+ room
      switch commonLineEnd(from: position, limit: limit, runEnd: runEnd) {
      case .breakAfterLine(let next):
        // Everything up to `next` fits, and the segment there does not.
        placeSegments(from: position.offset, to: next.offset, into: &fitter)
        fitter.startLine(at: next.offset)
        position = next
        continue
      case .noBreak(let stateAtLimit):
        if fitter.width > 0 {
          fitter.startLine(at: position.offset)
        } else {
          let split = Position(offset: limit, state: stateAtLimit)
          splitLine(at: split, from: position, into: &fitter)
          position = split
        }
        continue
      case .unknown:
        break
      }
      var line = lineEnd(from: position, limit: limit)
      if bytes[limit] == Self.space {
        var next = limit &+ 1
        while next < runEnd && bytes[next] == Self.space {
          _ = breaks(before: next, &line.state)  // never: no break before a space (LB7)
          next &+= 1
        }
        if next == runEnd {
          // Whether these spaces hang depends on what follows the run.
          guard line.lastBreak.offset > position.offset else { return position }
          placeSegments(from: position.offset, to: line.lastBreak.offset, into: &fitter)
          return line.lastBreak
        }
        let beforeNext = line.state
        if breaks(before: next, &line.state) {
          // The spaces hang: the segment that holds `limit` fits, the next one cannot.
          placeSegments(from: position.offset, to: next, into: &fitter)
          fitter.startLine(at: next)
          position = Position(offset: next, state: beforeNext)
          continue
        }
      }
      if line.lastBreak.offset > position.offset {
        // The segment that starts at the last break holds `limit`: it does not fit.
        placeSegments(from: position.offset, to: line.lastBreak.offset, into: &fitter)
        fitter.startLine(at: line.lastBreak.offset)
        position = line.lastBreak
      } else if fitter.width > 0 {
        fitter.startLine(at: position.offset)
      } else {
        let split = Position(offset: limit, state: line.stateAtLimit)
        splitLine(at: split, from: position, into: &fitter)
        position = split
      }
    }
  }

  /// What ``commonLineEnd(from:limit:runEnd:)`` found.
  private enum CommonLineEnd {
    /// The last break opportunity in `(start, limit]`, or the one that ends the spaces at
    /// `limit`; the segment there does not fit.
    case breakAfterLine(Position)
    /// No break opportunity in `(start, limit]`; the state after the byte before `limit`.
    case noBreak(LineBreakAutomaton.State)
    /// Something else: the automaton has to look.
    case unknown
  }

  /// The end of a line in the two commonest cases, without the automaton: `limit` is in a
  /// word of letters and digits, or in spaces that follow one and come before one.
  ///
  /// No rule breaks between letters and digits (LB23, LB25, LB28), so in a word the only
  /// break can be at its start, and there is one when spaces and a letter or digit come
  /// before it (LB18). The state after a letter or digit depends on its class alone.
  private func commonLineEnd(from position: Position, limit: Int, runEnd: Int) -> CommonLineEnd {
    let byte = bytes[limit]
    if byte == Self.space {
      var spacesStart = limit
      while spacesStart > 0 && bytes[spacesStart &- 1] == Self.space { spacesStart &-= 1 }
      var next = limit &+ 1
      while next < runEnd && bytes[next] == Self.space { next &+= 1 }
      guard
        next < runEnd && ASCIIBytes.isAlphanumeric(bytes[next]) && spacesStart > 0
          && ASCIIBytes.isAlphanumeric(bytes[spacesStart &- 1])
      else { return .unknown }
      return .breakAfterLine(wordStart(at: next, after: bytes[spacesStart &- 1], spaces: next &- spacesStart))
    }
    guard ASCIIBytes.isAlphanumeric(byte) else { return .unknown }
    var wordStart = limit
    while wordStart > position.offset && ASCIIBytes.isAlphanumeric(bytes[wordStart &- 1]) { wordStart &-= 1 }
    if wordStart == position.offset {
      // Letters and digits from `position` (before `limit`) on: the state before `limit` is
      // the one after the letter or digit before it.
      return .noBreak(state(after: bytes[limit &- 1]))
    }
    guard bytes[wordStart &- 1] == Self.space, let start = self.wordStart(at: wordStart) else {
      return .unknown
    }
    return .breakAfterLine(start)
  }

  /// Places a line that one segment wider than the line fills: its first W columns, from
  /// `start` to `limit`, as ``GreedyLineFitter`` places it cluster by cluster.
  private func splitLine<Sink>(
    at limit: Position, from start: Position, into fitter: inout GreedyLineFitter<Sink, ColumnClusterWidths>
  ) {
    fitter.place(
      body: start.offset..<limit.offset, bodyWidth: limit.offset &- start.offset, hangingWidth: 0,
      end: limit.offset, breaksLine: false, in: bytes)
    fitter.startLine(at: limit.offset)
  }

  /// The first word start in `range`, where wrapping can begin in a run that starts at
  /// `range.lowerBound` (the byte before it, when printable ASCII, may be the first letter
  /// or digit of the `alnum SP+ alnum`).
  func firstWordStart(in range: Range<Int>) -> Int? {
    var blockStart = range.lowerBound
    while blockStart < range.upperBound {
      var candidates = ASCIIBytes.wordStarts(in: bytes, at: blockStart)
      let lanes = range.upperBound &- blockStart
      if lanes < 16 { candidates &= (1 &<< UInt32(lanes)) &- 1 }
      while candidates != 0 {
        let offset = blockStart &+ candidates.trailingZeroBitCount
        if wordStart(at: offset) != nil { return offset }
        candidates &= candidates &- 1
      }
      blockStart &+= 16
    }
    return nil
  }

  /// What the automaton says about a line that ends before `limit`.
  private struct LineEnd {
    /// The last break opportunity in `(start, limit]`, or the start when there is none.
    var lastBreak: Position
    /// The state after the byte before `limit`.
    var stateAtLimit: LineBreakAutomaton.State
    /// The state after `limit`.
    var state: LineBreakAutomaton.State
  }

  /// Runs the automaton up to `limit`, from the last word start in `(position, limit]` or,
  /// when there is none, from `position`.
  private func lineEnd(from position: Position, limit: Int) -> LineEnd {
    var line: LineEnd
    var index: Int
    if let wordStart = lastWordStart(after: position.offset, atOrBefore: limit) {
      let state = state(after: bytes[wordStart.offset])
      line = LineEnd(lastBreak: wordStart, stateAtLimit: wordStart.state, state: state)
      index = wordStart.offset &+ 1
    } else {
      line = LineEnd(lastBreak: position, stateAtLimit: position.state, state: position.state)
      index = position.offset
    }
    while index <= limit {
      let before = line.state
      if breaks(before: index, &line.state) && index > position.offset {
        line.lastBreak = Position(offset: index, state: before)
      }
      line.stateAtLimit = before
      index &+= 1
    }
    return line
  }

  /// The last word start in `(lowest, highest]`, as a position.
  ///
  /// Looks at sixteen bytes at a time, ending at `highest`: lane `i` is the byte at
  /// `highest − 15 + i`. A letter or digit in lane 0 has the byte before it outside the
  /// window; the next window, fifteen bytes lower, has it in lane 15.
  func lastWordStart(after lowest: Int, atOrBefore highest: Int) -> Position? {
    var last = highest
    while last > lowest {
      let first = last &- 15
      let window = ASCIIBytes.block(of: bytes, at: first)
      let afterSpace = ASCIIBytes.shiftedUp(ASCIIBytes.lanes(of: window, equalTo: Self.space))
      var starts = ASCIIBytes.laneBits(ASCIIBytes.alphanumericLanes(of: window) & afterSpace)
      let lowestLane = lowest &- first
      if lowestLane >= 0 { starts &= ~0 &<< UInt32(lowestLane &+ 1) }
      while starts != 0 {
        let lane = 31 &- starts.leadingZeroBitCount
        if let position = wordStart(at: first &+ lane) { return position }
        starts &= ~(1 &<< UInt32(lane))
      }
      last = first
    }
    return nil
  }

  /// The position of the word start at `offset`, a letter or digit after a space, if
  /// a letter or digit comes before the spaces.
  ///
  /// - Precondition: the byte before `offset` is a space.
  private func wordStart(at offset: Int) -> Position? {
    assert(bytes[offset &- 1] == Self.space, "not after a space")
    var spacesStart = offset &- 1
    while spacesStart > 0 && bytes[spacesStart &- 1] == Self.space { spacesStart &-= 1 }
    guard spacesStart > 0 && ASCIIBytes.isAlphanumeric(bytes[spacesStart &- 1]) else { return nil }
    return wordStart(at: offset, after: bytes[spacesStart &- 1], spaces: offset &- spacesStart)
  }

  /// The position of the word start at `offset`, which `spaces` spaces and the letter or
  /// digit `alphanumeric` come before.
  @inline(__always)
  private func wordStart(at offset: Int, after alphanumeric: UInt8, spaces: Int) -> Position {
    var state = state(after: alphanumeric)
    let spaceClass = UnicodeTables.asciiLineBreakClassNumber(Self.space)
    for _ in 0..<spaces { _ = rules.advance(&state, overClassNumber: spaceClass) { false } }
    return Position(offset: offset, state: state)
  }

  /// The state after an ASCII letter or digit that LB9 does not absorb: it depends on the
  /// class alone.
  @inline(__always)
  private func state(after alphanumeric: UInt8) -> LineBreakAutomaton.State {
    alphanumeric &- 0x30 < 10 ? rules.afterNumeric : rules.afterAlphabetic
  }

  /// Moves `state` over the byte at `index`; true if a line may break before it.
  @inline(__always)
  private func breaks(before index: Int, _ state: inout LineBreakAutomaton.State) -> Bool {
    let bytes = self.bytes
    let classNumber = UnicodeTables.asciiLineBreakClassNumber(bytes[index])
    let action = rules.advance(&state, overClassNumber: classNumber) {
      NumberLookahead.numberFollows(in: bytes, from: index &+ 1)
    }
    // Printable ASCII has no mandatory break.
    return action != .prohibited
  }

  /// Gives the fitter the segments from `start` to a break at `end` as one segment, whose
  /// hanging tail is the spaces before `end`. They all fit on the current line.
  @inline(__always)
  private func placeSegments<Sink>(
    from start: Int, to end: Int, into fitter: inout GreedyLineFitter<Sink, ColumnClusterWidths>
  ) {
    var bodyEnd = end
    while bodyEnd > start && bytes[bodyEnd &- 1] == Self.space { bodyEnd &-= 1 }
    assert(fitter.width &+ (bodyEnd &- start) <= fitter.maxWidth, "segments that do not fit")
    fitter.place(
      body: start..<bodyEnd, bodyWidth: bodyEnd &- start, hangingWidth: end &- bodyEnd, end: end,
      breaksLine: false, in: bytes)
  }
}
