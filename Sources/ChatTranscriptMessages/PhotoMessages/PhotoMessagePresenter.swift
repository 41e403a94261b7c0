import ChatTranscript

/// Presents a photo message in a `Cell` chosen by the theme.
public final class PhotoMessagePresenter<Cell: PhotoMessageCell>: MessagePresenter<PhotoMessageItem, Cell> {
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    PhotoMessageHeightCalculator(item: item, sizing: BubbleSizing(Cell.self, context: context))
  }

  public override func configureContent(
    _ cell: Cell, viewModel: MessageViewModel, decoration: ChatItemDecoration
  ) {
    cell.configure(
      with: PhotoMessageViewModel(message: viewModel, photo: item), measurer: textMeasurer,
      configuration: context.configuration)
  }

  /// The caption, when there is one: a photo without caption, or deleted, offers no menu.
  public override var copyText: String? {
    item.message.isDeleted ? nil : item.caption.flatMap { $0.isEmpty ? nil : $0 }
  }
}
