/// Builds presenters for the day separators the decorator injects.
public typealias TimeSeparatorPresenterBuilder<Cell: TimeSeparatorCell> = SingleRowPresenterBuilder<
  TimeSeparatorItem, Cell, TimeSeparatorPresenter<Cell>
>
