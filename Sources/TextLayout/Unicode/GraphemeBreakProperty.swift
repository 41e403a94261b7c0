/// A scalar's Grapheme_Cluster_Break value (UAX #29, Unicode 15.0).
///
/// Extended_Pictographic is a property of its own in Unicode; every Extended_Pictographic
/// scalar has Grapheme_Cluster_Break Other, so it is folded in here as one more value.
public enum GraphemeBreakProperty: UInt8, Sendable, Hashable, CaseIterable {
  /// Other, and not Extended_Pictographic.
  case other
  /// CR
  case carriageReturn
  /// LF
  case lineFeed
  /// Control
  case control
  /// Extend
  case extend
  /// ZWJ
  case zeroWidthJoiner
  /// Regional_Indicator
  case regionalIndicator
  /// Prepend
  case prepend
  /// SpacingMark
  case spacingMark
  /// L: Hangul leading jamo.
  case leadingJamo
  /// V: Hangul vowel jamo.
  case vowelJamo
  /// T: Hangul trailing jamo.
  case trailingJamo
  /// LV: Hangul syllable without a trailing consonant.
  case lvSyllable
  /// LVT: Hangul syllable with a trailing consonant.
  case lvtSyllable
  /// Other with Extended_Pictographic.
  case extendedPictographic
}

extension GraphemeBreakProperty {
  /// The largest raw value; the cases are declared in raw-value order from 0.
  static var lastRawValue: UInt8 { extendedPictographic.rawValue }
}
