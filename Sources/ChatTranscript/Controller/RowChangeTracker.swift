/// Follows one update's edits of the rows so that, at its end, the update can say which rows
/// went, came, moved or changed (``RowChanges``) at a cost proportional to the edits.
///
/// Every edit replaces a run of the current rows. The tracker keeps, in order, the regions
/// where the current rows differ from the rows before the update: each holds the old rows it
/// replaced and, per current row, the old row it shows (``fresh`` for a row made anew). Rows
/// between regions are old rows, unmoved; at least one separates two regions, since edits that
/// touch a region join it.
struct RowChangeTracker {
  /// What tells whether a kept row changed.
  struct OldRow {
    var item: any ChatItem
    var contentVersion: Int
    var decoration: ChatItemDecoration
    var metrics: RowMetrics

    init(_ row: TranscriptLayout.Row) {
      item = row.payload.item
      contentVersion = row.payload.contentVersion
      decoration = row.payload.decoration
      metrics = row.metrics
    }

    /// Whether `row` shows anything else. A new content version says the content changed,
    /// unless it changed more than once in the update (`comparingContent`): it may have changed
    /// back, and the items are compared.
    func differs(from row: TranscriptRow, metrics: RowMetrics, comparingContent: Bool) -> Bool {
      decoration != row.decoration || self.metrics != metrics
        || (contentVersion != row.contentVersion && (!comparingContent || !row.item.hasSameContent(as: item)))
    }
  }

  /// The origin of a row that shows no old row.
  static let fresh = -1

  struct Region {
    /// The old index of the first old row the region replaced.
    var oldStart: Int
    var oldRows: [OldRow]
    /// Per current row of the region: the old index of the row it shows, or ``fresh``.
    var origins: [Int]

    var growth: Int { origins.count - oldRows.count }
  }

  private(set) var regions: [Region] = []
  /// The update's edits for the controller's id index; `nil` when it keeps none (and for an
  /// update that rebuilt every row: the index is then built again when next needed).
  var idEdits: [RowIDIndex.Edit]?
  /// The last content version handed out before the update: a row reused with a newer one
  /// was already changed by it.
  var versionBefore = 0
  /// Old rows whose content changed more than once in the update (see ``OldRow/differs``).
  private var contentRechecks: Set<Int> = []

  /// Notes that the row showing old row `origin`, already changed by this update, changed again.
  mutating func contentChangedAgain(origin: Int) {
    contentRechecks.insert(origin)
  }

  init() {}

  /// An update that replaced every row: `origins` gives, per new row, the old row it shows.
  init(replacingAll oldRows: [OldRow], with origins: [Int]) {
    if !oldRows.isEmpty || !origins.isEmpty {
      regions = [Region(oldStart: 0, oldRows: oldRows, origins: origins)]
    }
  }

