/// A scalar's Line_Break class (UAX #14) as the line breaker uses it.
///
/// The classes are those of LineBreak.txt after rule LB1: AI, SG and XX become
/// ``alphabetic``, SA becomes ``combiningMark`` for marks (Mn, Mc) and ``alphabetic``
/// otherwise, and CJ becomes ``nonstarter``. Three classes are split where a rule looks at
/// more than the class: ``eastAsianOpenPunctuation`` and ``eastAsianCloseParenthesis`` are
/// OP and CP with East_Asian_Width F, W or H, which LB30 does not glue to letters, and
/// ``unassignedPictographic`` is an unassigned Extended_Pictographic ID scalar, which LB30b
/// keeps before an emoji modifier.
public enum LineBreakClass: UInt8, Sendable, Hashable, CaseIterable {
  /// BK: forces a break after it (VT, FF, U+2028, U+2029).
  case mandatoryBreak
  /// CR
  case carriageReturn
  /// LF
  case lineFeed
  /// NL: U+0085 NEXT LINE.
  case nextLine
  /// SP: U+0020.
  case space
  /// ZW: U+200B ZERO WIDTH SPACE.
  case zeroWidthSpace
  /// ZWJ: U+200D.
  case zeroWidthJoiner
  /// CM
  case combiningMark
  /// WJ
  case wordJoiner
  /// GL: non-breaking glue such as U+00A0.
  case glue
  /// CL
  case closePunctuation
  /// CP: `)` and `]` whose East_Asian_Width is not F, W or H.
  case closeParenthesis
  /// EX
  case exclamation
  /// IS
  case infixNumericSeparator
  /// SY
  case breakSymbols
  /// OP whose East_Asian_Width is not F, W or H.
  case openPunctuation
  /// QU
  case quotation
  /// NS (including CJ after LB1).
  case nonstarter
  /// B2
  case breakBoth
  /// BA
  case breakAfter
  /// BB
  case breakBefore
  /// HY
  case hyphen
  /// CB
  case contingentBreak
  /// IN
  case inseparable
  /// HL
  case hebrewLetter
  /// AL (including AI, SG, XX and non-mark SA after LB1).
  case alphabetic
  /// NU
  case numeric
  /// PR
  case prefixNumeric
  /// PO
  case postfixNumeric
  /// ID, except ``unassignedPictographic``.
  case ideographic
  /// EB
  case emojiBase
  /// EM
  case emojiModifier
  /// JL
  case hangulLeadingJamo
  /// JV
  case hangulVowelJamo
  /// JT
  case hangulTrailingJamo
  /// H2
  case hangulLVSyllable
  /// H3
  case hangulLVTSyllable
  /// RI
  case regionalIndicator
  /// OP with East_Asian_Width F, W or H (LB30 does not apply to it).
  case eastAsianOpenPunctuation
  /// CP with East_Asian_Width F, W or H (LB30 does not apply to it).
  case eastAsianCloseParenthesis
  /// ID that is Extended_Pictographic and unassigned (LB30b keeps it before EM).
  case unassignedPictographic
}

extension LineBreakClass {
  /// The largest raw value; the cases are declared in raw-value order from 0.
  static var lastRawValue: UInt8 { unassignedPictographic.rawValue }
}
