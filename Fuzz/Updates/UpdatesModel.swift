import ChatTranscript

// What the `updates` harness (`UpdatesTarget.swift`) drives a controller with, and the model of
// the rows it must show.

// MARK: - Items, presenters, decorators

/// An item whose height, group and flags are its content, so the model knows every height.
struct FuzzItem: ChatItem, Hashable {
  static let markType = "mark"

  var id: String
  var type: String
  var height: Int
  var group: Int
  /// The grouping decorator puts a one-line row after a marked item.
  var isMarked: Bool
  var measuresInBackground: Bool
  var takesUpdates: Bool

  /// The height the presenter reports: narrow viewports add a line, so a width change matters.
  func expectedHeight(width: Double, decoration: ChatItemDecoration) -> Double {
    Double(height) + (width < 20 ? 1 : 0) + (decoration.showsTail ? 1 : 0)
  }
}

/// Measures a ``FuzzItem`` off the owner.
struct FuzzHeightCalculator: ChatItemHeightCalculator {
  var item: FuzzItem

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    item.expectedHeight(width: maximumWidth, decoration: decoration)
  }
}

/// Remembers which item version a cell was last configured with.
final class FuzzCell: CollectionViewCell {
  var shownItem: FuzzItem?

  override func prepareForReuse() {
    super.prepareForReuse()
    shownItem = nil
  }
}

/// Presents a ``FuzzItem``, on the owner or in the background as the item asks.
final class FuzzPresenter: BaseChatItemPresenter<FuzzCell> {
  private(set) var item: FuzzItem

  init(item: FuzzItem) {
    self.item = item
    super.init()
  }

  override var canCalculateHeightInBackground: Bool { item.measuresInBackground }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    FuzzHeightCalculator(item: item)
  }

  override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    item.expectedHeight(width: maximumWidth, decoration: decoration)
  }

  override func configure(_ cell: FuzzCell, decoration: ChatItemDecoration) {
    cell.shownItem = item
  }

  override var isItemUpdateSupported: Bool { item.takesUpdates }

  override func update(with item: any ChatItem) {
    guard let item = item as? FuzzItem else { fatalError("update with \(item)") }
    self.item = item
  }
}

/// Sizes ``FuzzItem``s without presenters, as their presenters do.
struct FuzzHeightMeasurer: ChatItemHeightMeasurer {
  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    (item as? FuzzItem).map {
      FuzzHeightCalculator(item: $0).height(maximumWidth: maximumWidth, decoration: decoration)
    }
  }
}

/// Builds ``FuzzPresenter``s for every ``FuzzItem``; with `measures`, rows get presenters only
/// when they need them.
struct FuzzBuilder: ChatItemPresenterBuilder {
  var measures = false

  var presenterType: any ChatItemPresenter.Type { FuzzPresenter.self }

  var heightMeasurer: (any ChatItemHeightMeasurer)? { measures ? FuzzHeightMeasurer() : nil }

  func canHandle(_ item: any ChatItem) -> Bool { item is FuzzItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let item = item as? FuzzItem else { fatalError("asked to present \(item)") }
    return FuzzPresenter(item: item)
  }
}

/// A decorator with reach 1: consecutive items of one group share a bubble (margin 0 inside,
/// 1 and a tail after the last), and a marked item gets a trailing one-line row.
///
/// It exists so the fuzzer exercises re-decoration around edits and injected rows, which a
/// uniform decorator never triggers.
struct GroupingDecorator: ChatItemsDecorator {
  var reach: Int { 1 }

  func decorate(_ context: DecorationContext) -> DecoratedItems {
    guard let item = context.item as? FuzzItem else { fatalError("decorating \(context.item)") }
    let isLast = (context.next as? FuzzItem).map { $0.group != item.group } ?? true
    let decoration = ChatItemDecoration(
      bottomMargin: isLast ? 1 : 0, showsTail: isLast, groupPosition: isLast ? .last : .middle)
    guard item.isMarked else { return DecoratedItems(decoration: decoration) }
    let mark = FuzzItem(
      id: item.id + "/mark", type: FuzzItem.markType, height: 1, group: -1, isMarked: false,
      measuresInBackground: false, takesUpdates: true)
    return DecoratedItems(decoration: decoration, trailing: [DecoratedItem(item: mark)])
  }

