import ChatTranscript

/// Presents an item as one line of text in a ``SingleRowCell``: day separators, status rows,
/// typing rows. One line tall at every width, so no measuring at all.
open class SingleRowPresenter<Item: ChatItemConvertible, Cell: SingleRowCell>: BaseChatItemPresenter<Cell> {
  public private(set) var item: Item
  /// How the row's text is measured and how tall its line is, when its builder was made with a
  /// context (``SingleRowPresenterBuilder/init(context:)``); `nil`: one terminal row.
  public internal(set) var textMeasurer: ItemTextMeasurer?

  /// Required, so that ``SingleRowPresenterBuilder`` can make any subclass.
  public required init(item: Item) {
    self.item = item
    super.init()
  }

  /// What the row says. Override point.
  open var text: String { "" }
  /// The style name renderers colour the row by. Override point.
  open var style: String { "" }

  public override var canCalculateHeightInBackground: Bool { true }

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    FixedHeight(height: textMeasurer?.lineHeight ?? SingleRowHeightMeasurer.rowHeight)
  }

  public override func configure(_ cell: Cell, decoration: ChatItemDecoration) {
    if let textMeasurer {
      cell.configure(with: text, style: style, measurer: textMeasurer)
    } else {
      cell.configure(with: text, style: style)
    }
  }

  public override var isItemUpdateSupported: Bool { true }

  public override func update(with item: any ChatItem) {
    guard let converted = Item(converting: item) else { return }
    self.item = converted
  }
}
