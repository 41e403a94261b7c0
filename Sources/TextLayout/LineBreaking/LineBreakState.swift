/// The rules of UAX #14 (Unicode 15.0) applied one scalar at a time.
///
/// Feed the scalars' classes in order; each call says whether a line may break before
/// that scalar. The state keeps what the rules look back at: the class of the previous
/// unit after LB9 and LB10 (`X CM*` counts as `X`; a lone CM or ZWJ as AL), the class
/// before a run of spaces (LB8, LB14–LB17), whether a ZWJ came last (LB8a), whether a
/// hyphen follows a Hebrew letter (LB21a), where a number is (the LB25 tailoring of
/// Example 7, section 8.2, which LineBreakTest.txt uses) and the parity of regional
/// indicators (LB30a). The one rule that looks ahead, `(PR | PO) × (OP | HY)? NU`, asks
/// the caller through `followedByNumber`.
///
/// The state is a small value (``LineBreakAutomaton`` enumerates every reachable one):
/// fields that no rule can read are kept at a fixed value so equal behavior means equal
/// state.
struct LineBreakState: Hashable {
  /// Where the current unit stands in the LB25 number pattern.
  private enum NumberContext: Hashable {
    case none
    /// After `NU (NU | SY | IS)*`.
    case digits
    /// After `NU (NU | SY | IS)* (CL | CP)`.
    case closed
  }

  private var atStart = true
  /// The previous unit's class after LB9 and LB10.
  private var previous = LineBreakClass.alphabetic
  /// The class before the spaces when `previous` is `.space`.
  private var beforeSpaces = LineBreakClass.space
  private var lastWasZeroWidthJoiner = false
  private var afterHebrewLetterHyphen = false
  private var number = NumberContext.none
  private var oddRegionalIndicators = false

  /// Takes the next scalar's class and says what happens before it.
  ///
  /// - Parameters:
  ///   - scalarClass: the class of the next scalar.
  ///   - followedByNumber: whether the unit after this scalar (skipping CM and ZWJ) is NU;
  ///     called only for OP or HY after PR or PO.
  /// - Returns: the action at the position before the scalar; `.prohibited` for the first.
  /// - Complexity: O(1), plus whatever `followedByNumber` costs.
  @inline(__always)
  mutating func advance(
    _ scalarClass: LineBreakClass, followedByNumber: () -> Bool
  ) -> BreakAction {
    let isCombining = scalarClass == .combiningMark || scalarClass == .zeroWidthJoiner
    if atStart {
      atStart = false
      lastWasZeroWidthJoiner = scalarClass == .zeroWidthJoiner
      // LB10; `.space` as the unit before: nothing any rule looks for.
      enter(isCombining ? .alphabetic : scalarClass, after: .space)
      return .prohibited  // LB2
    }
    // LB9: X (CM | ZWJ)* is X, unless X is BK, CR, LF, NL, SP or ZW.
    let absorbed: Bool
    switch previous {
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace:
      absorbed = false
    default:
      absorbed = isCombining
    }
    let current = absorbed ? previous : (isCombining ? .alphabetic : scalarClass)
    let action = decide(scalarClass, resolved: current, absorbed: absorbed, followedByNumber)
    lastWasZeroWidthJoiner = scalarClass == .zeroWidthJoiner
    if !absorbed {
      enter(current, after: previous)
    }
    return action
  }

  /// Rules LB4 to LB31 for the position between the previous unit and `current`.
  @inline(__always)
  private func decide(
    _ original: LineBreakClass, resolved current: LineBreakClass, absorbed: Bool,
    _ followedByNumber: () -> Bool
  ) -> BreakAction {
    switch previous {
    case .mandatoryBreak, .lineFeed, .nextLine: return .mandatory  // LB4, LB5
    case .carriageReturn: return original == .lineFeed ? .prohibited : .mandatory  // LB5
    default: break
    }
    switch original {
    case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: return .prohibited  // LB6
    case .space, .zeroWidthSpace: return .prohibited  // LB7
    default: break
    }
    let afterSpaces = previous == .space
    let before = afterSpaces ? beforeSpaces : previous
    if before == .zeroWidthSpace { return .allowed }  // LB8
    if lastWasZeroWidthJoiner || absorbed { return .prohibited }  // LB8a, LB9
    return decidePair(current, before: before, afterSpaces: afterSpaces, followedByNumber)
  }

