import ChatTranscript

/// libFuzzer entry point for the update flow: random edit sequences against a plain model.
///
/// Why: incremental updates (exact edits, coalesced bursts, re-decorating only the decorator's
/// reach, reusing presenters and cached heights, chunked prefix sums) are where a transcript
/// goes subtly wrong — a row left behind, a stale height, a cell showing an old version. The
/// model is the data source's own array: after every applied update, the controller's rows,
/// heights, margins, offsets, hit testing and visible cells must be exactly what that array
/// says, and from time to time equal to a controller built from scratch.
///
/// Input: the first byte picks the setup (decorator, trimming, coalescing); every following
/// byte is an operation, reading its arguments from the bytes after it (see ``Operation``).
/// A broken invariant ends in `fatalError`, which libFuzzer reports as a crash with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  var input = ByteReader(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
  guard let setup = input.next() else { return 0 }
  var session = UpdateSession(setup: setup)
  while let code = input.next() {
    session.perform(code, reading: &input)
  }
  session.applyAndCheck()
  session.compareWithFreshController()
  return 0
}

/// Reads the fuzzer's bytes one at a time; past the end every argument is 0.
struct ByteReader {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The next byte, or `nil` at the end (the end of the operations).
  mutating func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next byte as an argument: a number below `bound` (0 when the input has ended).
  mutating func argument(below bound: Int) -> Int {
    guard bound > 0 else { return 0 }
    return Int(next() ?? 0) % bound
  }
}

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

// MARK: - The session

/// The operations, chosen by the low nibble of an operation byte; bit 7 applies right after.
enum Operation: UInt8 {
  case insert, insertMany, remove, replace, changeType, move, openBatch, closeBatch
  case resize, rearrange, scroll, bogusChange, fullDiff, compareFresh, apply, applyToo
}

/// A controller, its data source and the model, driven by the fuzzer's operations.
struct UpdateSession {
  static let widths: [Double] = [12, 19, 20, 40, 80, 0]
  static let heights: [Double] = [10, 0, 3, 30]
  /// Keeps a run's work bounded (every check is linear) while still allowing more than one
  /// chunk (512 rows) of layout: a cap of 1500 items ran about 8 times slower.
  static let maximumItems = 700

  let decoratorChoice: DecoratorChoice
  let configuration: ChatTranscriptController.Configuration
  let dataSource = FuzzDataSource()
  let controller: ChatTranscriptController
  var nextID = 0

  init(setup: UInt8) {
    switch setup % 4 {
    case 0: decoratorChoice = .uniform(margin: 0)
    case 1: decoratorChoice = .uniform(margin: 2)
    default: decoratorChoice = .grouping
    }
    var configuration = ChatTranscriptController.Configuration()
    configuration.coalescesUpdates = setup & 0x10 == 0
    if setup & 0x20 != 0 {
      configuration.maximumItemCount = 40
      configuration.itemCountAfterTrimming = 25
    }
    configuration.heightCacheCapacity = setup & 0x40 == 0 ? 100_000 : 3
    self.configuration = configuration
    controller = Self.makeController(
      decoratorChoice, configuration: configuration, viewport: Viewport(width: 40, height: 10))
    controller.dataSource = dataSource
  }

  static func makeController(
    _ choice: DecoratorChoice, configuration: ChatTranscriptController.Configuration, viewport: Viewport
  ) -> ChatTranscriptController {
    let builders: [any ChatItemPresenterBuilder] = [FuzzBuilder()]
    // Items of type "b" are sized without presenters: both paths run in every input.
    return ChatTranscriptController(
      buildersByType: ["a": builders, "b": [FuzzBuilder(measures: true)], FuzzItem.markType: builders],
      decorator: choice.decorator, viewport: viewport, configuration: configuration)
  }

  /// A new item, its properties read from the input.
  mutating func makeItem(_ input: inout ByteReader) -> FuzzItem {
    let bits = input.argument(below: 256)
    nextID += 1
    return FuzzItem(
      id: "i\(nextID)", type: bits & 1 == 0 ? "a" : "b", height: (bits >> 1) & 3, group: (bits >> 3) & 1,
      isMarked: bits & 0x10 != 0, measuresInBackground: bits & 0x20 != 0, takesUpdates: bits & 0x40 == 0)
  }

