import ChatTranscript
import Synchronization

/// Counts what the engine does with presenters and cells, for assertions.
public final class PresenterLog {
  public private(set) var events: [String] = []
  /// `enter <id>` and `leave <id>` as presenters hear of the working range, in order.
  public var workingRangeEvents: [String] = []
  public var built = 0
  public var updates = 0
  public var ownerHeights = 0
  /// Presenters made and not yet released.
  public var livePresenters = 0

  public init() {}

  public func record(_ event: String) {
    events.append(event)
  }

  public func clearEvents() {
    events.removeAll()
  }
}

/// Counts background height calculations from any thread.
///
/// An atomic rather than a `Mutex`: the thread sanitizer does not see the futex hand-off
/// inside `Mutex` on Linux and reports its protected value as racing.
public final class HeightCounter: Sendable {
  private let count = Atomic(0)

  public init() {}

  public var value: Int { count.load(ordering: .acquiring) }

  public func increment() {
    count.wrappingAdd(1, ordering: .acquiringAndReleasing)
  }
}

/// A cell with one label showing the item's id and text.
public final class TestCell: CollectionViewCell {
  public let label = Label()
  public private(set) var reuseCount = 0

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(label)
  }

  public override func prepareForReuse() {
    super.prepareForReuse()
    reuseCount += 1
    label.text = ""
  }
}

/// Sizes a ``TestItem`` from its own `height` (plus 1 when a tail is shown).
public struct TestHeightCalculator: ChatItemHeightCalculator {
  public var item: TestItem
  public var counter: HeightCounter?

  public func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    counter?.increment()
    return item.height + (decoration.showsTail ? 1 : 0)
  }
}

/// A presenter for ``TestItem`` that logs its life.
public final class TestPresenter: BaseChatItemPresenter<TestCell> {
  public private(set) var item: TestItem
  let log: PresenterLog
  let background: Bool
  let supportsUpdates: Bool
  let counter: HeightCounter?

  public init(
    item: TestItem, log: PresenterLog, background: Bool = true, supportsUpdates: Bool = true,
    counter: HeightCounter? = nil
  ) {
    self.item = item
    self.log = log
    self.background = background
    self.supportsUpdates = supportsUpdates
    self.counter = counter
    super.init()
    log.livePresenters += 1
  }

  deinit { log.livePresenters -= 1 }

  public override var canCalculateHeightInBackground: Bool { background }

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    TestHeightCalculator(item: item, counter: counter)
  }

  public override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    log.ownerHeights += 1
    return TestHeightCalculator(item: item, counter: nil).height(
      maximumWidth: maximumWidth, decoration: decoration)
  }

  public override func configure(_ cell: TestCell, decoration: ChatItemDecoration) {
    cell.label.text = item.text.isEmpty ? item.id : "\(item.id): \(item.text)"
    cell.label.frame = Rect(origin: .zero, size: cell.frame.size)
    log.record("configure \(item.id)")
  }

  public override func cellWillBeShown(_ cell: CollectionViewCell) {
    super.cellWillBeShown(cell)
    log.record("show \(item.id)")
  }

  public override func cellWasHidden(_ cell: CollectionViewCell) {
    super.cellWasHidden(cell)
    log.record("hide \(item.id)")
  }

  public override var isItemUpdateSupported: Bool { supportsUpdates }

  public override func update(with item: any ChatItem) {
    guard let item = item as? TestItem else { return }
    self.item = item
    log.updates += 1
    log.record("update \(item.id)")
  }

  /// Refuses once its text is `deleted`, as a deleted message would.
  public override var canBeSelected: Bool { item.text != "deleted" }

  public override func itemDidEnterWorkingRange() {
    log.workingRangeEvents.append("enter \(item.id)")
  }

  public override func itemDidLeaveWorkingRange() {
    log.workingRangeEvents.append("leave \(item.id)")
  }

  public override func shouldShowMenu() -> Bool { true }
  public override func canPerform(_ action: MenuAction) -> Bool { action == .copy }
  public override func perform(_ action: MenuAction) { log.record("\(action) \(item.id)") }
}

/// Sizes ``TestItem``s without presenters, as ``TestHeightCalculator`` does.
public struct TestHeightMeasurer: ChatItemHeightMeasurer {
  public var accepts: @Sendable (TestItem) -> Bool
  public var counter: HeightCounter?

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    guard let item = item as? TestItem, accepts(item) else { return nil }
    return TestHeightCalculator(item: item, counter: counter).height(
      maximumWidth: maximumWidth, decoration: decoration)
  }
}

/// Builds ``TestPresenter``s, optionally only for items a predicate accepts.
public struct TestBuilder: ChatItemPresenterBuilder {
  public let log: PresenterLog
  public var background = true
  public var supportsUpdates = true
  public var counter: HeightCounter?
  public var accepts: @Sendable (TestItem) -> Bool = { _ in true }
  /// Offer a ``TestHeightMeasurer``, so rows get presenters only when they need them.
  public var measures = false

  public init(
    log: PresenterLog, background: Bool = true, supportsUpdates: Bool = true, counter: HeightCounter? = nil,
    measures: Bool = false, accepts: @escaping @Sendable (TestItem) -> Bool = { _ in true }
  ) {
    self.log = log
    self.background = background
    self.supportsUpdates = supportsUpdates
    self.counter = counter
    self.measures = measures
    self.accepts = accepts
  }

  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    measures ? TestHeightMeasurer(accepts: accepts, counter: counter) : nil
  }

  public var presenterType: any ChatItemPresenter.Type { TestPresenter.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    (item as? TestItem).map(accepts) ?? false
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    log.built += 1
    guard let item = item as? TestItem else { return UnsupportedItemPresenter(item: item) }
    return TestPresenter(
      item: item, log: log, background: background, supportsUpdates: supportsUpdates, counter: counter)
  }
}
