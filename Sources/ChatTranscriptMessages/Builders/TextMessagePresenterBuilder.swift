import ChatTranscript

/// Builds text message presenters for `TextMessageItem`s and wire items of type `"text"`.
public struct TextMessagePresenterBuilder<Cell: TextMessageCell>: ChatItemPresenterBuilder {
  public var context: MessagePresentationContext

  public init(context: MessagePresentationContext) {
    self.context = context
  }

  public var presenterType: any ChatItemPresenter.Type { TextMessagePresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    TextMessageItem.canConvert(item)
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = TextMessageItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return TextMessagePresenter<Cell>(item: converted, context: context)
  }
}
