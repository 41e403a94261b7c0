/// The subscribers of one model, by the key paths they watch.
///
/// Owned by the model (see ``ObservableModel``). Handlers run synchronously on the thread
/// that changed the property, in subscription order; a handler may cancel subscriptions
/// or add new ones while it runs (a cancelled one is not called afterwards, a new one only
/// from the next change on).
public final class PropertyObservers<Model: AnyObject> {
  private struct Subscription {
    /// `nil` watches every property.
    var keyPaths: Set<PartialKeyPath<Model>>?
    var handler: (Model, PartialKeyPath<Model>) -> Void
  }

  private var subscriptions: [Int: Subscription] = [:]
  private var nextID = 0

  public init() {}

  /// Live subscriptions: what leak checks count.
  public var count: Int { subscriptions.count }

  /// Subscribes `handler` to changes of `keyPaths` (every property when `nil`).
  ///
  /// The registry holds the handler only until the token is cancelled or released; it holds
  /// the token weakly, so the model never keeps its observers alive.
  public func add(
    watching keyPaths: Set<PartialKeyPath<Model>>?, handler: @escaping (Model, PartialKeyPath<Model>) -> Void
  ) -> ObservationToken {
    let id = nextID
    nextID += 1
    subscriptions[id] = Subscription(keyPaths: keyPaths, handler: handler)
    return ObservationToken { [weak self] in self?.subscriptions[id] = nil }
  }

  /// Calls the handlers watching `keyPath` of `model`.
  ///
  /// - Complexity: O(s log s) for s subscriptions.
  public func notify(_ model: Model, changed keyPath: PartialKeyPath<Model>) {
    for id in subscriptions.keys.sorted() {
      guard let subscription = subscriptions[id] else { continue }
      if subscription.keyPaths?.contains(keyPath) ?? true {
        subscription.handler(model, keyPath)
      }
    }
  }
}
