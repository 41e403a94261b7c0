/// Sizes new rows while they are built, for updates applied on the owner's thread.
///
/// A new row's height cannot be cached (its content version is new), so a row whose type has
/// height measurers can be sized in the pass that builds it — on all cores when that pass
/// runs there — rather than listed, planned and measured in passes of their own. An update
/// measured off the owner does not use this: its owner must not wait for heights.
struct NewRowSizing: Sendable {
  let width: Double
  let measurersByType: [String: ChatItemHeightMeasurers]
  /// The measurers met so far, by type: a transcript has a handful of types, compared as
  /// strings here rather than hashed for every row.
  private var known: [(type: String, measurers: ChatItemHeightMeasurers?)] = []

  init(width: Double, measurersByType: [String: ChatItemHeightMeasurers]) {
    self.width = width
    self.measurersByType = measurersByType
  }

  /// The height of `row`, or `nil` when the row must be sized the usual way: no measurers
  /// for its type, none handles the item, or the height is bad (the usual way reports it).
  mutating func height(of row: ChatTranscriptController.DecoratedRow) -> Double? {
    let type = row.item.type
    // Found by index and asked in place: a copy would retain the measurers, which every core
    // shares, for every row.
    let index: Int
    if let known = known.firstIndex(where: { $0.type == type }) {
      index = known
    } else {
      index = known.count
      known.append((type, measurersByType[type]))
    }
    guard
      let height = known[index].measurers?.height(
        of: row.item, maximumWidth: width, decoration: row.decoration),
      height.isFinite, height >= 0
    else { return nil }
    return height
  }
}
