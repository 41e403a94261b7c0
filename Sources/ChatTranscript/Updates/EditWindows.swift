/// A batch of edits folded into a few disjoint windows of the item list, each applied as one
/// replacement.
///
/// Replayed one by one, every edit re-decorates its neighbourhood, rebuilds its rows and
/// edits the layout: a burst of a follower's stream (thousands of appends, delivery
/// statuses, receipts and reactions, most of them on the last few hundred messages) costs
/// thousands of such passes. Folded, edits closer together than ``mergingGap`` items become
/// one window, rebuilt once with the untouched items between them.
///
/// The fold is exact: replacing each window's old items by its items, windows in order,
/// leaves the items the edits leave. It works on positions alone; the controller supplies
/// the old items a window keeps.
struct EditWindows {
  /// Items of a window, in order: a run of old items kept as they were, or items the edits
  /// brought.
  enum Piece {
    case old(Range<Int>)
    case new([any ChatItem])
  }

  /// Old items `oldRange` give way to `pieces`.
  struct Window {
    var oldRange: Range<Int>
    var pieces: [Piece]

    var itemCount: Int {
      pieces.reduce(0) { count, piece in
        switch piece {
        case .old(let range): count + range.count
        case .new(let items): count + items.count
        }
      }
    }
  }

  /// Untouched items between two edits below which they share a window: rebuilding a few
  /// items costs less than another pass over the layout.
  static let mergingGap = 16
  /// Runs the fold keeps apart at most: past it, the changes folded so far make one fold and
  /// the rest another, so a batch of scattered edits costs O(changes × this), not O(changes²).
  static let segmentLimit = 512

  /// The windows, in ascending order of their old ranges.
  private(set) var windows: [Window] = []
  /// How many of the changes, from the first, the windows hold.
  private(set) var foldedCount = 0

  /// The kept runs of old items and the runs of brought items, in list order; adjacent runs
  /// of brought items are one.
  private var segments: [Piece]
  private var length: Int

  /// Folds `changes` (valid in order against a list of `itemCount` items) from the first
  /// until all are folded or ``segmentLimit`` is reached.
  ///
  /// - Complexity: O(c × s) for c changes folded into s runs (at most ``segmentLimit``),
  ///   plus the items they bring.
  init(_ changes: ArraySlice<ChatItemsChange>, itemCount: Int) {
    segments = itemCount > 0 ? [.old(0..<itemCount)] : []
    length = itemCount
    for change in changes {
      switch change {
      case .insert(let items, let index): splice(at: index, removing: 0, inserting: items)
      case .remove(let range): splice(at: range.lowerBound, removing: range.count, inserting: [])
      case .replace(let item, let index): splice(at: index, removing: 1, inserting: [item])
      }
      foldedCount += 1
      if segments.count > Self.segmentLimit { break }
    }
    windows = Self.windows(of: segments, itemCount: itemCount)
    segments = []
  }

  // MARK: Folding

  /// Replaces `count` items from `position` with `items`.
  private mutating func splice(at position: Int, removing count: Int, inserting items: [any ChatItem]) {
    var (index, offset) = locate(position)
    length += items.count - count
    if index < segments.count, case .new(var brought) = segments[index], offset + count <= brought.count {
      // Within one brought run (a status of a message of this batch): edited in place.
      segments[index] = .old(0..<0)
      brought.replaceSubrange(offset..<offset + count, with: items)
      segments[index] = .new(brought)
      return normalize(around: index)
    }
    if offset > 0 {
      let (front, back) = Self.split(segments[index], at: offset)
      segments.replaceSubrange(index...index, with: [front, back])
      index += 1
    }
    var left = count
    while left > 0, index < segments.count {
      let runCount = Self.count(of: segments[index])
      if runCount <= left {
        segments.remove(at: index)
        left -= runCount
      } else {
        segments[index] = Self.split(segments[index], at: left).back
        left = 0
      }
    }
    if !items.isEmpty { segments.insert(.new(items), at: index) }
    normalize(around: index)
  }

  /// The run holding `position` and the offset in it; a position between two runs is the
  /// start of the later, and the list's end is `(segments.count, 0)`.
  ///
  /// Searched from the end, where a chat's edits are.
  private func locate(_ position: Int) -> (index: Int, offset: Int) {
    var start = length
    var index = segments.count
    while index > 0, start > position {
      index -= 1
      start -= Self.count(of: segments[index])
    }
    return (index, position - start)
  }

  /// `piece` cut after its first `offset` items.
  private static func split(_ piece: Piece, at offset: Int) -> (front: Piece, back: Piece) {
    switch piece {
    case .old(let range):
      (.old(range.lowerBound..<range.lowerBound + offset), .old(range.lowerBound + offset..<range.upperBound))
    case .new(let items):
      (.new(Array(items[..<offset])), .new(Array(items[offset...])))
    }
  }

  /// Drops the empty runs an edit at `index` left and joins the runs it made adjacent: two
  /// brought runs, or two kept runs of consecutive old items.
  private mutating func normalize(around index: Int) {
    var index = max(index - 1, 0)
    var end = min(index + 3, segments.count)
    while index < end {
      if Self.count(of: segments[index]) == 0 {
        segments.remove(at: index)
        end -= 1
      } else if index > 0, join(index - 1, index) {
        segments.remove(at: index)
        end -= 1
      } else {
        index += 1
      }
    }
  }

  /// Joins run `second` onto run `first` when they are of one kind and meet.
  private mutating func join(_ first: Int, _ second: Int) -> Bool {
    switch (segments[first], segments[second]) {
    case (.new(var items), .new(let more)):
      // The run is taken out first, so its array is not shared and grows in place.
      segments[first] = .old(0..<0)
      items.append(contentsOf: more)
      segments[first] = .new(items)
      return true
    case (.old(let range), .old(let next)) where range.upperBound == next.lowerBound:
      segments[first] = .old(range.lowerBound..<next.upperBound)
      return true
    default:
      return false
    }
  }

  private static func count(of piece: Piece) -> Int {
    switch piece {
    case .old(let range): range.count
    case .new(let items): items.count
    }
  }

  // MARK: Windows

  /// The windows of the folded list: each edit (old items gone, items brought) with the
  /// edits fewer than ``mergingGap`` kept items away.
  private static func windows(of segments: [Piece], itemCount: Int) -> [Window] {
    var windows: [Window] = []
    var nextOld = 0
    var brought: [Piece] = []
    // The kept run since the last window's last edit.
    var keptSince: Range<Int>?
    func closeEdit(at oldEnd: Int) {
      guard oldEnd > nextOld || !brought.isEmpty else { return }
      let edit = Window(oldRange: nextOld..<oldEnd, pieces: brought)
      brought = []
      if let kept = keptSince, kept.count < mergingGap, !windows.isEmpty {
        windows[windows.count - 1].pieces.append(.old(kept))
        windows[windows.count - 1].pieces.append(contentsOf: edit.pieces)
        windows[windows.count - 1].oldRange = windows[windows.count - 1].oldRange.lowerBound..<oldEnd
      } else {
        windows.append(edit)
      }
      keptSince = nil
    }
    for segment in segments {
      switch segment {
      case .new: brought.append(segment)
      case .old(let range):
        closeEdit(at: range.lowerBound)
        keptSince = (keptSince?.lowerBound ?? range.lowerBound)..<range.upperBound
        nextOld = range.upperBound
      }
    }
    closeEdit(at: itemCount)
    return windows
  }
}
