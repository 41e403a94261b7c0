import ChatTranscript

/// Presents a text message in a `Cell` chosen by the theme.
public final class TextMessagePresenter<Cell: TextMessageCell>: MessagePresenter<TextMessageItem, Cell> {
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
      measurer: context.textMeasurer(forItemWithID: item.id), configuration: context.configuration)
  }

  /// The text; a deleted message has none to copy.
  public override var copyText: String? { item.message.isDeleted ? nil : item.text }
}
