/// The observers of one controller's updates, called in the order they were added.
///
/// Belongs to the controller's owner, like the controller. Streams handed out by
/// ``ChatTranscriptController/updates()`` are observers too; one whose consumer went away is
/// dropped at the next delivery, on the owner.
struct UpdateObservers {
  private var observers: [(id: Int, observe: (TranscriptUpdate) -> Void)] = []
  private var streams: [(id: Int, continuation: AsyncStream<TranscriptUpdate>.Continuation)] = []
  private var lastID = 0

  /// Adds `observer`; the returned id removes it.
  mutating func add(_ observer: @escaping (TranscriptUpdate) -> Void) -> Int {
    lastID += 1
    observers.append((lastID, observer))
    return lastID
  }

  mutating func add(_ continuation: AsyncStream<TranscriptUpdate>.Continuation) {
    lastID += 1
    streams.append((lastID, continuation))
  }

  mutating func remove(_ id: Int) {
    observers.removeAll { $0.id == id }
  }

  /// Tells every observer and stream about `update`.
  mutating func deliver(_ update: TranscriptUpdate) {
    // Observers added or removed by an observer take effect from the next update.
    for observer in observers { observer.observe(update) }
    streams.removeAll { stream in
      if case .terminated = stream.continuation.yield(update) { return true }
      return false
    }
  }

  /// Ends every stream: the controller is going away.
  func finishStreams() {
    for stream in streams { stream.continuation.finish() }
  }
}

/// An update observer's registration: delivery stops when it is cancelled or released.
///
/// Keep it as long as the observer should hear updates. Like the controller, it belongs to
/// the controller's owner.
public final class UpdateObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops delivery; calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  deinit {
    cancel()
  }
}

extension ChatTranscriptController {
  /// Calls `observer` after every applied update, after ``onUpdate``, in the order observers
  /// were added, until the returned observation is cancelled or released.
  ///
  /// Several parts of an app (a list view, an unread counter, a backend's client channel)
  /// can each observe one controller.
  public func addUpdateObserver(_ observer: @escaping (TranscriptUpdate) -> Void) -> UpdateObservation {
    let id = updateObservers.add(observer)
    return UpdateObservation { [weak self] in self?.updateObservers.remove(id) }
  }

  /// Every update applied from now on, for Swift concurrency.
  ///
  /// The stream buffers updates its consumer has not read yet, and finishes when the
  /// controller goes away. A consumer that stops iterating is dropped at the next update.
  public func updates() -> AsyncStream<TranscriptUpdate> {
    let (stream, continuation) = AsyncStream<TranscriptUpdate>.makeStream()
    updateObservers.add(continuation)
    return stream
  }
}
