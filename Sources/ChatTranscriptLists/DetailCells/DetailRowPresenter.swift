import ChatTranscript
import TextLayout

/// Shows an observable model in a ``DetailCell`` through an adapter, with an optional
/// button action that may change the model (the cell then refreshes itself through the
/// observation).
public final class DetailRowPresenter<Model: ObservableModel, Cell: DetailCell>: ModelBoundPresenter<
  Model, Cell
>
{
  private let content: (Model) -> any DetailCellContent
  private let action: ((Model) -> Void)?
  private let measurer: any TextMeasurer

  /// - Parameters:
  ///   - content: adapts the model to what the cell shows.
  ///   - action: runs when the cell's button is tapped.
  public init(
    model: Model, measurer: any TextMeasurer = TerminalTextMeasurer(),
    content: @escaping (Model) -> any DetailCellContent, action: ((Model) -> Void)? = nil
  ) {
    self.content = content
    self.action = action
    self.measurer = measurer
    super.init(model: model)
  }

  public override func heightForCell(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    Cell.height(for: content(model), width: maximumWidth, measurer: measurer)
  }

  public override func configure(_ cell: Cell, decoration: ChatItemDecoration) {
    cell.configure(with: content(model), measurer: measurer)
    cell.actionButton.removeAllActions()
    if action != nil {
      cell.actionButton.addAction { [weak self] in
        guard let self else { return }
        action?(model)
      }
    }
  }
}
