/// The one lookahead the line-break rules need: LB25's `(PR | PO) × (OP | HY) NU`.
///
/// The automata decide every other position from the scalars before it; this rule also
/// asks about the scalar after the OP or HY, so the scanners answer it from the bytes.
enum NumberLookahead {
  /// Whether the first scalar at or after `offset` that is not CM or ZWJ is NU (LB25).
  ///
  /// - Complexity: O(k) for the k combining marks and joiners skipped.
  static func numberFollows(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
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
