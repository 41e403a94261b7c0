/// A model that announces changes of its properties by key path.
///
/// Conform a final class, keep a ``PropertyObservers`` and announce each change:
///
/// ```swift
/// final class Person: ObservableModel {
///   let propertyObservers = PropertyObservers<Person>()
///   var age: Int { didSet { propertyDidChange(\.age) } }
/// }
/// let token = person.observe(\.age) { age in print(age) }
/// ```
///
/// Not tied to chats: any list row, form or presenter can watch a model this way. Models
/// and observers belong to one owner (a thread or actor); nothing here is `Sendable`.
public protocol ObservableModel: AnyObject {
  var propertyObservers: PropertyObservers<Self> { get }
}

extension ObservableModel {
  /// Calls `handler` with the new value whenever `keyPath` is announced as changed.
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, handler: @escaping (Value) -> Void
  ) -> ObservationToken {
    propertyObservers.add(watching: [keyPath]) { model, _ in handler(model[keyPath: keyPath]) }
  }

  /// Calls `handler` with the changed key path whenever one of `keyPaths` (any property,
  /// when `nil`) is announced as changed.
  public func observe(
    _ keyPaths: Set<PartialKeyPath<Self>>?, handler: @escaping (PartialKeyPath<Self>) -> Void
  ) -> ObservationToken {
    propertyObservers.add(watching: keyPaths) { _, keyPath in handler(keyPath) }
  }

  /// Announces that `keyPath` changed; call it from the property's `didSet`.
  public func propertyDidChange(_ keyPath: PartialKeyPath<Self>) {
    propertyObservers.notify(self, changed: keyPath)
  }
}
