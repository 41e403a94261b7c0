import Dispatch
import Synchronization

/// Messages from other threads to the main thread: unbounded, so a sender never waits for the
/// main thread, and drained whole, so a burst that arrived meanwhile is handled in one go.
///
/// The stream reader, the keyboard reader and signal handlers run off the main thread and
/// `post`; the main thread, which owns the controller and the transcript, calls
/// `waitForMessages()`. Only `Sendable` messages cross, so the compiler proves that nothing
/// the main thread owns is touched elsewhere. Nothing is ever dropped: a slow consumer makes
/// the queue longer, never the producer lose a message.
///
/// The semaphore is signalled only when the queue goes from empty to non-empty, and every
/// wake-up drains the queue, so the main thread wakes once per burst rather than once per
/// message.
final class Inbox<Message: Sendable>: Sendable {
  private let messages = Mutex<[Message]>([])
  private let arrived = DispatchSemaphore(value: 0)

  init() {}

  /// Queues `message` for the main thread; never blocks for longer than the lock is held.
  func post(_ message: Message) {
    let wasEmpty = messages.withLock { queue in
      queue.append(message)
      return queue.count == 1
    }
    if wasEmpty { arrived.signal() }
  }

  /// Waits until at least one message is queued, then takes every queued message, oldest first.
  func waitForMessages() -> [Message] {
    while true {
      arrived.wait()
      let taken = messages.withLock { queue in
        var taken: [Message] = []
        swap(&taken, &queue)
        return taken
      }
      if !taken.isEmpty { return taken }
    }
  }
}
