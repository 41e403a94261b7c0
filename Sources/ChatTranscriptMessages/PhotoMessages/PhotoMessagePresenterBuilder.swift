import ChatTranscript

/// Builds photo message presenters for `PhotoMessageItem`s and wire items of type `"photo"`.
public struct PhotoMessagePresenterBuilder<Cell: PhotoMessageCell>: ChatItemPresenterBuilder {
  public var context: MessagePresentationContext

  public init(context: MessagePresentationContext) {
    self.context = context
  }

  public var presenterType: any ChatItemPresenter.Type { PhotoMessagePresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    PhotoMessageItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    makePresenter(ifHandling: item) ?? UnsupportedItemPresenter(item: item)
  }

  /// Converts the item once, instead of once to check and once to build.
  public func makePresenter(ifHandling item: any ChatItem) -> (any ChatItemPresenter)? {
    PhotoMessageItem(converting: item).map { PhotoMessagePresenter<Cell>(item: $0, context: context) }
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    BubbleHeightMeasurer.photo(sizing: BubbleSizing(Cell.self, context: context))
  }
}
