import ChatTranscript

/// Builds presenters for the status rows the decorator injects.
public struct MessageStatusPresenterBuilder<Cell: MessageStatusCell>: ChatItemPresenterBuilder {
  public init() {}

  public var presenterType: any ChatItemPresenter.Type { MessageStatusPresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    MessageStatusItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = MessageStatusItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return MessageStatusPresenter<Cell>(item: converted)
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SingleRowHeightMeasurer { MessageStatusItem(converting: $0) != nil }
  }
}
