import ChatTranscript

/// Builds the presenter of the typing row.
public struct TypingIndicatorPresenterBuilder<Cell: TypingIndicatorCell>: ChatItemPresenterBuilder {
  public init() {}

  public var presenterType: any ChatItemPresenter.Type { TypingIndicatorPresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    TypingIndicatorItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = TypingIndicatorItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return TypingIndicatorPresenter<Cell>(item: converted)
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SingleRowHeightMeasurer { TypingIndicatorItem(converting: $0) != nil }
  }
}
