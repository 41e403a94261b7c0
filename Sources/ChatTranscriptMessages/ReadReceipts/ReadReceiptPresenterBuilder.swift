/// Builds presenters for the receipt rows the decorator injects.
public typealias ReadReceiptPresenterBuilder<Cell: ReadReceiptCell> = SingleRowPresenterBuilder<
  ReadReceiptItem, Cell, ReadReceiptPresenter<Cell>
>
