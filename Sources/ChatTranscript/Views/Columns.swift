/// Whole terminal columns (or rows) in a layout length.
///
/// Widths arrive as `Double`s from the viewport; anything non-finite or negative is 0 and
/// anything huge is capped, so integer arithmetic on the result cannot overflow or trap.
package enum Columns {
  package static let limit = 100_000

  package static func of(_ length: Double) -> Int {
    guard length.isFinite, length > 0 else { return 0 }
    return Int(min(length, Double(limit)).rounded(.down))
  }
}
