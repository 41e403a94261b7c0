/// Builds the presenter of the typing row.
public typealias TypingIndicatorPresenterBuilder<Cell: TypingIndicatorCell> = SingleRowPresenterBuilder<
  TypingIndicatorItem, Cell, TypingIndicatorPresenter<Cell>
>
