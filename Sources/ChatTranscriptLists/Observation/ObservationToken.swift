/// A subscription to a model's property changes; it ends on `cancel()` or when the token
/// is released, whichever comes first.
///
/// Whoever holds the token decides how long the subscription lives, so forgetting to
/// unsubscribe cannot leak a handler: drop the token and the handler goes with it.
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Whether the subscription still runs.
  public var isActive: Bool { onCancel != nil }

  /// Ends the subscription; later calls do nothing.
  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }

  deinit {
    cancel()
  }
}
