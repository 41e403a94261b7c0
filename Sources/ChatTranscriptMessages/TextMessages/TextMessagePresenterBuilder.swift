import ChatTranscript

/// Builds text message presenters for `TextMessageItem`s and wire items of type `"text"`.
public struct TextMessagePresenterBuilder<Cell: TextMessageCell>: ChatItemPresenterBuilder {
  public var context: MessagePresentationContext
  /// The presenter class, looked up once: the metadata of a generic class is looked up in a
  /// table each time it is named, a few hundred instructions per presenter made.
  private let presenterClass = TextMessagePresenter<Cell>.self

  public init(context: MessagePresentationContext) {
    self.context = context
  }

  public var presenterType: any ChatItemPresenter.Type { TextMessagePresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    TextMessageItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    makePresenter(ifHandling: item) ?? UnsupportedItemPresenter(item: item)
  }

  /// Converts the item once, instead of once to check and once to build, and hands it on
  /// rather than copy it.
  public func makePresenter(ifHandling item: any ChatItem) -> (any ChatItemPresenter)? {
    guard let (item, memo) = ConversationItems.textMessage(of: item) else { return nil }
    let presenter = presenterClass.init(item: item, context: context)
    presenter.textMetricsMemo = memo
    return presenter
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    BubbleHeightMeasurer.text(sizing: BubbleSizing(Cell.self, context: context))
  }
}