  /// Rules LB11 to LB31, where `current` is the unit's class after LB10.
  @inline(__always)
  private func decidePair(
    _ current: LineBreakClass, before: LineBreakClass, afterSpaces: Bool,
    _ followedByNumber: () -> Bool
  ) -> BreakAction {
    if current == .wordJoiner || previous == .wordJoiner { return .prohibited }  // LB11
    if previous == .glue { return .prohibited }  // LB12
    switch current {
    case .glue:  // LB12a
      if previous != .space && previous != .breakAfter && previous != .hyphen { return .prohibited }
    case .closePunctuation, .closeParenthesis, .eastAsianCloseParenthesis, .exclamation,
      .infixNumericSeparator, .breakSymbols:
      return .prohibited  // LB13
    default: break
    }
    // LB14 to LB17 look through spaces at `before`, the unit before them.
    switch before {
    case .openPunctuation, .eastAsianOpenPunctuation: return .prohibited  // LB14
    case .quotation:  // LB15
      if current == .openPunctuation || current == .eastAsianOpenPunctuation { return .prohibited }
    case .closePunctuation, .closeParenthesis, .eastAsianCloseParenthesis:  // LB16
      if current == .nonstarter { return .prohibited }
    case .breakBoth:  // LB17
      if current == .breakBoth { return .prohibited }
    default: break
    }
    if afterSpaces { return .allowed }  // LB18
    return decideAdjacent(current, followedByNumber)
  }

  /// Rules LB19 to LB31, for units with no space between them.
  @inline(__always)
  private func decideAdjacent(
    _ current: LineBreakClass, _ followedByNumber: () -> Bool
  ) -> BreakAction {
    if current == .quotation || previous == .quotation { return .prohibited }  // LB19
    if current == .contingentBreak || previous == .contingentBreak { return .allowed }  // LB20
    switch current {
    case .breakAfter, .hyphen, .nonstarter: return .prohibited  // LB21
    case .inseparable: return .prohibited  // LB22
    default: break
    }
    if previous == .breakBefore || afterHebrewLetterHyphen { return .prohibited }  // LB21, LB21a
    if previous == .breakSymbols && current == .hebrewLetter { return .prohibited }  // LB21b
    switch (previous, current) {
    case (.alphabetic, .numeric), (.hebrewLetter, .numeric),  // LB23
      (.numeric, .alphabetic), (.numeric, .hebrewLetter),
      (.prefixNumeric, .ideographic), (.prefixNumeric, .unassignedPictographic),  // LB23a
      (.prefixNumeric, .emojiBase), (.prefixNumeric, .emojiModifier),
      (.ideographic, .postfixNumeric), (.unassignedPictographic, .postfixNumeric),
      (.emojiBase, .postfixNumeric), (.emojiModifier, .postfixNumeric),
      (.prefixNumeric, .alphabetic), (.prefixNumeric, .hebrewLetter),  // LB24
      (.postfixNumeric, .alphabetic), (.postfixNumeric, .hebrewLetter),
      (.alphabetic, .prefixNumeric), (.alphabetic, .postfixNumeric),
      (.hebrewLetter, .prefixNumeric), (.hebrewLetter, .postfixNumeric):
      return .prohibited
    default: break
    }
    if let action = decideNumber(current, followedByNumber) { return action }
    switch (previous, current) {
    case (.hangulLeadingJamo, .hangulLeadingJamo), (.hangulLeadingJamo, .hangulVowelJamo),  // LB26
      (.hangulLeadingJamo, .hangulLVSyllable), (.hangulLeadingJamo, .hangulLVTSyllable),
      (.hangulVowelJamo, .hangulVowelJamo), (.hangulVowelJamo, .hangulTrailingJamo),
      (.hangulLVSyllable, .hangulVowelJamo), (.hangulLVSyllable, .hangulTrailingJamo),
      (.hangulTrailingJamo, .hangulTrailingJamo), (.hangulLVTSyllable, .hangulTrailingJamo),
      (.hangulLeadingJamo, .postfixNumeric), (.hangulVowelJamo, .postfixNumeric),  // LB27
      (.hangulTrailingJamo, .postfixNumeric), (.hangulLVSyllable, .postfixNumeric),
      (.hangulLVTSyllable, .postfixNumeric),
      (.prefixNumeric, .hangulLeadingJamo), (.prefixNumeric, .hangulVowelJamo),
      (.prefixNumeric, .hangulTrailingJamo), (.prefixNumeric, .hangulLVSyllable),
      (.prefixNumeric, .hangulLVTSyllable),
      (.alphabetic, .alphabetic), (.alphabetic, .hebrewLetter),  // LB28
      (.hebrewLetter, .alphabetic), (.hebrewLetter, .hebrewLetter),
      (.infixNumericSeparator, .alphabetic), (.infixNumericSeparator, .hebrewLetter),  // LB29
      (.alphabetic, .openPunctuation), (.hebrewLetter, .openPunctuation),  // LB30
      (.numeric, .openPunctuation),
      (.closeParenthesis, .alphabetic), (.closeParenthesis, .hebrewLetter),
      (.closeParenthesis, .numeric),
      (.emojiBase, .emojiModifier), (.unassignedPictographic, .emojiModifier):  // LB30b
      return .prohibited
    case (.regionalIndicator, .regionalIndicator):  // LB30a
      return oddRegionalIndicators ? .prohibited : .allowed
    default:
      return .allowed  // LB31
    }
  }

