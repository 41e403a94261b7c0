/// The laid-out transcript as plain values: what a backend hands to a client that draws it
/// itself, or stores, or compares.
///
/// `Codable`, so it travels as JSON (`transcript layout --format json` prints one).
public struct LayoutSnapshot: Codable, Sendable, Equatable {
  /// The width the rows were measured for.
  public var width: Double
  /// The height of every row of the transcript with its margin, not only of `rows`.
  public var contentHeight: Double
  /// The rows asked for, top to bottom.
  public var rows: [RowSnapshot]

  public init(width: Double, contentHeight: Double, rows: [RowSnapshot]) {
    self.width = width
    self.contentHeight = contentHeight
    self.rows = rows
  }
}

/// One laid-out row.
public struct RowSnapshot: Codable, Sendable, Equatable {
  /// The row's index in the transcript.
  public var index: Int
  /// The item's id; for a row the decorator injected, the injected item's, which an item of
  /// the data source may share: ``isInjected`` tells the two rows apart.
  public var id: String
  /// The item's type: the routing key of its builders.
  public var type: String
  /// Where the row starts, and its height without the margin below it.
  public var y: Double
  public var height: Double
  /// Space below the row before the next one starts.
  public var bottomMargin: Double
  /// Whether the decorator injected the row (a day separator, a status row) rather than
  /// the data source holding its item.
  public var isInjected: Bool
  public var decoration: ChatItemDecoration

  public init(
    index: Int, id: String, type: String, y: Double, height: Double, bottomMargin: Double, isInjected: Bool,
    decoration: ChatItemDecoration
  ) {
    self.index = index
    self.id = id
    self.type = type
    self.y = y
    self.height = height
    self.bottomMargin = bottomMargin
    self.isInjected = isInjected
    self.decoration = decoration
  }
}

extension ChatTranscriptController {
  /// The rows in `range` (every row by default) as plain values, in one walk over them.
  ///
  /// - Parameter range: row indices; clamped to the rows there are.
  /// - Complexity: O(log n + k) for k rows.
  public func layoutSnapshot(rows range: Range<Int>? = nil) -> LayoutSnapshot {
    let all = 0..<layout.count
    let rows = range?.clamped(to: all) ?? all
    var snapshot = LayoutSnapshot(width: layout.width, contentHeight: layout.contentHeight, rows: [])
    snapshot.rows.reserveCapacity(rows.count)
    layout.forEachPayload(in: rows) { index, y, metrics, row in
      snapshot.rows.append(
        RowSnapshot(
          index: index, id: row.item.id, type: row.item.type, y: y, height: metrics.height,
          bottomMargin: metrics.bottomMargin, isInjected: row.role != .item, decoration: row.decoration))
    }
    return snapshot
  }
}