  /// The neighbours read an item's group; only its own rows read its mark. Answering less than
  /// `neighbours` sends replacements down the engine's shorter paths, which the model checks.
  func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact {
    guard let old = old as? FuzzItem, let new = new as? FuzzItem, old.group == new.group else {
      return .neighbours
    }
    return old.isMarked == new.isMarked ? .none : .item
  }
}

/// The fuzz setup's choice of decorator, as a value the model can evaluate too.
enum DecoratorChoice {
  case uniform(margin: Int)
  case grouping

  var decorator: any ChatItemsDecorator {
    switch self {
    case .uniform(let margin): UniformDecorator(bottomMargin: Double(margin))
    case .grouping: GroupingDecorator()
    }
  }

  /// The rows a transcript of `items` must show at `width`: id, height and margin.
  func expectedRows(of items: [FuzzItem], width: Double) -> [ExpectedRow] {
    var rows: [ExpectedRow] = []
    rows.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      switch self {
      case .uniform(let margin):
        let height = item.expectedHeight(width: width, decoration: .plain)
        rows.append(ExpectedRow(item: item, height: height, margin: Double(margin)))
      case .grouping:
        let isLast = index == items.count - 1 || items[index + 1].group != item.group
        let decoration = ChatItemDecoration(showsTail: isLast)
        rows.append(
          ExpectedRow(
            item: item, height: item.expectedHeight(width: width, decoration: decoration),
            margin: isLast ? 1 : 0))
        if item.isMarked {
          rows.append(
            ExpectedRow(
              item: FuzzItem(
                id: item.id + "/mark", type: FuzzItem.markType, height: 1, group: -1, isMarked: false,
                measuresInBackground: false, takesUpdates: true),
              height: width < 20 ? 2 : 1, margin: 0))
        }
      }
    }
    return rows
  }
}

/// One row as the model sees it.
struct ExpectedRow {
  var item: FuzzItem
  var height: Double
  var margin: Double
}

// MARK: - Data source

/// A plain array that reports its edits to the controller, exactly or coarsely.
///
/// The array is the model: whatever the controller shows must follow from it.
final class FuzzDataSource: ChatDataSource {
  private(set) var items: [FuzzItem]
  weak var delegate: (any ChatDataSourceDelegate)?
  /// Edits made while a batch is open, reported together when it closes.
  private var batch: [ChatItemsChange]?

  init(_ items: [FuzzItem] = []) {
    self.items = items
  }

  var chatItems: [any ChatItem] { items }

  /// Keeps `preferredMaxCount` items around the focus, as a backend trimming memory would.
  func adjustNumberOfItems(preferredMaxCount: Int, focusPosition: Double) -> Bool {
    guard items.count > preferredMaxCount, preferredMaxCount >= 0 else { return false }
    let center = Int(Double(items.count) * focusPosition)
    let start = min(max(center - preferredMaxCount / 2, 0), items.count - preferredMaxCount)
    let end = start + preferredMaxCount
    let after = end..<items.count
    let before = 0..<start
    items.removeSubrange(after)
    items.removeSubrange(before)
    delegate?.chatDataSource(
      self, didChange: [.remove(after), .remove(before)], type: .messageCountReduction)
    return true
  }

  func beginBatch() {
    if batch == nil { batch = [] }
  }

  func endBatch(type: UpdateType) {
    guard let changes = batch else { return }
    batch = nil
    if !changes.isEmpty { delegate?.chatDataSource(self, didChange: changes, type: type) }
  }

  func insert(_ new: [FuzzItem], at index: Int, type: UpdateType) {
    items.insert(contentsOf: new, at: index)
    report(.insert(new, at: index), type: type)
  }

  func remove(_ range: Range<Int>) {
    items.removeSubrange(range)
    report(.remove(range), type: .normal)
  }

  func replace(at index: Int, with item: FuzzItem) {
    items[index] = item
    report(.replace(item, at: index), type: .normal)
  }

  /// Changes the array behind the controller's back, then says only "did update".
  func rearrange(type: UpdateType, _ body: (inout [FuzzItem]) -> Void) {
    body(&items)
    delegate?.chatDataSourceDidUpdate(self, type: type)
  }

  /// Reports an edit that did not happen and points outside the list: the controller must
  /// notice and rebuild from `chatItems`.
  func reportBogusChange(_ change: ChatItemsChange) {
    delegate?.chatDataSource(self, didChange: [change], type: .normal)
  }

  private func report(_ change: ChatItemsChange, type: UpdateType) {
    if batch != nil {
      batch?.append(change)
    } else {
      delegate?.chatDataSource(self, didChange: [change], type: type)
    }
  }
}
