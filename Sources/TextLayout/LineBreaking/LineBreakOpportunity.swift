/// A position where a line may or must break.
public struct LineBreakOpportunity: Sendable, Hashable {
  /// The number of scalars before the break.
  public var offset: Int
  /// Whether the line must break here (after BK, CR, LF or NL, and at the end of text).
  public var isMandatory: Bool

  /// Creates an opportunity after `offset` scalars.
  public init(offset: Int, isMandatory: Bool) {
    self.offset = offset
    self.isMandatory = isMandatory
  }
}
