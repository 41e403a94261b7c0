import TextLayout

/// A slow, literal reading of the UAX #29 cluster rules and the width rules of
/// Documentation/TextMetrics.md.
enum ReferenceGraphemes {
  typealias Property = GraphemeBreakProperty

  /// The clusters of `scalars` as ranges of scalar offsets.
  static func clusters(_ scalars: ArraySlice<Unicode.Scalar>) -> [Range<Int>] {
    let properties = scalars.map { ScalarProperties($0).graphemeBreak }
    var starts = properties.isEmpty ? [] : [0]
    for position in properties.indices.dropFirst() where isBoundary(at: position, properties) {
      starts.append(position)
    }
    let base = scalars.startIndex
    return starts.enumerated().map { index, start in
      let end = index + 1 < starts.count ? starts[index + 1] : properties.count
      return (base + start)..<(base + end)
    }
  }

  static func isBoundary(at position: Int, _ p: [Property]) -> Bool {
    let before = p[position - 1]
    let after = p[position]
    if before == .carriageReturn && after == .lineFeed { return false }  // GB3
    if [.carriageReturn, .lineFeed, .control].contains(before) { return true }  // GB4
    if [.carriageReturn, .lineFeed, .control].contains(after) { return true }  // GB5
    if before == .leadingJamo && [.leadingJamo, .vowelJamo, .lvSyllable, .lvtSyllable].contains(after) {
      return false  // GB6
    }
    if [.lvSyllable, .vowelJamo].contains(before) && [.vowelJamo, .trailingJamo].contains(after) {
      return false  // GB7
    }
    if [.lvtSyllable, .trailingJamo].contains(before) && after == .trailingJamo { return false }  // GB8
    if after == .extend || after == .zeroWidthJoiner { return false }  // GB9
    if after == .spacingMark { return false }  // GB9a
    if before == .prepend { return false }  // GB9b
    if before == .zeroWidthJoiner && after == .extendedPictographic {  // GB11
      var index = position - 2
      while index >= 0 && p[index] == .extend { index -= 1 }
      if index >= 0 && p[index] == .extendedPictographic { return false }
    }
    if before == .regionalIndicator && after == .regionalIndicator {  // GB12, GB13
      var count = 0
      var index = position - 1
      while index >= 0 && p[index] == .regionalIndicator {
        count += 1
        index -= 1
      }
      if count % 2 == 1 { return false }
    }
    return true  // GB999
  }

  /// Documentation/TextMetrics.md: 2 if the cluster contains U+FE0F or starts with
  /// Emoji_Presentation, otherwise the sum of the scalars' widths.
  static func width(ofCluster cluster: ArraySlice<Unicode.Scalar>) -> Int {
    guard let first = cluster.first else { return 0 }
    if cluster.contains("\u{FE0F}") || ScalarProperties(first).hasEmojiPresentation { return 2 }
    return cluster.reduce(0) { $0 + ScalarProperties($1).columnWidth }
  }

  /// The sum of the cluster widths of `scalars`, segmented on their own.
  static func width(of scalars: ArraySlice<Unicode.Scalar>) -> Int {
    clusters(scalars).reduce(0) { $0 + width(ofCluster: scalars[$1]) }
  }
}
