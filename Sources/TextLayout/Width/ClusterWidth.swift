/// Adds up the width of one extended grapheme cluster as its scalars arrive.
///
/// The width rules of Documentation/TextMetrics.md: a cluster is 2 columns if it contains
/// U+FE0F or its first scalar has Emoji_Presentation (rule 1); otherwise it is the sum of its
/// scalars' widths (rule 2, ``ScalarProperties/columnWidth``). Rule 1 only ever replaces the
/// sum, so callers may add scalar widths as they go and apply ``adjustment`` when the cluster
/// ends.
struct ClusterWidth {
  /// The sum of the scalars' widths so far (rule 2).
  private(set) var sum = 0
  /// Whether rule 1 makes the cluster 2 wide.
  private(set) var isEmoji = false

  /// Starts a cluster with its first scalar.
  @inline(__always)
  init(first properties: ScalarProperties, value: UInt32) {
    sum = properties.columnWidth
    isEmoji = properties.hasEmojiPresentation || value == 0xFE0F
  }

  /// An empty accumulator, for before the first cluster.
  init() {}

  /// A cluster of `columns` columns without emoji presentation.
  init(columns: Int) {
    sum = columns
  }

  /// Adds a scalar that continues the cluster.
  @inline(__always)
  mutating func add(_ properties: ScalarProperties, value: UInt32) {
    sum &+= properties.columnWidth
    if value == 0xFE0F { isEmoji = true }
  }

  /// The cluster's width.
  var width: Int { isEmoji ? 2 : sum }

  /// What to add to ``sum`` to get ``width``.
  var adjustment: Int { isEmoji ? 2 &- sum : 0 }
}
