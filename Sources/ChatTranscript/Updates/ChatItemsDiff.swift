/// The difference between two item lists by (id, type): what was inserted, deleted, moved
/// and updated, in the index convention of batch updates.
///
/// Deletions and move sources are old indices; insertions, move destinations and updates
/// are new indices. Items kept in their relative order do not move: only the fewest items
/// needed to restore the new order are reported as moves (the complement of a longest
/// increasing subsequence), not every item that merely shifted.
public struct ChatItemsDiff: Sendable, Hashable {
  public struct Move: Sendable, Hashable {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  public var deletions: [Int] = []
  public var insertions: [Int] = []
  public var moves: [Move] = []
  /// Items present in both lists whose content changed.
  public var updates: [Int] = []

  public init() {}

  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
  }

  /// Diffs `old` against `new`.
  ///
  /// - Parameter contentChanged: whether the item at an old index shows different content
  ///   from the item with the same key at a new index.
  /// - Returns: the diff, or the first id that occurs twice in either list (a diff by id is
  ///   meaningless then; callers apply such updates as reloads). Ids compare by their UTF-8
  ///   bytes, and an injected row's id never clashes with an item's (see ``ChatItemKey``).
  /// - Complexity: O((n + m) log(n + m)).
  public static func between(
    old: [ChatItemKey], new: [ChatItemKey],
    contentChanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool = { _, _ in false }
  ) -> Result<ChatItemsDiff, ChatTranscriptError> {
    var oldIndexByKey: [ChatItemKey: Int] = [:]
    oldIndexByKey.reserveCapacity(old.count)
    var oldIDs = Set<RowID>()
    oldIDs.reserveCapacity(old.count)
    for (index, key) in old.enumerated() {
      guard oldIDs.insert(key.rowID).inserted else { return .failure(.duplicateItemID(key.id)) }
      oldIndexByKey[key] = index
    }
    var newIDs = Set<RowID>()
    newIDs.reserveCapacity(new.count)
    var diff = ChatItemsDiff()
    var matchedOld = [Bool](repeating: false, count: old.count)
    // Old indices of the matched items, in new order, with their new indices.
    var matches: [(old: Int, new: Int)] = []
    matches.reserveCapacity(min(old.count, new.count))
    for (newIndex, key) in new.enumerated() {
      guard newIDs.insert(key.rowID).inserted else { return .failure(.duplicateItemID(key.id)) }
      if let oldIndex = oldIndexByKey[key] {
        matchedOld[oldIndex] = true
        matches.append((oldIndex, newIndex))
        if contentChanged(oldIndex, newIndex) { diff.updates.append(newIndex) }
      } else {
        diff.insertions.append(newIndex)
      }
    }
    diff.deletions = matchedOld.indices.filter { !matchedOld[$0] }
    let staying = longestIncreasingSubsequence(matches.map(\.old))
    for (position, match) in matches.enumerated() where !staying[position] {
      diff.moves.append(Move(from: match.old, to: match.new))
    }
    return .success(diff)
  }

  /// Marks the members of one longest strictly increasing subsequence of `values`.
  ///
  /// Patience sorting with back links. - Complexity: O(n log n).
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var tailPositions: [Int] = []  // position of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tailPositions.count
      while low < high {
        let middle = (low + high) / 2
        if values[tailPositions[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tailPositions[low - 1] }
      if low == tailPositions.count { tailPositions.append(position) } else { tailPositions[low] = position }
    }
    var members = [Bool](repeating: false, count: values.count)
    var position = tailPositions.last ?? -1
    while position >= 0 {
      members[position] = true
      position = previous[position]
    }
    return members
  }
}
