import ChatTranscript

/// Builds photo message presenters for `PhotoMessageItem`s and wire items of type `"photo"`.
public struct PhotoMessagePresenterBuilder<Cell: PhotoMessageCell>: ChatItemPresenterBuilder {
  public var context: MessagePresentationContext

  public init(context: MessagePresentationContext) {
    self.context = context
  }

  public var presenterType: any ChatItemPresenter.Type { PhotoMessagePresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    PhotoMessageItem.canConvert(item)
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = PhotoMessageItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return PhotoMessagePresenter<Cell>(item: converted, context: context)
  }
}
