import ChatTranscript
import TextLayout

/// Shows a text item as its wrapped text across the full width: what `transcript layout`
/// uses until the ready-made message presenters exist.
final class PlainTextPresenter: BaseChatItemPresenter<PlainTextCell> {
  private(set) var item: StreamItem

  init(item: StreamItem) {
    self.item = item
    super.init()
  }

  override var canCalculateHeightInBackground: Bool { true }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    WrappedTextHeight(text: item.text ?? "")
  }

  override func configure(_ cell: PlainTextCell, decoration: ChatItemDecoration) {
    cell.label.text = item.text ?? ""
  }

  override var isItemUpdateSupported: Bool { true }

  override func update(with item: any ChatItem) {
    guard let item = item as? StreamItem else { return }
    self.item = item
    refreshVisibleCell()
  }
}

/// The height of a text wrapped at the available columns.
struct WrappedTextHeight: ChatItemHeightCalculator {
  var text: String

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    let columns = maximumWidth.isFinite ? Int(max(maximumWidth, 1)) : 1
    return Double(TerminalTextMeasurer().measure(text, maxWidth: columns).lineCount)
  }
}

final class PlainTextCell: CollectionViewCell {
  let label = Label()

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(label)
  }

  override var frame: Rect {
    didSet { label.frame = Rect(origin: .zero, size: frame.size) }
  }
}

struct PlainTextPresenterBuilder: ChatItemPresenterBuilder {
  var presenterType: any ChatItemPresenter.Type { PlainTextPresenter.self }

  func canHandle(_ item: any ChatItem) -> Bool { item is StreamItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let item = item as? StreamItem else { return UnsupportedItemPresenter(item: item) }
    return PlainTextPresenter(item: item)
  }
}
