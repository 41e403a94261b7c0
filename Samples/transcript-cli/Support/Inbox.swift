import Dispatch
import Synchronization

/// Messages from other threads to the main thread: drained whole, so a burst that arrived
/// meanwhile is handled in one go, and never dropped.
///
/// The stream reader, the keyboard reader and signal handlers run off the main thread and
/// post; the main thread, which owns the controller and the transcript, calls
/// `waitForMessages()`. Only `Sendable` messages cross, so the compiler proves that nothing
/// the main thread owns is touched elsewhere.
///
/// `post` never waits. A producer that can outrun the main thread for good (the stream reader,
/// fed by a generator or a file) uses `postWaitingForRoom` instead: once `capacity` messages,
/// or messages standing for `byteCapacity` bytes of input, are queued it waits until the main
/// thread has taken them. Its input then stays in the pipe, whose writer waits in turn, so
/// memory is bounded by the transcript and one or two bursts rather than by how far the main
/// thread has fallen behind (a million queued events took gigabytes, and so did eight thousand
/// of 200 KB each). Nothing is dropped either way.
///
/// The `arrived` semaphore is signalled only when the queue goes from empty to non-empty, and
/// every wake-up drains the queue, so the main thread wakes once per burst rather than once per
/// message.
final class Inbox<Message: Sendable>: Sendable {
  private struct State {
    var queue: [Message] = []
    /// The array the last burst was handed out in, emptied with its room kept: the next burst
    /// but one is queued into it. A queue that started empty for every burst grew by doubling
    /// into fresh pages each time (a twentieth of `follow`'s reading thread, most of it page
    /// faults).
    var spare: [Message] = []
    /// The bytes of input the queued messages stand for, as their producer counted them.
    var queuedBytes = 0
    /// A producer filled the queue and waits on `drained`.
    var producerWaits = false
  }

  /// Queued messages at which `postWaitingForRoom` waits.
  let capacity: Int
  /// Queued bytes of input at which `postWaitingForRoom` waits.
  let byteCapacity: Int
  private let state = Mutex(State())
  private let arrived = DispatchSemaphore(value: 0)
  private let drained = DispatchSemaphore(value: 0)

  /// - Parameters:
  ///   - capacity: queued messages at which `postWaitingForRoom` waits (at least 1).
  ///   - byteCapacity: queued bytes of input at which `postWaitingForRoom` waits.
  init(capacity: Int = .max, byteCapacity: Int = .max) {
    self.capacity = max(capacity, 1)
    self.byteCapacity = byteCapacity
  }

  /// Queues `message` for the main thread; never blocks for longer than the lock is held.
  func post(_ message: Message) {
    let (wasEmpty, _) = enqueue(message, bytes: 0, mayWait: false)
    if wasEmpty { arrived.signal() }
  }

  /// Queues `message`, then, if the queue now holds `capacity` messages or `byteCapacity` bytes,
  /// waits until the main thread has taken them.
  ///
  /// Only one thread may use this at a time (the one producer that needs holding back).
  ///
  /// - Parameter bytes: the bytes of input `message` stands for (a line's length): about the
  ///   memory it holds.
  func postWaitingForRoom(_ message: Message, bytes: Int) {
    let (wasEmpty, mustWait) = enqueue(message, bytes: bytes, mayWait: true)
    if wasEmpty { arrived.signal() }
    if mustWait { drained.wait() }
  }

  /// Waits until at least one message is queued, then hands `handle` every queued message,
  /// oldest first. Messages posted meanwhile wait for the next call.
  func waitForMessages(_ handle: (Message) -> Void) {
    while true {
      arrived.wait()
      let (burst, producerWaited) = state.withLock { state in
        var taken: [Message] = []
        swap(&taken, &state.spare)
        swap(&taken, &state.queue)
        state.queuedBytes = 0
        defer { state.producerWaits = false }
        return (taken, state.producerWaits)
      }
      if producerWaited { drained.signal() }
      var taken = consume burst
      for message in taken { handle(message) }
      let handledAny = !taken.isEmpty
      taken.removeAll(keepingCapacity: true)
      state.withLock { state in swap(&taken, &state.spare) }
      if handledAny { return }
    }
  }

  /// Appends `message`; returns whether the queue was empty before, and whether the caller must
  /// wait for the main thread (it may, and the queue is full).
  private func enqueue(_ message: Message, bytes: Int, mayWait: Bool) -> (wasEmpty: Bool, mustWait: Bool) {
    state.withLock { state in
      state.queue.append(message)
      state.queuedBytes += bytes
      let mustWait = mayWait && (state.queue.count >= capacity || state.queuedBytes >= byteCapacity)
      if mustWait { state.producerWaits = true }
      return (state.queue.count == 1, mustWait)
    }
  }
}
