import TextLayout

/// A slow, literal reading of the UAX #14 rules, to check the library against.
///
/// Written apart from the library's state machine: it works on a whole array of scalars,
/// resolves LB9 and LB10 first into "units", and evaluates each rule at each position by
/// looking back (and, for LB25, ahead) over the units. Only the Unicode data comes from
/// the library (`ScalarProperties`), and LineBreakTest.txt checks that separately.
enum ReferenceLineBreaker {
  typealias Class = LineBreakClass

  /// For each offset 1...count: nil if no break, false if allowed, true if mandatory.
  static func breaks(in scalars: [Unicode.Scalar]) -> [Int: Bool] {
    let raw = scalars.map { ScalarProperties($0).lineBreakClass }
    // LB9 and LB10: units are scalars not absorbed into the unit before them.
    var unitOf: [Int] = []  // scalar index -> unit index
    var units: [Class] = []
    var absorbed: [Bool] = []
    for (index, scalarClass) in raw.enumerated() {
      let combining = scalarClass == .combiningMark || scalarClass == .zeroWidthJoiner
      if combining, let last = units.last, index > 0,
        ![.mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace].contains(last)
      {
        absorbed.append(true)
        unitOf.append(units.count - 1)
      } else {
        absorbed.append(false)
        unitOf.append(units.count)
        units.append(combining ? .alphabetic : scalarClass)
      }
    }
    var result: [Int: Bool] = [:]
    for position in 1..<max(1, scalars.count) {
      if let mandatory = decide(at: position, raw: raw, absorbed: absorbed, units: units, unitOf: unitOf) {
        result[position] = mandatory
      }
    }
    if !scalars.isEmpty { result[scalars.count] = true }  // LB3
    return result
  }

  static func isOpen(_ unit: Class) -> Bool { unit == .openPunctuation || unit == .eastAsianOpenPunctuation }
  static func isClose(_ unit: Class) -> Bool {
    unit == .closePunctuation || unit == .closeParenthesis || unit == .eastAsianCloseParenthesis
  }
  static func isIdeographic(_ unit: Class) -> Bool { unit == .ideographic || unit == .unassignedPictographic }
  static func isLetter(_ unit: Class) -> Bool { unit == .alphabetic || unit == .hebrewLetter }

