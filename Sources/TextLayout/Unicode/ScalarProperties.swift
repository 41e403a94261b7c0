/// The Unicode properties text layout needs for one scalar, from the generated tables.
///
/// One 13-bit word per scalar: line-break class (6 bits), grapheme break property
/// (4 bits), column width (2 bits) and Emoji_Presentation (1 bit). Keeping them together
/// means the scanner does one table lookup per scalar.
public struct ScalarProperties: Sendable, Hashable {
  /// The packed word; see `Scripts/generate-unicode-tables.py` for the layout.
  let word: UInt16

  init(word: UInt16) {
    self.word = word
  }

  /// Looks up the properties of `scalar`.
  ///
  /// - Complexity: O(1): two table reads.
  public init(_ scalar: Unicode.Scalar) {
    self.init(word: UnicodeTables.propertyWord(of: scalar.value))
  }

  /// The Line_Break class after LB1, with the refinements ``LineBreakClass`` describes.
  public var lineBreakClass: LineBreakClass {
    let rawValue = UInt8(truncatingIfNeeded: word & 0x3F)
    // `LineBreakClass(rawValue:)` is a switch the optimizer leaves as a call on the hot
    // path. The cases are declared in raw-value order from 0, so a raw value is the
    // case's bit pattern; `min` keeps it a valid case whatever the table holds.
    return unsafeBitCast(Swift.min(rawValue, LineBreakClass.lastRawValue), to: LineBreakClass.self)
  }

  /// The Grapheme_Cluster_Break value, with Extended_Pictographic folded in.
  public var graphemeBreak: GraphemeBreakProperty {
    let rawValue = UInt8(truncatingIfNeeded: (word >> 6) & 0xF)
    // As for `lineBreakClass`: cases in raw-value order from 0, clamped to a valid case.
    return unsafeBitCast(
      Swift.min(rawValue, GraphemeBreakProperty.lastRawValue), to: GraphemeBreakProperty.self)
  }

  /// The columns this scalar adds to its cluster (0, 1 or 2): rule 2 of the width rules.
  ///
  /// 0 for U+200D, U+FE0E, U+FE0F, U+1160–U+11FF, U+D7B0–U+D7FF, general categories Mn,
  /// Me, Cf (but U+00AD is 1) and Cc (but TAB is 1), and Default_Ignorable_Code_Point;
  /// 2 for East_Asian_Width W or F; 1 otherwise.
  public var columnWidth: Int {
    Int(truncatingIfNeeded: (word >> 10) & 0x3)
  }

  /// Emoji_Presentation: a cluster that starts with this scalar is 2 columns wide.
  public var hasEmojiPresentation: Bool {
    word & 0x1000 != 0
  }
}