  /// The old index of each current row in `range`, or ``fresh``.
  ///
  /// - Complexity: O(regions + range).
  func origins(of range: Range<Int>) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(range.count)
    var position = range.lowerBound
    var growth = 0
    for region in regions {
      let start = region.oldStart + growth
      guard start < range.upperBound else { break }
      let end = start + region.origins.count
      growth += region.growth
      guard end > position else { continue }
      // Unchanged rows before the region, then the region's own.
      while position < start {
        result.append(position - (growth - region.growth))
        position += 1
      }
      let upper = min(end, range.upperBound)
      result.append(contentsOf: region.origins[(position - start)..<(upper - start)])
      position = upper
    }
    while position < range.upperBound {
      result.append(position - growth)
      position += 1
    }
    return result
  }

  /// Records that the current rows in `range`, which were `rows`, were replaced by rows
  /// showing `origins` (see ``origins(of:)``).
  ///
  /// - Complexity: O(regions + range + origins + the regions it joins); an edit inside one
  ///   region or at its end costs O(regions + range + origins) amortized.
  mutating func replace(_ range: Range<Int>, rows: [OldRow], with origins: [Int]) {
    guard !regions.isEmpty else {
      // The update's first edit: nothing moved yet.
      regions = [Region(oldStart: range.lowerBound, oldRows: rows, origins: origins)]
      return
    }
    // Where each region starts among the current rows; less its old start, the growth of the
    // regions before it.
    var starts: [Int] = []
    starts.reserveCapacity(regions.count)
    var growth = 0
    for region in regions {
      starts.append(region.oldStart + growth)
      growth += region.growth
    }
    // The regions the edit overlaps or touches: it joins them into one.
    let touched = regions.indices.filter {
      starts[$0] <= range.upperBound && starts[$0] + regions[$0].origins.count >= range.lowerBound
    }
    guard let first = touched.first, let last = touched.last else {
      let position = regions.indices.first { starts[$0] > range.upperBound } ?? regions.count
      let growthBefore = position < regions.count ? starts[position] - regions[position].oldStart : growth
      regions.insert(
        Region(oldStart: range.lowerBound - growthBefore, oldRows: rows, origins: origins), at: position)
      return
    }
    if first == last, range.lowerBound >= starts[first] {
      // Within one region or past its end (a stream's appends, one after another): edited in
      // place, so that k edits of a growing region cost O(k), not a copy of it each.
      let end = starts[first] + regions[first].origins.count
      if range.upperBound > end {
        regions[first].oldRows.append(contentsOf: rows[(end - range.lowerBound)...])
      }
      regions[first].origins.replaceSubrange(
        (range.lowerBound - starts[first])..<(min(range.upperBound, end) - starts[first]), with: origins)
      return
    }
    let growthBefore = starts[first] - regions[first].oldStart
    var merged = Region(
      oldStart: min(range.lowerBound, starts[first]) - growthBefore, oldRows: [], origins: [])
    if starts[first] < range.lowerBound {
      merged.origins.append(contentsOf: regions[first].origins[..<(range.lowerBound - starts[first])])
    }
    merged.origins.append(contentsOf: origins)
    let lastEnd = starts[last] + regions[last].origins.count
    if lastEnd > range.upperBound {
      merged.origins.append(contentsOf: regions[last].origins[(range.upperBound - starts[last])...])
    }
    // Old rows in order: the edit's unchanged rows before, between and after the regions,
    // and each region's own.
    var position = range.lowerBound
    for index in first...last {
      if position < starts[index] {
        merged.oldRows.append(
          contentsOf: rows[(position - range.lowerBound)..<(starts[index] - range.lowerBound)])
      }
      merged.oldRows.append(contentsOf: regions[index].oldRows)
      position = max(position, starts[index] + regions[index].origins.count)
    }
    if position < range.upperBound {
      merged.oldRows.append(contentsOf: rows[(position - range.lowerBound)...])
    }
    regions.replaceSubrange(first...last, with: CollectionOfOne(merged))
  }

  /// Which of `indices` (ascending indexes into the rows after the update) lie outside every
  /// region: rows kept as they were, whose height alone may have changed.
  func outsideRegions(_ indices: [Int]) -> [Int] {
    guard !regions.isEmpty else { return indices }
    var result: [Int] = []
    var region = 0
    var growth = 0
    for index in indices {
      while region < regions.count, regions[region].oldStart + growth + regions[region].origins.count <= index
      {
        growth += regions[region].growth
        region += 1
      }
      if region == regions.count || index < regions[region].oldStart + growth { result.append(index) }
    }
    return result
  }

  /// The changes, read against `layout`, the rows after the update.
  ///
  /// - Parameter remeasured: rows outside every region (see ``outsideRegions(_:)``) that were
  ///   measured again, with their metrics before.
  /// - Complexity: O(rows in regions) plus O(k log k) for k rows reordered within a region.
  func changes(in layout: TranscriptLayout, remeasured: [(index: Int, metrics: RowMetrics)]) -> RowChanges {
    var changes = RowChanges()
    // Kept rows in new order: the old row each shows and its new index. Which old rows were
    // claimed, region after region (`claimBase[r]` is region r's first).
    var kept: [(old: Int, new: Int)] = []
    var claimBase: [Int] = []
    claimBase.reserveCapacity(regions.count)
    var claimCount = 0
    for region in regions {
      claimBase.append(claimCount)
      claimCount += region.oldRows.count
    }
    var claimed = [Bool](repeating: false, count: claimCount)
    var growth = 0
    for (index, region) in regions.enumerated() {
      let newStart = region.oldStart + growth
      // Rows kept within their own region stay where one longest increasing run of them
      // allows; the others, and rows that came from another region, moved.
      let localStart = kept.count
      var isIncreasing = true
      var lastLocal = Int.min
      for (offset, origin) in region.origins.enumerated() {
        let new = newStart + offset
        guard origin != Self.fresh else {
          changes.insertedRows.append(new)
          continue
        }
        kept.append((origin, new))
        guard let owner = self.region(holdingOld: origin, near: index) else { continue }
        claimed[claimBase[owner] + origin - regions[owner].oldStart] = true
        if owner != index {
          changes.movedRows.append(RowMove(from: origin, to: new))
        } else {
          isIncreasing = isIncreasing && origin > lastLocal
          lastLocal = origin
        }
      }
      if !isIncreasing {
        let local = kept[localStart...].filter {
          region.oldStart <= $0.old && $0.old < region.oldStart + region.oldRows.count
        }
        let staying = ChatItemsDiff.longestIncreasingSubsequence(local.map(\.old))
        for (position, row) in local.enumerated() where !staying[position] {
          changes.movedRows.append(RowMove(from: row.old, to: row.new))
        }
      }
      growth += region.growth
    }
    for (index, region) in regions.enumerated() {
      for offset in region.oldRows.indices where !claimed[claimBase[index] + offset] {
        changes.deletedRows.append(region.oldStart + offset)
      }
    }
    var hint = 0
    layout.forEachRow(at: kept.map(\.new)) { position, metrics, payload in
      let origin = kept[position].old
      guard let owner = self.region(holdingOld: origin, near: hint) else { return }
      hint = owner
      if regions[owner].oldRows[origin - regions[owner].oldStart].differs(
        from: payload, metrics: metrics, comparingContent: contentRechecks.contains(origin))
      {
        changes.reloadedRows.append(kept[position].new)
      }
    }
    if !remeasured.isEmpty {
      var heightChanged: [Int] = []
      layout.forEachMetrics(at: remeasured.map(\.index)) { position, metrics in
        if metrics != remeasured[position].metrics { heightChanged.append(remeasured[position].index) }
      }
      changes.reloadedRows = Self.merged(changes.reloadedRows, heightChanged)
    }
    if changes.movedRows.count > 1 { changes.movedRows.sort { $0.to < $1.to } }
    return changes
  }

  /// The region whose old rows include `oldIndex`, looked for first at `near`.
  private func region(holdingOld oldIndex: Int, near hint: Int) -> Int? {
    func holds(_ index: Int) -> Bool {
      regions[index].oldStart <= oldIndex && oldIndex < regions[index].oldStart + regions[index].oldRows.count
    }
    if holds(hint) { return hint }
    var low = 0
    var high = regions.count
    while low < high {
      let middle = (low + high) / 2
      if regions[middle].oldStart <= oldIndex { low = middle + 1 } else { high = middle }
    }
    return low > 0 && holds(low - 1) ? low - 1 : nil
  }

  /// Two ascending lists of distinct indexes as one.
  private static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
    guard !a.isEmpty else { return b }
    guard !b.isEmpty else { return a }
    var result: [Int] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i] < b[j]) {
        result.append(a[i])
        i += 1
      } else {
        result.append(b[j])
        j += 1
      }
    }
    return result
  }
}
