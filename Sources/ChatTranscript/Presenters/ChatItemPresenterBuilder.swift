/// Makes presenters for the items of the types it is registered for.
///
/// Several builders may share a type; the first whose `canHandle` accepts an item wins.
public protocol ChatItemPresenterBuilder {
  /// The presenter class this builder makes, so its cells can be registered up front.
  var presenterType: any ChatItemPresenter.Type { get }
  func canHandle(_ item: any ChatItem) -> Bool
  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter

  /// A presenter for `item` when this builder handles it, else `nil`: what the factory asks.
  ///
  /// The default is `canHandle` then `makePresenter`. A builder that converts items to its
  /// own model can convert once here instead of in both (reading an item out of
  /// `any ChatItem` is the costly part of making a presenter).
  func makePresenter(ifHandling item: any ChatItem) -> (any ChatItemPresenter)?

  /// Sizes this builder's items without presenters; `nil` (the default) when only a
  /// presenter can. With one, rows get presenters only when they need them (on screen,
  /// touched, asked for), which is what keeps a long transcript cheap to lay out and to hold.
  var heightMeasurer: (any ChatItemHeightMeasurer)? { get }
}

extension ChatItemPresenterBuilder {
  public func makePresenter(ifHandling item: any ChatItem) -> (any ChatItemPresenter)? {
    canHandle(item) ? makePresenter(for: item) : nil
  }

  public var heightMeasurer: (any ChatItemHeightMeasurer)? { nil }
}