  mutating func perform(_ code: UInt8, reading input: inout ByteReader) {
    guard let operation = Operation(rawValue: code & 0x0F) else { return }
    let count = dataSource.items.count
    switch operation {
    case .insert:
      let index = input.argument(below: count + 1)
      let number = input.argument(below: 4) + 1
      guard count + number <= Self.maximumItems else { break }
      let new = (0..<number).map { _ in makeItem(&input) }
      dataSource.insert(new, at: index, type: index == 0 && code & 0x40 != 0 ? .pagination : .normal)
    case .insertMany:
      // With bit 6, enough rows at once to split and merge the layout's chunks (512 rows);
      // without, a page of history. Big transcripts make every check slower, so they are opt-in.
      let index = input.argument(below: count + 1)
      let wanted = code & 0x40 == 0 ? input.argument(below: 32) + 1 : input.argument(below: 256) * 3 + 1
      let number = min(wanted, Self.maximumItems - count)
      guard number > 0 else { break }
      let template = makeItem(&input)
      let new = (0..<number).map { offset in
        nextID += 1
        var item = template
        item.id = "i\(nextID)"
        item.height = (template.height + offset) % 4
        item.group = (offset / 3) % 2
        return item
      }
      dataSource.insert(new, at: index, type: .normal)
    case .remove:
      guard count > 0 else { break }
      let index = input.argument(below: count)
      let length = code & 0x40 == 0 ? input.argument(below: 4) + 1 : input.argument(below: 256) * 4
      dataSource.remove(index..<min(index + length, count))
    case .replace, .changeType:
      guard count > 0 else { break }
      let index = input.argument(below: count)
      let bits = input.argument(below: 256)
      var item = dataSource.items[index]
      item.height = bits & 3
      item.group = (bits >> 2) & 1
      item.isMarked = bits & 8 != 0
      item.measuresInBackground = bits & 0x10 != 0
      item.takesUpdates = bits & 0x20 == 0
      if operation == .changeType { item.type = item.type == "a" ? "b" : "a" }
      dataSource.replace(at: index, with: item)
    case .move:
      guard count > 1 else { break }
      let source = input.argument(below: count)
      let destination = input.argument(below: count)
      let item = dataSource.items[source]
      dataSource.beginBatch()
      dataSource.remove(source..<source + 1)
      dataSource.insert([item], at: destination, type: .normal)
      dataSource.endBatch(type: .normal)
    case .openBatch:
      dataSource.beginBatch()
    case .closeBatch:
      dataSource.endBatch(type: code & 0x40 == 0 ? .normal : .pagination)
    case .resize:
      dataSource.endBatch(type: .normal)
      let width = Self.widths[input.argument(below: Self.widths.count)]
      let height = Self.heights[input.argument(below: Self.heights.count)]
      controller.setViewportSize(width: width, height: height)
    case .rearrange:
      dataSource.endBatch(type: .normal)
      let first = input.argument(below: count + 1)
      let last = input.argument(below: count + 1)
      let range = min(first, last)..<max(first, last)
      let mode = input.argument(below: 3)
      dataSource.rearrange(type: code & 0x40 == 0 ? .normal : .reload) { items in
        switch mode {
        case 0: items[range].reverse()
        case 1: items.removeSubrange(range)
        default:
          // Every item in the range gets a new version: taller, and in the other group.
          for index in range {
            items[index].height = (items[index].height + 1) % 4
            items[index].group ^= 1
          }
        }
      }
    case .scroll:
      let fraction = Double(input.argument(below: 256)) / 255
      controller.collectionView.setContentOffset(controller.collectionView.maximumContentOffset * fraction)
    case .bogusChange:
      dataSource.endBatch(type: .normal)
      let past = input.argument(below: 4)
      dataSource.reportBogusChange(
        code & 0x40 == 0
          ? .remove(count..<count + past + 1) : .insert([makeItem(&input)], at: count + past + 1))
    case .fullDiff:
      controller.requestUpdate(code & 0x40 == 0 ? .normal : .reload)
    case .compareFresh:
      applyAndCheck()
      compareWithFreshController()
    case .apply, .applyToo:
      applyAndCheck()
    }
    if code & 0x80 != 0 { applyAndCheck() }
  }

  /// Closes any open batch, applies everything pending and checks the result against the model.
  func applyAndCheck() {
    dataSource.endBatch(type: .normal)
    controller.applyPendingUpdates()
    if controller.hasPendingUpdates { fatalError("updates still pending after applyPendingUpdates()") }
    check()
  }

