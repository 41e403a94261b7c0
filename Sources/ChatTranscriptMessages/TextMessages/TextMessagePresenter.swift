import ChatTranscript

/// Presents a text message in a `Cell` chosen by the theme.
public final class TextMessagePresenter<Cell: TextMessageCell>: MessagePresenter<TextMessageItem, Cell> {
  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    TextMessageHeightCalculator(item: item, sizing: BubbleSizing(Cell.self, context: context))
  }

  public override func configureContent(
    _ cell: Cell, viewModel: MessageViewModel, decoration: ChatItemDecoration
  ) {
    cell.configure(
      with: TextMessageViewModel(message: viewModel, text: item.text), measurer: textMeasurer,
      configuration: context.configuration)
  }

  public override var copyText: String? { item.text }
}