  /// nil: no break; false: break allowed; true: break required.
  static func decide(
    at position: Int, raw: [Class], absorbed: [Bool], units: [Class], unitOf: [Int]
  ) -> Bool? {
    let previousScalar = raw[position - 1]
    let nextScalar = raw[position]
    // LB4, LB5
    if previousScalar == .mandatoryBreak { return true }
    if previousScalar == .carriageReturn && nextScalar == .lineFeed { return nil }
    if [.carriageReturn, .lineFeed, .nextLine].contains(previousScalar) { return true }
    // LB6, LB7
    if [.mandatoryBreak, .carriageReturn, .lineFeed, .nextLine].contains(nextScalar) { return nil }
    if nextScalar == .space || nextScalar == .zeroWidthSpace { return nil }
    // LB8: ZW SP* ÷ (scalars before the position; spaces are never absorbed)
    var back = position - 1
    while back > 0 && raw[back] == .space { back -= 1 }
    if raw[back] == .zeroWidthSpace && !absorbed[back] { return false }
    // LB8a
    if previousScalar == .zeroWidthJoiner { return nil }
    // LB9
    if absorbed[position] { return nil }
    let after = unitOf[position]
    let before = after - 1
    let b = units[before]
    let a = units[after]
    func unit(_ index: Int) -> Class? { index >= 0 && index < units.count ? units[index] : nil }
    var beforeSpaces = before
    while beforeSpaces >= 0 && units[beforeSpaces] == .space { beforeSpaces -= 1 }
    let s = unit(beforeSpaces)
    // LB11 to LB13
    if a == .wordJoiner || b == .wordJoiner { return nil }
    if b == .glue { return nil }
    if a == .glue && ![.space, .breakAfter, .hyphen].contains(b) { return nil }
    if isClose(a) || [.exclamation, .infixNumericSeparator, .breakSymbols].contains(a) { return nil }
    // LB14 to LB17
    if let s, isOpen(s) { return nil }
    if s == .quotation && isOpen(a) { return nil }
    if let s, isClose(s), a == .nonstarter { return nil }
    if s == .breakBoth && a == .breakBoth { return nil }
    // LB18
    if b == .space { return false }
    // LB19 to LB22
    if a == .quotation || b == .quotation { return nil }
    if a == .contingentBreak || b == .contingentBreak { return false }
    if [.breakAfter, .hyphen, .nonstarter].contains(a) || b == .breakBefore { return nil }
    if (b == .hyphen || b == .breakAfter) && unit(before - 1) == .hebrewLetter { return nil }
    if b == .breakSymbols && a == .hebrewLetter { return nil }
    if a == .inseparable { return nil }
    // LB23, LB23a, LB24
    if isLetter(b) && a == .numeric || b == .numeric && isLetter(a) { return nil }
    if b == .prefixNumeric && (isIdeographic(a) || a == .emojiBase || a == .emojiModifier) { return nil }
    if (isIdeographic(b) || b == .emojiBase || b == .emojiModifier) && a == .postfixNumeric { return nil }
    if (b == .prefixNumeric || b == .postfixNumeric) && isLetter(a) { return nil }
    if isLetter(b) && (a == .prefixNumeric || a == .postfixNumeric) { return nil }
    // LB25, Example 7 of section 8.2
    let prefixOrPostfix = b == .prefixNumeric || b == .postfixNumeric
    if prefixOrPostfix && a == .numeric { return nil }
    if prefixOrPostfix && (isOpen(a) || a == .hyphen) && unit(after + 1) == .numeric { return nil }
    if (isOpen(b) || b == .hyphen) && a == .numeric { return nil }
    func numberEnds(at index: Int) -> Bool {  // NU (NU | SY | IS)* ends at `index`
      var index = index
      var sawDigit = false
      while index >= 0, let u = unit(index), [.numeric, .breakSymbols, .infixNumericSeparator].contains(u) {
        if u == .numeric { sawDigit = true }
        index -= 1
      }
      return sawDigit
    }
    if [.numeric, .breakSymbols, .infixNumericSeparator].contains(a) || isClose(a) {
      if numberEnds(at: before) { return nil }
    }
    if a == .postfixNumeric || a == .prefixNumeric {
      if numberEnds(at: before) || (isClose(b) && numberEnds(at: before - 1)) { return nil }
    }
    // LB26, LB27
    switch (b, a) {
    case (.hangulLeadingJamo, .hangulLeadingJamo), (.hangulLeadingJamo, .hangulVowelJamo),
      (.hangulLeadingJamo, .hangulLVSyllable), (.hangulLeadingJamo, .hangulLVTSyllable),
      (.hangulVowelJamo, .hangulVowelJamo), (.hangulVowelJamo, .hangulTrailingJamo),
      (.hangulLVSyllable, .hangulVowelJamo), (.hangulLVSyllable, .hangulTrailingJamo),
      (.hangulTrailingJamo, .hangulTrailingJamo), (.hangulLVTSyllable, .hangulTrailingJamo):
      return nil
    default: break
    }
    let hangul: [Class] = [
      .hangulLeadingJamo, .hangulVowelJamo, .hangulTrailingJamo, .hangulLVSyllable, .hangulLVTSyllable,
    ]
    if hangul.contains(b) && a == .postfixNumeric { return nil }
    if b == .prefixNumeric && hangul.contains(a) { return nil }
    // LB28, LB29, LB30
    if isLetter(b) && isLetter(a) { return nil }
    if b == .infixNumericSeparator && isLetter(a) { return nil }
    if (isLetter(b) || b == .numeric) && a == .openPunctuation { return nil }
    if b == .closeParenthesis && (isLetter(a) || a == .numeric) { return nil }
    // LB30a
    if b == .regionalIndicator && a == .regionalIndicator {
      var count = 0
      var index = before
      while let u = unit(index), u == .regionalIndicator {
        count += 1
        index -= 1
      }
      if count % 2 == 1 { return nil }
    }
    // LB30b
    if (b == .emojiBase || b == .unassignedPictographic) && a == .emojiModifier { return nil }
    return false  // LB31
  }
}
