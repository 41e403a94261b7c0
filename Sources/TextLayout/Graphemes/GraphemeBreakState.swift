/// The extended grapheme cluster rules of UAX #29 (Unicode 15.0) applied one scalar at a
/// time.
///
/// Unicode 15.0 has no GB9c (Indic conjunct break, added in 15.1), so the state is the
/// previous scalar's property, whether the scalars since the last Extended_Pictographic
/// are `Extend* ZWJ?` (GB11) and the parity of regional indicators (GB12, GB13).
struct GraphemeBreakState: Hashable {
  /// Where the scalars stand in the GB11 pattern `ExtPict Extend* ZWJ × ExtPict`.
  private enum EmojiSequence: Hashable {
    case none
    /// After `ExtPict Extend*`.
    case pictographic
    /// After `ExtPict Extend* ZWJ`.
    case joined
  }

  private var atStart = true
  private var previous = GraphemeBreakProperty.other
  private var emojiSequence = EmojiSequence.none
  private var oddRegionalIndicators = false

  /// Takes the next scalar's property and says whether a cluster starts with it.
  ///
  /// - Returns: true for the first scalar and wherever the rules break before the scalar.
  /// - Complexity: O(1).
  @inline(__always)
  mutating func startsCluster(_ property: GraphemeBreakProperty) -> Bool {
    let isBoundary = atStart || isBoundary(before: property)
    atStart = false
    switch property {
    case .extendedPictographic:
      emojiSequence = .pictographic
    case .extend:
      if emojiSequence != .pictographic { emojiSequence = .none }
    case .zeroWidthJoiner:
      emojiSequence = emojiSequence == .pictographic ? .joined : .none
    default:
      emojiSequence = .none
    }
    oddRegionalIndicators =
      property == .regionalIndicator && !(previous == .regionalIndicator && oddRegionalIndicators)
    previous = property
    return isBoundary
  }

  /// GB3 to GB999 between `previous` and `next`.
  @inline(__always)
  private func isBoundary(before next: GraphemeBreakProperty) -> Bool {
    switch (previous, next) {
    case (.carriageReturn, .lineFeed): return false  // GB3
    case (.carriageReturn, _), (.lineFeed, _), (.control, _): return true  // GB4
    case (_, .carriageReturn), (_, .lineFeed), (_, .control): return true  // GB5
    case (.leadingJamo, .leadingJamo), (.leadingJamo, .vowelJamo),  // GB6
      (.leadingJamo, .lvSyllable), (.leadingJamo, .lvtSyllable),
      (.lvSyllable, .vowelJamo), (.lvSyllable, .trailingJamo),  // GB7
      (.vowelJamo, .vowelJamo), (.vowelJamo, .trailingJamo),
      (.lvtSyllable, .trailingJamo), (.trailingJamo, .trailingJamo):  // GB8
      return false
    case (_, .extend), (_, .zeroWidthJoiner): return false  // GB9
    case (_, .spacingMark): return false  // GB9a
    case (.prepend, _): return false  // GB9b
    case (.zeroWidthJoiner, .extendedPictographic): return emojiSequence != .joined  // GB11
    case (.regionalIndicator, .regionalIndicator): return !oddRegionalIndicators  // GB12, GB13
    default: return true  // GB999
    }
  }
}
