/// Makes presenters for the items of the types it is registered for.
///
/// Several builders may share a type; the first whose `canHandle` accepts an item wins.
public protocol ChatItemPresenterBuilder {
  /// The presenter class this builder makes, so its cells can be registered up front.
  var presenterType: any ChatItemPresenter.Type { get }
  func canHandle(_ item: any ChatItem) -> Bool
  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter
}
