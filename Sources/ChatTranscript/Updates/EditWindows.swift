/// A batch of edits folded into disjoint windows of the item list, each applied as one
/// replacement.
///
/// Replayed one by one, a follower's burst (thousands of appends, delivery statuses,
/// receipts and reactions) is thousands of edits: the typing row's replacement below each run
/// of appends split the burst's one insert into hundreds, each edit of a message the burst
/// brought was a pass of its own, and a message edited twice was edited twice. Folded, the
/// batch is what it leaves: each stretch of old items that left, with the items that came in
/// their place, is one window, and the untouched items between windows are not visited.
///
/// Windows are not merged across untouched items: an edit of one old item alone keeps the
/// controller's cheapest path (its own row remade, nothing decorated again), and merging
/// edits up to 16 items apart made a read receipt's two edits 3.5 times slower.
///
/// The fold is exact: replacing each window's old items by its items, windows in order,
/// leaves the items the edits leave. It works on positions alone.
struct EditWindows {
  /// The old items `oldRange` give way to `items`.
  struct Window {
    var oldRange: Range<Int>
    var items: [any ChatItem]
  }

  /// A run of the list being folded: old items kept as they were, or items the edits brought.
  private enum Run {
    case kept(Range<Int>)
    case brought([any ChatItem])
  }

  /// Batches shorter than this are replayed as they are: a few edits seldom fold into fewer,
  /// and a single event's edits (a receipt moving) stay exactly as fast as before.
  static let minimumCount = 8
  /// Runs the fold keeps apart at most: past it, the changes folded so far make one fold and
  /// the rest another, so a batch of scattered edits costs O(changes × this), not O(changes²).
  static let runLimit = 512

  /// The windows, in ascending order of their old ranges.
  private(set) var windows: [Window] = []
  /// How many of the changes, from the first, the windows hold.
  private(set) var foldedCount = 0

  /// The kept runs of old items and the runs of brought items, in list order; adjacent runs
  /// of brought items are one.
  private var runs: [Run]
  private var length: Int

  /// Folds `changes` (valid in order against a list of `itemCount` items) from the first
  /// until all are folded or ``runLimit`` is reached.
  ///
  /// - Complexity: O(c × s) for c changes folded into s runs (at most ``runLimit``),
  ///   plus the items they bring.
  init(_ changes: ArraySlice<ChatItemsChange>, itemCount: Int) {
    runs = itemCount > 0 ? [.kept(0..<itemCount)] : []
    length = itemCount
    for change in changes {
      switch change {
      case .insert(let items, let index): splice(at: index, removing: 0, inserting: items)
      case .remove(let range): splice(at: range.lowerBound, removing: range.count, inserting: [])
      case .replace(let item, let index): splice(at: index, removing: 1, inserting: [item])
      }
      foldedCount += 1
      if runs.count > Self.runLimit { break }
    }
    windows = Self.windows(of: runs, itemCount: itemCount)
    runs = []
  }

  // MARK: Folding

  /// Replaces `count` items from `position` with `items`.
  private mutating func splice(at position: Int, removing count: Int, inserting items: [any ChatItem]) {
    var (index, offset) = locate(position)
    length += items.count - count
    if index < runs.count, case .brought(var brought) = runs[index], offset + count <= brought.count {
      // Within one brought run (a status of a message of this batch): edited in place.
      runs[index] = .kept(0..<0)
      brought.replaceSubrange(offset..<offset + count, with: items)
      runs[index] = .brought(brought)
      return normalize(around: index)
    }
    if offset > 0 {
      let (front, back) = Self.split(runs[index], at: offset)
      runs.replaceSubrange(index...index, with: [front, back])
      index += 1
    }
    var left = count
    while left > 0, index < runs.count {
      let runCount = Self.count(of: runs[index])
      if runCount <= left {
        runs.remove(at: index)
        left -= runCount
      } else {
        runs[index] = Self.split(runs[index], at: left).back
        left = 0
      }
    }
    if !items.isEmpty { runs.insert(.brought(items), at: index) }
    normalize(around: index)
  }

  /// The run holding `position` and the offset in it; a position between two runs is the
  /// start of the later, and the list's end is `(runs.count, 0)`.
  ///
  /// Searched from the end, where a chat's edits are.
  private func locate(_ position: Int) -> (index: Int, offset: Int) {
    var start = length
    var index = runs.count
    while index > 0, start > position {
      index -= 1
      start -= Self.count(of: runs[index])
    }
    return (index, position - start)
  }

  /// `run` cut after its first `offset` items.
  private static func split(_ run: Run, at offset: Int) -> (front: Run, back: Run) {
    switch run {
    case .kept(let range):
      let cut = range.lowerBound + offset
      return (.kept(range.lowerBound..<cut), .kept(cut..<range.upperBound))
    case .brought(let items):
      return (.brought(Array(items[..<offset])), .brought(Array(items[offset...])))
    }
  }

  /// Drops the empty runs an edit at run `edited` left and joins the runs it made adjacent:
  /// two brought runs, or two kept runs of consecutive old items. Only the runs from the one
  /// before `edited` to the one after it can have changed.
  private mutating func normalize(around edited: Int) {
    var index = max(edited - 1, 0)
    var end = min(edited + 2, runs.count)
    while index < end {
      if Self.count(of: runs[index]) == 0 {
        runs.remove(at: index)
        end -= 1
      } else if index > 0, join(index - 1, index) {
        runs.remove(at: index)
        end -= 1
      } else {
        index += 1
      }
    }
  }

  /// Joins run `second` onto run `first` when they are of one kind and meet.
  private mutating func join(_ first: Int, _ second: Int) -> Bool {
    switch (runs[first], runs[second]) {
    case (.brought(var items), .brought(let more)):
      // The run is taken out first, so its array is not shared and grows in place.
      runs[first] = .kept(0..<0)
      items.append(contentsOf: more)
      runs[first] = .brought(items)
      return true
    case (.kept(let range), .kept(let next)) where range.upperBound == next.lowerBound:
      runs[first] = .kept(range.lowerBound..<next.upperBound)
      return true
    default:
      return false
    }
  }

  private static func count(of run: Run) -> Int {
    switch run {
    case .kept(let range): range.count
    case .brought(let items): items.count
    }
  }

  // MARK: Windows

  /// The windows of the folded list: between two kept runs, the old items that left and the
  /// items brought in their place.
  private static func windows(of runs: [Run], itemCount: Int) -> [Window] {
    var windows: [Window] = []
    var nextOld = 0
    var brought: [any ChatItem] = []
    func closeWindow(at oldEnd: Int) {
      guard oldEnd > nextOld || !brought.isEmpty else { return }
      windows.append(Window(oldRange: nextOld..<oldEnd, items: brought))
      brought = []
    }
    for run in runs {
      switch run {
      case .brought(let items):
        // Adjacent brought runs are joined: this is the only one before the next kept run.
        if brought.isEmpty { brought = items } else { brought.append(contentsOf: items) }
      case .kept(let range):
        closeWindow(at: range.lowerBound)
        nextOld = range.upperBound
      }
    }
    closeWindow(at: itemCount)
    return windows
  }
}