  /// LB25 as tailored in Example 7: nil when it says nothing.
  @inline(__always)
  private func decideNumber(
    _ current: LineBreakClass, _ followedByNumber: () -> Bool
  ) -> BreakAction? {
    switch current {
    case .numeric:
      switch previous {
      case .prefixNumeric, .postfixNumeric, .openPunctuation, .eastAsianOpenPunctuation, .hyphen:
        return .prohibited  // (PR | PO) × NU, (OP | HY) × NU
      default: break
      }
      if number == .digits { return .prohibited }  // NU (NU | SY | IS)* × NU
    case .openPunctuation, .eastAsianOpenPunctuation, .hyphen:
      if previous == .prefixNumeric || previous == .postfixNumeric, followedByNumber() {
        return .prohibited  // (PR | PO) × (OP | HY) NU
      }
    case .breakSymbols, .infixNumericSeparator, .closePunctuation, .closeParenthesis,
      .eastAsianCloseParenthesis:
      if number == .digits { return .prohibited }  // NU (NU | SY | IS)* × (SY | IS | CL | CP)
    case .prefixNumeric, .postfixNumeric:
      if number != .none { return .prohibited }  // NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
    default: break
    }
    return nil
  }

  /// Makes `current` the previous unit; `last` is the unit before it.
  @inline(__always)
  private mutating func enter(_ current: LineBreakClass, after last: LineBreakClass) {
    if current != .space {
      beforeSpaces = .space  // read only after spaces
    } else if last != .space {
      beforeSpaces = last
    }
    afterHebrewLetterHyphen =
      (current == .hyphen || current == .breakAfter) && last == .hebrewLetter
    switch current {
    case .numeric:
      number = .digits
    case .breakSymbols, .infixNumericSeparator:
      number = number == .digits ? .digits : .none
    case .closePunctuation, .closeParenthesis, .eastAsianCloseParenthesis:
      number = number == .digits ? .closed : .none
    default:
      number = .none
    }
    oddRegionalIndicators =
      current == .regionalIndicator && !(last == .regionalIndicator && oddRegionalIndicators)
    previous = current
  }
}
