/// Where Pango 1.50 inserts a hyphen when it breaks a line inside a word.
///
/// With `PANGO_WRAP_WORD_CHAR`, a word wider than the line breaks between grapheme clusters,
/// and Pango's `break.c` marks such a break as inserting a hyphen (U+2010, or `-` when the
/// font lacks it) when all of these hold:
/// - it is not a word boundary (UAX #29, as Pango derives the word-break classes): a letter or
///   number followed by a letter or number, katakana by katakana, or anything followed by a
///   mark or format character;
/// - neither the scalar before it nor the one after it is a space, separator, tab, line feed,
///   carriage return, form feed or hyphen;
/// - the scalar before it is of a script other than Common (a soft hyphen excepted), Han,
///   Hangul, Hiragana and Katakana: Latin, Greek, Cyrillic, Arabic, combining marks
///   (Inherited) … but not digits or punctuation.
///
/// Feed every scalar in order with ``advance(over:value:)``; ask about the break before a
/// scalar with ``insertsHyphen(before:)`` before feeding it.
struct HyphenRule {
  private var previousValue: UInt32 = 0
  private var previous = ShapingProperties.none
  /// The word-break class of the last scalar that was not a mark or format character.
  private var previousWord = ShapingProperties.WordClass.other

  /// Whether a break between the scalars fed so far and `next` inserts a hyphen.
  func insertsHyphen(before next: ShapingProperties) -> Bool {
    guard !previous.isSpaceOrHyphen, !next.isSpaceOrHyphen, !isWordBoundary(before: next.wordClass) else {
      return false
    }
    switch previous.scriptClass {
    case .common: return previousValue == 0xAD
    case .ideographic: return false
    default: return true
    }
  }

  private func isWordBoundary(before next: ShapingProperties.WordClass) -> Bool {
    switch (previousWord, next) {
    case (_, .extendOrFormat): false
    case (.letter, .letter), (.letter, .numeric), (.numeric, .letter), (.numeric, .numeric): false
    case (.katakana, .katakana): false
    default: true
    }
  }

  /// Moves past one scalar.
  mutating func advance(over properties: ShapingProperties, value: UInt32) {
    previousValue = value
    previous = properties
    if properties.wordClass != .extendOrFormat { previousWord = properties.wordClass }
  }
}
