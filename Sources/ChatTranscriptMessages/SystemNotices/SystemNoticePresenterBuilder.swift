import ChatTranscript

/// Builds system notice presenters for `SystemNoticeItem`s and wire items of type `"system"`.
public struct SystemNoticePresenterBuilder<Cell: SystemNoticeCell>: ChatItemPresenterBuilder {
  public var context: MessagePresentationContext

  public init(context: MessagePresentationContext) {
    self.context = context
  }

  public var presenterType: any ChatItemPresenter.Type { SystemNoticePresenter<Cell>.self }

  public func canHandle(_ item: any ChatItem) -> Bool {
    SystemNoticeItem(converting: item) != nil
  }

  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let converted = SystemNoticeItem(converting: item) else {
      return UnsupportedItemPresenter(item: item)
    }
    return SystemNoticePresenter<Cell>(item: converted, context: context)
  }

  /// Sizes rows off screen without presenters.
  public var heightMeasurer: (any ChatItemHeightMeasurer)? {
    SystemNoticeHeightMeasurer<Cell>(context: context)
  }
}
