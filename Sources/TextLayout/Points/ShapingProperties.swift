/// What shaping and Pango's hyphen rule need to know of one scalar, from the generated
/// ``ShapingTables`` (Unicode 15.0; `Scripts/generate-shaping-tables.py`).
struct ShapingProperties: Sendable, Hashable {
  /// Joining_Type (ArabicShaping.txt), join-causing folded into dual-joining as HarfBuzz does.
  enum JoiningType: UInt8 {
    case nonJoining, transparent, rightJoining, leftJoining, dualJoining
  }

  /// The scripts the measurer tells apart.
  enum ScriptClass: UInt8 {
    case common, inherited, latin, arabic
    /// Han, Hangul, Hiragana and Katakana: Pango inserts no hyphen after them.
    case ideographic
    case other
  }

  /// UAX #29 word-break classes as Pango 1.50 derives them (see the generator).
  enum WordClass: UInt8 {
    case other, letter, numeric, midLetter, midNumber, midNumberLetter, extendOrFormat, katakana
  }

  let word: UInt16

  /// A non-joining, common, non-word scalar: what stands before the start of a text.
  static let none = ShapingProperties(word: 0)

  private init(word: UInt16) {
    self.word = word
  }

  /// Looks up the properties of the scalar `value` (at most U+10FFFF).
  ///
  /// - Complexity: O(1): two table reads.
  @inline(__always)
  init(_ value: UInt32) {
    assert(value <= 0x10FFFF, "not a Unicode scalar value")
    let stage1Index = Int(truncatingIfNeeded: value >> ShapingTables.blockShift)
    let block: Int
    if ShapingTables.stage1EntriesAreWide {
      let low = ShapingTables.stage1.utf8Start[stage1Index &* 2]
      let high = ShapingTables.stage1.utf8Start[stage1Index &* 2 &+ 1]
      block = Int(truncatingIfNeeded: low) | Int(truncatingIfNeeded: high) << 7
    } else {
      block = Int(truncatingIfNeeded: ShapingTables.stage1.utf8Start[stage1Index])
    }
    let offset =
      block << Int(truncatingIfNeeded: ShapingTables.blockShift)
      | Int(truncatingIfNeeded: value & ShapingTables.blockMask)
    let set = Int(truncatingIfNeeded: ShapingTables.stage2.utf8Start[offset])
    let low = UInt16(truncatingIfNeeded: ShapingTables.sets.utf8Start[set &* 2])
    let high = UInt16(truncatingIfNeeded: ShapingTables.sets.utf8Start[set &* 2 &+ 1])
    word = low | high << 7
  }

  var joiningType: JoiningType {
    // The generator writes only the five values.
    JoiningType(rawValue: UInt8(truncatingIfNeeded: word & 0x7)) ?? .nonJoining
  }

  var scriptClass: ScriptClass {
    ScriptClass(rawValue: UInt8(truncatingIfNeeded: (word >> 3) & 0x7)) ?? .other
  }

  var wordClass: WordClass {
    WordClass(rawValue: UInt8(truncatingIfNeeded: (word >> 6) & 0x7)) ?? .other
  }

  /// A space, paragraph or line separator, tab, LF, CR, FF or one of the hyphens Pango lists.
  var isSpaceOrHyphen: Bool { word & 0x200 != 0 }

  /// Whether the scalar joins the one before it when that one joins forward.
  var joinsBackward: Bool {
    switch joiningType {
    case .rightJoining, .dualJoining: true
    default: false
    }
  }

  /// Whether the scalar joins the one after it when that one joins backward.
  var joinsForward: Bool {
    switch joiningType {
    case .leftJoining, .dualJoining: true
    default: false
    }
  }
}
