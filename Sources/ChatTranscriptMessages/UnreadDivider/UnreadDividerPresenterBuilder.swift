/// Builds the presenter of the unread divider the decorator injects.
public typealias UnreadDividerPresenterBuilder<Cell: UnreadDividerCell> = SingleRowPresenterBuilder<
  UnreadDividerItem, Cell, UnreadDividerPresenter<Cell>
>
