import ChatTranscript

/// Builds the presenters of one kind of single-row item (day separators, status rows, typing
/// rows, receipts, the unread divider), and sizes those rows without presenters.
///
/// Every such builder does the same: convert the item, make the presenter, measure one row.
/// Only the three types differ, so one generic builder serves them all.
public struct SingleRowPresenterBuilder<
  Item: ChatItemConvertible, Cell: SingleRowCell, Presenter: SingleRowPresenter<Item, Cell>
>: ChatItemPresenterBuilder {
  public init() {}

  public var presenterType: any ChatItemPresenter.Type { Presenter.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    Item(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = Item(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return Presenter(item: converted)
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SingleRowHeightMeasurer { Item(converting: $0) != nil }
  }
}
