import ChatTranscript

/// A data source over a plain array that reports each edit exactly (or coarsely, on request),
/// with optional history pages and trimming.
public final class ArrayDataSource: ChatDataSource {
  public private(set) var items: [any ChatItem]
  public weak var delegate: (any ChatDataSourceDelegate)?
  /// Older pages still to load, newest page first.
  public var olderPages: [[any ChatItem]] = []
  /// Newer pages still to load, oldest page first.
  public var newerPages: [[any ChatItem]] = []
  public private(set) var loadPreviousCalls = 0
  public private(set) var loadNextCalls = 0
  public private(set) var adjustCalls: [(maxCount: Int, focus: Double)] = []
  /// Report edits as "did update" without details.
  public var reportsCoarsely = false

  public init(_ items: [any ChatItem] = []) {
    self.items = items
  }

  public var chatItems: [any ChatItem] { items }
  public var hasMorePrevious: Bool { !olderPages.isEmpty }
  public var hasMoreNext: Bool { !newerPages.isEmpty }

  public func loadPrevious() {
    loadPreviousCalls += 1
  }

  public func loadNext() {
    loadNextCalls += 1
  }

  /// Delivers the next newer page, as a backend answering `loadNext` would.
  public func deliverNextPage() {
    guard !newerPages.isEmpty else { return }
    append(newerPages.removeFirst(), type: .pagination)
  }

  /// Delivers the next older page, as a backend answering `loadPrevious` would.
  public func deliverPreviousPage() {
    guard !olderPages.isEmpty else { return }
    insert(olderPages.removeFirst(), at: 0, type: .pagination)
  }

  public func adjustNumberOfItems(preferredMaxCount: Int, focusPosition: Double) -> Bool {
    adjustCalls.append((preferredMaxCount, focusPosition))
    guard items.count > preferredMaxCount else { return false }
    let center = Int(Double(items.count) * focusPosition)
    let start = min(max(center - preferredMaxCount / 2, 0), items.count - preferredMaxCount)
    let end = start + preferredMaxCount
    let removedAfter = end..<items.count
    let removedBefore = 0..<start
    items.removeSubrange(removedAfter)
    items.removeSubrange(removedBefore)
    report([.remove(removedAfter), .remove(removedBefore)], type: .messageCountReduction)
    return true
  }

  public func append(_ newItems: [any ChatItem], type: UpdateType = .normal) {
    insert(newItems, at: items.count, type: type)
  }

  public func insert(_ newItems: [any ChatItem], at index: Int, type: UpdateType = .normal) {
    items.insert(contentsOf: newItems, at: index)
    report([.insert(newItems, at: index)], type: type)
  }

  public func remove(_ range: Range<Int>) {
    items.removeSubrange(range)
    report([.remove(range)], type: .normal)
  }

  public func replace(at index: Int, with item: any ChatItem) {
    items[index] = item
    report([.replace(item, at: index)], type: .normal)
  }

  public func move(from source: Int, to destination: Int) {
    let item = items.remove(at: source)
    items.insert(item, at: destination)
    report([.remove(source..<source + 1), .insert([item], at: destination)], type: .normal)
  }

  /// Replaces everything and says only "did update".
  public func setItems(_ newItems: [any ChatItem], type: UpdateType = .normal) {
    items = newItems
    delegate?.chatDataSourceDidUpdate(self, type: type)
  }

  private func report(_ changes: [ChatItemsChange], type: UpdateType) {
    if reportsCoarsely {
      delegate?.chatDataSourceDidUpdate(self, type: type)
    } else {
      delegate?.chatDataSource(self, didChange: changes, type: type)
    }
  }
}
