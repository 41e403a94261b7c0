import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams

/// Sizes a stream item the way the stress transcript shows it: text wrapped to the width, a
/// photo scaled to it, a line more for a failed send and for a tail.
///
/// The height depends on the width on purpose: a height measured for one width and kept at
/// another shows up as a wrong row when the result is compared with a serial run.
struct StressHeightCalculator: ChatItemHeightCalculator {
  var item: StreamItem

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    let columns = max(Int(maximumWidth) - 4, 1)
    var lines: Int
    if item.type == "photo" {
      let aspect = (item.height ?? 3) / max(item.width ?? 4, 1)
      lines = max(Int(Double(columns) * aspect / 4), 1)
    } else {
      let characters = (item.text ?? "").utf8.count + (item.caption ?? "").utf8.count
      lines = max((characters + columns - 1) / columns, 1)
    }
    if item.status == .failed { lines += 1 }
    if decoration.showsTail { lines += 1 }
    return Double(lines)
  }
}

/// Remembers the item version it was last configured with, so a stale cell can be found.
final class StressCell: CollectionViewCell {
  var shownItem: StreamItem?

  override func prepareForReuse() {
    super.prepareForReuse()
    shownItem = nil
  }
}

/// Presents a stream item. Photos are measured on the owner and everything else in the
/// background, so both measurement paths run in one update; system items do not take updates,
/// so their presenters are replaced rather than updated.
final class StressPresenter: BaseChatItemPresenter<StressCell> {
  private(set) var item: StreamItem

  init(item: StreamItem) {
    self.item = item
    super.init()
  }

  override var canCalculateHeightInBackground: Bool { item.type != "photo" }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    StressHeightCalculator(item: item)
  }

  override func configure(_ cell: StressCell, decoration: ChatItemDecoration) {
    cell.shownItem = item
  }

  override var isItemUpdateSupported: Bool { item.type != "system" }

  override func update(with item: any ChatItem) {
    guard let item = item as? StreamItem else { return }
    self.item = item
  }
}

/// Sizes stream items without presenters, as ``StressPresenter``s do.
struct StressHeightMeasurer: ChatItemHeightMeasurer {
  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    (item as? StreamItem).map {
      StressHeightCalculator(item: $0).height(maximumWidth: maximumWidth, decoration: decoration)
    }
  }
}

/// Builds ``StressPresenter``s for stream items.
struct StressBuilder: ChatItemPresenterBuilder {
  /// Types it is registered for; any other type (`poll`, the typing row) gets the fallback.
  static let types = ["text", "photo", "system", StressDecorator.senderType, StressDecorator.noticeType]
  /// Types whose rows are sized without presenters and get one only on screen: text and
  /// system items, so rows made anew (system items take no updates) and lazy presenters
  /// run under the stress test too.
  static let measuredTypes: Set<String> = ["text", "system"]

  var measures = false

  var presenterType: any ChatItemPresenter.Type { StressPresenter.self }

  var heightMeasurer: (any ChatItemHeightMeasurer)? { measures ? StressHeightMeasurer() : nil }

  func canHandle(_ item: any ChatItem) -> Bool { item is StreamItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let item = item as? StreamItem else { return UnsupportedItemPresenter(item: item) }
    return StressPresenter(item: item)
  }
}

extension ChatTranscriptController {
  /// A controller presenting stream items the stress test's way; the concurrent run and the
  /// serial reference both start from this.
  static func forStressTest(viewport: Viewport) -> ChatTranscriptController {
    ChatTranscriptController(
      buildersByType: Dictionary(
        uniqueKeysWithValues: StressBuilder.types.map {
          ($0, [StressBuilder(measures: StressBuilder.measuredTypes.contains($0))])
        }),
      decorator: StressDecorator(), viewport: viewport)
  }
}
