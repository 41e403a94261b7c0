import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscript

/// Folding a batch of edits into windows: the windows, applied in order, must leave exactly
/// the list the edits leave one by one, each window holding only what changed.
@Suite struct EditWindowsTests {
  /// The ids of `items` after each change in turn: the reference.
  static func replayed(_ changes: some Sequence<ChatItemsChange>, on items: [String]) -> [String] {
    var items = items
    for change in changes {
      switch change {
      case .insert(let new, let index): items.insert(contentsOf: new.map(\.id), at: index)
      case .remove(let range): items.removeSubrange(range)
      case .replace(let item, let index): items[index] = item.id
      }
    }
    return items
  }

  /// The ids of `items` after each window in turn replaced its old items.
  static func windowed(_ windows: [EditWindows.Window], on items: [String]) -> [String] {
    var result = items
    var shift = 0
    for window in windows {
      let start = window.oldRange.lowerBound + shift
      result.replaceSubrange(start..<start + window.oldRange.count, with: window.items.map(\.id))
      shift += window.items.count - window.oldRange.count
    }
    return result
  }

  /// A random valid batch against a list of `count` items, mostly near its end as a chat's
  /// edits are, with fresh ids.
  static func randomChanges(_ random: inout SeededRandom, count: Int, length: Int) -> [ChatItemsChange] {
    var count = count
    var nextID = 0
    func fresh(_ n: Int) -> [any ChatItem] {
      (0..<n).map { _ in
        nextID += 1
        return TestItem(id: "n\(nextID)")
      }
    }
    func position(upTo limit: Int) -> Int {
      guard limit > 0 else { return 0 }
      let nearEnd = random.chance(0.7)
      return nearEnd ? max(limit - random.int(in: 0...min(limit, 40)), 0) : random.int(in: 0...limit)
    }
    var changes: [ChatItemsChange] = []
    for _ in 0..<length {
      switch random.int(in: 0...4) {
      case 0, 1:
        let items = fresh(random.int(in: 1...5))
        changes.append(.insert(items, at: position(upTo: count)))
        count += items.count
      case 2 where count > 0:
        let start = position(upTo: count - 1)
        let end = min(count, start + random.int(in: 1...4))
        changes.append(.remove(start..<end))
        count -= end - start
      case _ where count > 0:
        changes.append(.replace(fresh(1)[0], at: position(upTo: count - 1)))
      default:
        break
      }
    }
    return changes
  }

  @Test func windowsLeaveWhatTheEditsLeaveOneByOne() {
    let firstSeed = SeededRandom.seed(fromEnvironment: "EDIT_WINDOWS_SEED", default: 0)
    for seed in firstSeed..<firstSeed + 5_000 {
      var random = SeededRandom(seed: seed)
      let old = (0..<random.int(in: 0...120)).map { "o\($0)" }
      let changes = Self.randomChanges(&random, count: old.count, length: random.int(in: 1...60))
      let fold = EditWindows(changes[...], itemCount: old.count)
      #expect(fold.foldedCount == changes.count, "seed \(seed)")
      #expect(Self.windowed(fold.windows, on: old) == Self.replayed(changes, on: old), "seed \(seed)")
      // Windows are apart and in order, and none is empty.
      let ranges = fold.windows.map(\.oldRange)
      #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "seed \(seed)")
      #expect(fold.windows.allSatisfy { !$0.oldRange.isEmpty || !$0.items.isEmpty }, "seed \(seed)")
    }
  }

  @Test func aLongScatteredBatchIsFoldedInParts() {
    var random = SeededRandom(seed: 7)
    let old = (0..<20_000).map { "o\($0)" }
    // Replacements every 9 items: each keeps runs apart, until the fold stops.
    var changes = (0..<2_000).map { ChatItemsChange.replace(TestItem(id: "r\($0)"), at: $0 * 9) }
    changes += Self.randomChanges(&random, count: old.count, length: 50)
    var items = old
    var rest = changes[...]
    var folds = 0
    while !rest.isEmpty {
      let fold = EditWindows(rest, itemCount: items.count)
      #expect(fold.foldedCount > 0)
      #expect(fold.windows.count <= EditWindows.runLimit)
      items = Self.windowed(fold.windows, on: items)
      rest = rest.dropFirst(fold.foldedCount)
      folds += 1
    }
    #expect(folds > 1)
    #expect(items == Self.replayed(changes, on: old))
  }

  @Test func eachWindowHoldsOnlyWhatChanged() {
    let item = { (id: String) -> any ChatItem in TestItem(id: id) }
    let changes: [ChatItemsChange] = [
      .replace(item("a"), at: 10),
      .insert([item("b")], at: 100),
      .replace(item("c"), at: 12),
      .replace(item("d"), at: 97),
      .remove(99..<100),
      .replace(item("e"), at: 10),
      .replace(item("b2"), at: 99),
    ]
    let fold = EditWindows(changes[...], itemCount: 100)
    // Two items apart stay two windows; the item replaced twice is brought once, as its last
    // version; the removal at the end and the edited append are one window.
    #expect(fold.windows.map(\.oldRange) == [10..<11, 12..<13, 97..<98, 99..<100])
    #expect(fold.windows.map { $0.items.map(\.id) } == [["e"], ["c"], ["d"], ["b2"]])
  }
}
