/// The vertical space one row takes: its height and the margin below it.
public struct RowMetrics: Sendable, Hashable {
  public var height: Double
  public var bottomMargin: Double

  public init(height: Double, bottomMargin: Double = 0) {
    self.height = height
    self.bottomMargin = bottomMargin
  }

  /// Height plus margin: where the next row starts, relative to this one.
  public var extent: Double { height + bottomMargin }
}

/// Running totals of a run of rows.
struct RowSummary: ChunkSummary {
  var rowCount: Int
  /// Rows that stand for a data-source item rather than one injected by the decorator.
  var itemCount: Int
  /// Rows whose height is still to be measured.
  var pendingCount: Int
  /// Pinned header rows (see ``LayoutModel/Row/isPinnedHeader``).
  var pinnedHeaderCount: Int
  var extent: Double

  static var zero: RowSummary {
    RowSummary(rowCount: 0, itemCount: 0, pendingCount: 0, pinnedHeaderCount: 0, extent: 0)
  }

  static func + (lhs: RowSummary, rhs: RowSummary) -> RowSummary {
    RowSummary(
      rowCount: lhs.rowCount + rhs.rowCount,
      itemCount: lhs.itemCount + rhs.itemCount,
      pendingCount: lhs.pendingCount + rhs.pendingCount,
      pinnedHeaderCount: lhs.pinnedHeaderCount + rhs.pinnedHeaderCount,
      extent: lhs.extent + rhs.extent)
  }
}
