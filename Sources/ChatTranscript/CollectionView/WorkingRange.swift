/// The rows within a collection view's working range and their presenters: what moving the
/// range means for each presenter, as a value the collection view acts on.
///
/// While the rows stay as they were (scrolling, a new viewport height), a move compares row
/// indexes and costs the rows that came and went. After the rows changed (an update within
/// the range) indexes say nothing, and presenters are compared by identity instead: a deleted
/// row's presenter leaves, a replaced presenter leaves and its successor enters.
struct WorkingRange {
  /// Presenters that left and entered the range in one move, each in row order.
  struct Changes {
    var left: [any ChatItemPresenter] = []
    var entered: [any ChatItemPresenter] = []
  }

  private(set) var rows: Range<Int> = 0..<0
  /// The presenters of ``rows``, in order.
  private var presenters: [any ChatItemPresenter] = []
  /// Rows changed since the last move, so the next one compares presenters by identity.
  private var isStale = false

  /// Notes that rows changed from `firstChangedRow` on (old and new indexes alike).
  mutating func rowsChanged(from firstChangedRow: Int) {
    if firstChangedRow < rows.upperBound { isStale = true }
  }

  /// Moves the range to `newRows`.
  ///
  /// - Parameter presentersOf: The presenters of a range of rows, made if need be.
  /// - Complexity: O(rows that came and went) while the rows are unchanged, O(rows in range)
  ///   after they changed.
  mutating func move(
    to newRows: Range<Int>, presentersOf: (Range<Int>) -> [any ChatItemPresenter]
  ) -> Changes {
    defer { isStale = false }
    if isStale { return reload(newRows, presenters: presentersOf(newRows)) }
    // An update out of range leaves it where it was: nothing to copy.
    if newRows == rows { return Changes() }
    let lower = max(rows.lowerBound, newRows.lowerBound)
    let upper = min(rows.upperBound, newRows.upperBound)
    guard lower < upper else {
      let changes = Changes(left: presenters, entered: presentersOf(newRows))
      rows = newRows
      presenters = changes.entered
      return changes
    }
    let kept = (lower - rows.lowerBound)..<(upper - rows.lowerBound)
    let above = presentersOf(newRows.lowerBound..<lower)
    let below = presentersOf(upper..<newRows.upperBound)
    let changes = Changes(
      left: Array(presenters[..<kept.lowerBound]) + presenters[kept.upperBound...], entered: above + below)
    presenters = above + presenters[kept] + below
    rows = newRows
    return changes
  }

  /// Takes `newRows` with `newPresenters`, comparing presenters by identity.
  private mutating func reload(_ newRows: Range<Int>, presenters newPresenters: [any ChatItemPresenter])
    -> Changes
  {
    let old = Set(presenters.map(ObjectIdentifier.init))
    let new = Set(newPresenters.map(ObjectIdentifier.init))
    let changes = Changes(
      left: presenters.filter { !new.contains(ObjectIdentifier($0)) },
      entered: newPresenters.filter { !old.contains(ObjectIdentifier($0)) })
    rows = newRows
    presenters = newPresenters
    return changes
  }
}
