/// Wraps text that is all printable ASCII by finding where each line ends, instead of
/// placing the text segment by segment.
///
/// In such text every byte is a cluster one column wide, so columns are byte offsets and
/// greedy fitting only needs the break opportunities near each line's end. A line that
/// starts at `L` holds every segment whose body ends by `L + W`; with `p = L + W`, the
/// first byte past the line:
/// - when `p` is a space and the spaces from `p` on end at a break opportunity (or at the
///   end of the text), they hang: the line ends after them;
/// - otherwise the segment that holds `p` does not fit, and the line ends at the last
///   break opportunity in `(L, p]`; when there is none, that segment is wider than a line
///   and is split at `p`, as ``GreedyLineFitter`` splits it.
///
/// The line-break automaton needs a known state to start from. In `alnum SP+ alnum` the
/// rules always allow a break before the second letter or digit (LB18; LB14 to LB17 would
/// need OP, QU, CL, CP or B2 before the spaces), and the state after it depends on its
/// class alone. So for each line the wrapper steps back from `p` to the nearest such place
/// and runs the automaton from there: about a word of work per line instead of a line's
/// worth.
///
/// The wrapper covers the text's printable ASCII prefix. It stops at the start of the
/// first line it cannot settle that way (one that reaches past the prefix, or with no
/// place to start the automaton nearby, as in a long run of punctuation) and hands
/// ``WrappingScanner`` that line's start and the automaton's state there.
struct PrintableASCIIWrapper<Sink: LineSink> {
  /// Where the wrapper stopped: ``WrappingScanner`` goes on from a fresh line at `offset`.
  struct Resumption {
    /// A line's start.
    var offset: Int
    /// The line-break automaton's state after the byte before `offset`.
    var lineBreakState: LineBreakAutomaton.State
    /// The sink with the lines before `offset`.
    var sink: Sink
  }

  /// What ``run()`` did.
  enum Outcome {
    /// Every line is in the sink.
    case finished(Sink)
    /// The lines up to the resumption's offset are in its sink.
    case stopped(Resumption)
  }

  /// How far before a line's start the wrapper looks for a place to start the automaton.
  private static var lookback: Int { 32 }
  private static var space: UInt8 { 0x20 }

  private let bytes: UnsafeBufferPointer<UInt8>
  /// How many bytes at the start are printable ASCII.
  private let printableCount: Int
  private let maxWidth: Int
  private let rules = LineBreakAutomaton.shared
  private var sink: Sink

  /// - Parameters:
  ///   - bytes: the text.
  ///   - printableCount: how many bytes at its start are U+0020…U+007E.
  ///   - maxWidth: the line width in columns, at least 1.
  ///   - sink: receives the lines.
  init(bytes: UnsafeBufferPointer<UInt8>, printableCount: Int, maxWidth: Int, sink: Sink) {
    assert(maxWidth >= 1, "line width below 1")
    self.bytes = bytes
    self.printableCount = printableCount
    self.maxWidth = maxWidth
    self.sink = sink
  }

  /// Wraps the text's lines from its start while it can.
  ///
  /// - Complexity: O(n) for n bytes: each line costs O(W + lookback), and two consecutive
  ///   lines cover more than W bytes.
  mutating func run() -> Outcome {
    let count = bytes.count
    let printableCount = self.printableCount
    var lineStart = 0
    var stateAtLineStart = LineBreakAutomaton.start
    while lineStart &+ maxWidth < count {
      let limit = lineStart &+ maxWidth
      guard limit < printableCount, let anchor = anchor(atOrBefore: limit, lineStart: lineStart) else {
        return .stopped(Resumption(offset: lineStart, lineBreakState: stateAtLineStart, sink: sink))
      }
      var state = anchor.state
      // The last break opportunity in (lineStart, limit], or lineStart for none, and the
      // state before it; and the state before `limit`.
      var lastBreak = lineStart
      var stateAtLastBreak = stateAtLineStart
      if anchor.breakOffset > lineStart {
        lastBreak = anchor.breakOffset
        stateAtLastBreak = anchor.stateBefore
      }
      var stateAtLimit = state
      var index = anchor.resumeOffset
      while index <= limit {
        let before = state
        if breaks(before: index, &state) && index > lineStart {
          lastBreak = index
          stateAtLastBreak = before
        }
        stateAtLimit = before
        index &+= 1
      }
      if bytes[limit] == Self.space {
        var next = limit &+ 1
        while next < printableCount && bytes[next] == Self.space {
          _ = breaks(before: next, &state)  // never: no break before a space (LB7)
          next &+= 1
        }
        if next == count { break }  // the text ends in these spaces: they hang on the last line
        if next == printableCount {
          return .stopped(Resumption(offset: lineStart, lineBreakState: stateAtLineStart, sink: sink))
        }
        let before = state
        if breaks(before: next, &state) {
          endLine(from: lineStart, at: limit)
          lineStart = next
          stateAtLineStart = before
          continue
        }
      }
      if lastBreak > lineStart {
        endLine(from: lineStart, at: lastBreak)
        lineStart = lastBreak
        stateAtLineStart = stateAtLastBreak
      } else {
        sink.addLine(start: lineStart, contentEnd: limit, width: maxWidth)
        lineStart = limit
        stateAtLineStart = stateAtLimit
      }
    }
    guard printableCount == count else {
      return .stopped(Resumption(offset: lineStart, lineBreakState: stateAtLineStart, sink: sink))
    }
    endLine(from: lineStart, at: count)
    return .finished(sink)
  }

  /// A place to start the automaton: the state after the byte before `resumeOffset`, and
  /// a break opportunity at `breakOffset` (0 at the start of the text, where there is none)
  /// with the state before it.
  private struct Anchor {
    var resumeOffset: Int
    var state: LineBreakAutomaton.State
    var breakOffset: Int
    var stateBefore: LineBreakAutomaton.State
  }

  /// The last `alnum SP+ alnum` at or before `limit` and not far before `lineStart`, or
  /// the start of the text when that is near; nil otherwise.
  private func anchor(atOrBefore limit: Int, lineStart: Int) -> Anchor? {
    let floor = lineStart &- Self.lookback
    let lowest = max(floor, 0)
    var index = limit
    while index > lowest {
      guard ASCIIBytes.isAlphanumeric(bytes[index]) && bytes[index &- 1] == Self.space else {
        index &-= 1
        continue
      }
      var spacesStart = index &- 1
      while spacesStart > lowest && bytes[spacesStart &- 1] == Self.space { spacesStart &-= 1 }
      if spacesStart > 0 && ASCIIBytes.isAlphanumeric(bytes[spacesStart &- 1]) {
        var stateBefore = state(after: bytes[spacesStart &- 1])
        for offset in spacesStart..<index { _ = breaks(before: offset, &stateBefore) }
        return Anchor(
          resumeOffset: index &+ 1, state: state(after: bytes[index]), breakOffset: index,
          stateBefore: stateBefore)
      }
      index = spacesStart &- 1
    }
    guard floor <= 0 else { return nil }
    let start = LineBreakAutomaton.start
    return Anchor(resumeOffset: 0, state: start, breakOffset: 0, stateBefore: start)
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

  /// Gives the sink the line from `start` to a break at `end`, less the spaces that hang
  /// before the break.
  @inline(__always)
  private mutating func endLine(from start: Int, at end: Int) {
    var contentEnd = end
    while contentEnd > start && bytes[contentEnd &- 1] == Self.space { contentEnd &-= 1 }
    sink.addLine(start: start, contentEnd: contentEnd, width: contentEnd &- start)
  }
}
