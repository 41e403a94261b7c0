import Synchronization

/// Moves one noncopyable value to another thread: the sender puts it in, the receiver takes it
/// out, and the type system sees it owned by exactly one thread at a time.
///
/// A closure that runs on another thread cannot capture a noncopyable value, but it can capture
/// this box, which is `Sendable` because the value sits behind a `Mutex`.
final class HandOff<Value: ~Copyable & Sendable>: Sendable {
  private let slot: Mutex<Value?>

  init(_ value: consuming Value) {
    slot = Mutex(Optional.some(value))
  }

  /// The value, the first time; `nil` after that.
  func take() -> Value? {
    slot.withLock { $0.take() }
  }
}
