/// What the line-break rules say about the position before a scalar.
enum BreakAction: UInt8 {
  /// No break here (×).
  case prohibited
  /// A line may break here (÷).
  case allowed
  /// A line must break here (!): after BK, CR, LF or NL.
  case mandatory
}
