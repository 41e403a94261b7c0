import ChatTranscript

/// Builds presenters for the day separators the decorator injects.
public struct TimeSeparatorPresenterBuilder<Cell: TimeSeparatorCell>: ChatItemPresenterBuilder {
  public init() {}

  public var presenterType: any ChatItemPresenter.Type { TimeSeparatorPresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    TimeSeparatorItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = TimeSeparatorItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return TimeSeparatorPresenter<Cell>(item: converted)
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SingleRowHeightMeasurer { TimeSeparatorItem(converting: $0) != nil }
  }
}
