import ChatTranscript
import TextLayout

/// Builds the presenters of one kind of single-row item (day separators, status rows, typing
/// rows, receipts, the unread divider), and sizes those rows without presenters.
///
/// Every such builder does the same: convert the item, make the presenter, measure one row.
/// Only the three types differ, so one generic builder serves them all.
public struct SingleRowPresenterBuilder<
  Item: ChatItemConvertible, Cell: SingleRowCell, Presenter: SingleRowPresenter<Item, Cell>
>: ChatItemPresenterBuilder {
  /// What presenters measure their text with; `nil`: one terminal row, by display width.
  private let measuring: MessagePresentationContext?

  /// Rows one terminal row tall.
  public init() {
    measuring = nil
  }

  /// Rows one line of `context` tall (``MessagePresentationContext/lineHeight``), their text
  /// placed by its width as the context's measurer gives it: what a layout in points needs.
  public init(context: MessagePresentationContext) {
    measuring = context
  }

  public var presenterType: any ChatItemPresenter.Type { Presenter.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    Item(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    makePresenter(ifHandling: item) ?? UnsupportedItemPresenter(item: item)
  }

  /// Converts the item once, instead of once to check and once to build.
  public func makePresenter(ifHandling item: any ChatItem) -> (any ChatItemPresenter)? {
    guard let converted = Item(converting: item) else { return nil }
    let presenter = Presenter(item: converted)
    if let measuring {
      presenter.textMeasurer = measuring.textMeasurer(forItemWithID: converted.id)
    }
    return presenter
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SingleRowHeightMeasurer(lineHeight: measuring?.lineHeight ?? SingleRowHeightMeasurer.rowHeight) {
      Item(converting: $0) != nil
    }
  }
}
