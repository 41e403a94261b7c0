/// Builds presenters for the status rows the decorator injects.
public typealias MessageStatusPresenterBuilder<Cell: MessageStatusCell> = SingleRowPresenterBuilder<
  MessageStatusItem, Cell, MessageStatusPresenter<Cell>
>
