/// Finds line-break opportunities with the rules of UAX #14 (Unicode 15.0).
///
/// The rules are the default ones plus the LB25 number tailoring of Example 7 (section 8.2)
/// that LineBreakTest.txt uses. The measurers run the same rules over UTF-8 bytes; this
/// entry point works on scalars so tests and tools can compare with the Unicode test data.
public enum LineBreaker {
  /// The break opportunities in `scalars`, in order.
  ///
  /// There is never an opportunity at offset 0 (LB2), and there is always one at
  /// `scalars.count`, marked mandatory (LB3), unless `scalars` is empty.
  ///
  /// - Parameter scalars: the text.
  /// - Returns: one entry per position where a line may or must break.
  /// - Complexity: O(n) for n scalars.
  public static func breakOpportunities(in scalars: [Unicode.Scalar]) -> [LineBreakOpportunity] {
    let rules = LineBreakAutomaton.shared
    var state = LineBreakAutomaton.start
    var opportunities: [LineBreakOpportunity] = []
    let classes = scalars.map { ScalarProperties($0).lineBreakClass }
    for (offset, scalarClass) in classes.enumerated() {
      let action = rules.advance(&state, over: scalarClass) {
        var next = offset + 1
        while next < classes.count,
          classes[next] == .combiningMark || classes[next] == .zeroWidthJoiner
        {
          next += 1
        }
        return next < classes.count && classes[next] == .numeric
      }
      if action != .prohibited {
        opportunities.append(LineBreakOpportunity(offset: offset, isMandatory: action == .mandatory))
      }
    }
    if !scalars.isEmpty {
      opportunities.append(LineBreakOpportunity(offset: scalars.count, isMandatory: true))
    }
    return opportunities
  }
}
