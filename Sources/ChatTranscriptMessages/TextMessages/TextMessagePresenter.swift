import ChatTranscript

/// Presents a text message in a `Cell` chosen by the theme.
public final class TextMessagePresenter<Cell: TextMessageCell>: MessagePresenter<TextMessageItem, Cell> {
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  /// Where the item keeps how its text wrapped (``ConversationItem/textMetricsMemo``): its
  /// row's height measurer left the metrics there, so configuring a cell does not wrap the
  /// text again. Kept here rather than in the item, which is copied many times per row.
  var textMetricsMemo: TextMetricsMemo?

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    TextMessageHeightCalculator(item: item, sizing: BubbleSizing(Cell.self, context: context))
  }

  public override func configureContent(
    _ cell: Cell, viewModel: MessageViewModel, decoration: ChatItemDecoration
  ) {
    // The item read once, here where its type is known: each read copies it whole.
    let item = item
    cell.configure(
      with: TextMessageViewModel(message: viewModel, text: item.text),
      measurer: context.textMeasurer(forItemWithID: item.id), configuration: context.configuration,
      textMetricsMemo: textMetricsMemo)
  }

  /// Takes the new item's memo too: an edited text is remembered elsewhere.
  public override func update(with item: any ChatItem) {
    super.update(with: item)
    textMetricsMemo = ConversationItems.textMessage(of: item)?.memo
  }

  /// The text; a deleted message has none to copy.
  public override var copyText: String? { item.message.isDeleted ? nil : item.text }
}