  /// The controller shows exactly the model's rows, with the model's heights and margins,
  /// stacked without gaps, hit-tested consistently, and its visible cells are current.
  func check() {
    let width = controller.collectionView.viewport.width
    let expected = decoratorChoice.expectedRows(of: dataSource.items, width: width)
    func fail(_ message: String) -> Never {
      let ids = dataSource.items.map(\.id).joined(separator: " ")
      fatalError("\(message)\n  width \(width), model items: \(ids)")
    }
    if controller.rowCount != expected.count {
      fail("\(controller.rowCount) rows, expected \(expected.count)")
    }
    if controller.itemCount != dataSource.items.count {
      fail("itemCount \(controller.itemCount), the data source has \(dataSource.items.count)")
    }
    // One pass for the frames; `frame(ofRow:)` and `row(atY:)` cost O(chunk) each, so they are
    // checked on a sample of rows (all of them in small transcripts).
    let frames = controller.rowFrames
    let sampleStride = max(expected.count / 64, 1)
    var y = 0.0
    for (row, want) in expected.enumerated() {
      guard let item = controller.item(atRow: row) as? FuzzItem, item == want.item else {
        fail("row \(row) shows \(controller.item(atRow: row)), expected \(want.item)")
      }
      guard let presenter = controller.presenter(atRow: row) as? FuzzPresenter, presenter.item == want.item
      else {
        fail("row \(row)'s presenter shows \(controller.presenter(atRow: row)), expected \(want.item)")
      }
      let frame = frames[row].frame
      if frame.minY != y || frame.height != want.height {
        fail(
          "row \(row) (\(want.item.id)) at y \(frame.minY) height \(frame.height); expected \(y), \(want.height)"
        )
      }
      let margin = controller.decoration(atRow: row).bottomMargin
      if margin != want.margin {
        fail("row \(row) (\(want.item.id)) margin \(margin), expected \(want.margin)")
      }
      let extent = want.height + want.margin
      let isSampled = row % sampleStride == 0 || row == expected.count - 1
      if isSampled, controller.frame(ofRow: row) != frame {
        fail("frame(ofRow: \(row)) is \(controller.frame(ofRow: row)), rowFrames says \(frame)")
      }
      if isSampled, extent > 0, controller.row(atY: y + extent / 2) != row {
        fail(
          "row(atY: \(y + extent / 2)) is \(String(describing: controller.row(atY: y + extent / 2))), not \(row)"
        )
      }
      y += extent
    }
    if controller.contentHeight != y {
      fail("contentHeight \(controller.contentHeight), rows add up to \(y)")
    }
    if expected.isEmpty {
      if controller.row(atY: 0) != nil { fail("row(atY:) answers for an empty transcript") }
    } else if controller.row(atY: -1) != 0 || controller.row(atY: y + 1) != expected.count - 1 {
      fail("row(atY:) does not clamp to the first and last rows")
    }
    checkVisibleCells(expected: expected, fail: fail)
  }

  /// Visible cells sit on their rows' frames, show the current item version, and cover the viewport.
  private func checkVisibleCells(expected: [ExpectedRow], fail: (String) -> Never) {
    let collectionView = controller.collectionView
    let viewport = collectionView.viewport
    let offset = viewport.contentOffset
    if !offset.isFinite || offset < 0 || offset > collectionView.maximumContentOffset {
      fail("content offset \(offset) outside 0...\(collectionView.maximumContentOffset)")
    }
    let visible = collectionView.visibleCells
    var shownRows = Set<Int>()
    for (row, cell) in visible {
      guard row >= 0, row < expected.count else { fail("a visible cell for row \(row) of \(expected.count)") }
      guard shownRows.insert(row).inserted else { fail("two visible cells for row \(row)") }
      if cell.frame != controller.frame(ofRow: row) {
        fail("row \(row)'s cell frame \(cell.frame), the row's frame \(controller.frame(ofRow: row))")
      }
      guard let cell = cell as? FuzzCell, cell.shownItem == expected[row].item else {
        fail(
          "row \(row)'s cell shows \(String(describing: (cell as? FuzzCell)?.shownItem)), expected \(expected[row].item)"
        )
      }
    }
    if let first = shownRows.min(), let last = shownRows.max(), last - first + 1 != shownRows.count {
      fail("visible rows \(shownRows.sorted()) are not contiguous")
    }
    // Every row with content inside the viewport has a cell.
    var top = 0.0
    for (row, want) in expected.enumerated() {
      let bottom = top + want.height
      if want.height > 0, viewport.height > 0, top < offset + viewport.height, bottom > offset,
        !shownRows.contains(row)
      {
        fail(
          "row \(row) at \(top)..<\(bottom) is in the viewport \(offset)+\(viewport.height) but has no cell")
      }
      top = bottom + want.margin
    }
  }

  /// A controller built from scratch over the same items lays them out identically.
  func compareWithFreshController() {
    let viewport = controller.collectionView.viewport
    let freshSource = FuzzDataSource(dataSource.items)
    let fresh = Self.makeController(
      decoratorChoice, configuration: ChatTranscriptController.Configuration(),
      viewport: Viewport(width: viewport.width, height: viewport.height))
    fresh.dataSource = freshSource
    fresh.requestUpdate(.firstLoad)
    fresh.applyPendingUpdates()
    let incremental = controller.rowFrames
    let rebuilt = fresh.rowFrames
    guard incremental.count == rebuilt.count else {
      fatalError("\(incremental.count) rows incrementally, \(rebuilt.count) from scratch")
    }
    for row in incremental.indices {
      if incremental[row].id != rebuilt[row].id || incremental[row].frame != rebuilt[row].frame
        || controller.decoration(atRow: row) != fresh.decoration(atRow: row)
      {
        fatalError("row \(row): \(incremental[row]) incrementally, \(rebuilt[row]) from scratch")
      }
    }
    if controller.contentHeight != fresh.contentHeight {
      fatalError(
        "content height \(controller.contentHeight) incrementally, \(fresh.contentHeight) from scratch")
    }
  }
}
