import ChatTranscript
import ChatTranscriptStreams
import Dispatch

/// A stream transcript that any thread may write to while one owner presents it: the shape of
/// a backend whose network callbacks arrive on many threads while the controller belongs to
/// one owner.
///
/// Writers `commit` events from any thread. Under one lock each event is applied to the
/// committed transcript and appended to a journal, so the journal is the order in which the
/// events really took effect, whatever the threads did around the lock. The owner calls
/// `deliverCommitted()` to replay the journal's new events, in that order, into the transcript
/// the controller reads, which reports each one to the controller.
///
/// Writers wait while `maximumUndelivered` events are on their way, so they cannot run ahead
/// of the owner: without that, writers done in a millisecond leave the owner one big batch and
/// nothing to interleave with.
///
/// Two transcripts rather than one, because the controller reads `chatItems` whenever it
/// rebuilds (a coarse update, a refused edit) and that list must hold exactly the edits the
/// controller has been told about: a list that already held edits still on their way would
/// have them applied twice.
///
/// `@unchecked Sendable`: `committed`, `journal` and `deliveredCount` are only touched inside
/// `lock.sync`; `delivered`, `delegate` and `reportCount` only on the controller's owner.
final class SharedStreamTranscript: ChatDataSource, @unchecked Sendable {
  /// One committed event and the writer that made it.
  struct Commit: Sendable {
    var writer: Int
    var event: StreamEvent
  }

  /// Report every `coarseEvery`-th change as a bare "did update" (`nil`: always exactly), so
  /// the controller's diffing path runs between exact edits too.
  let coarseEvery: Int?
  let maximumUndelivered: Int
  weak var delegate: (any ChatDataSourceDelegate)?

  /// A serial queue as the lock: the thread sanitizer understands Dispatch's hand-offs.
  private let lock = DispatchQueue(label: "SharedStreamTranscript.lock")
  /// Room for events committed and not yet delivered.
  private let room: DispatchSemaphore
  private let committed = StreamTranscript()
  private var journal: [Commit] = []
  private var rejected = 0
  private var deliveredCount = 0
  private let delivered = StreamTranscript()
  private var reportCount = 0

  init(coarseEvery: Int? = nil, maximumUndelivered: Int = 8) {
    self.coarseEvery = coarseEvery
    self.maximumUndelivered = maximumUndelivered
    room = DispatchSemaphore(value: maximumUndelivered)
    delivered.delegate = self
  }

  /// The delivered items: what the controller has been told about.
  var chatItems: [any ChatItem] { delivered.chatItems }

  // MARK: Any thread

  /// Applies `event` to the committed transcript and records it in the journal; from any thread.
  ///
  /// Waits while `maximumUndelivered` events are waiting for the owner. A rejected event is
  /// journaled too: replayed on the same list, it is rejected the same way.
  func commit(_ event: StreamEvent, by writer: Int) {
    room.wait()
    lock.sync {
      if !committed.apply(event).isEmpty { rejected += 1 }
      journal.append(Commit(writer: writer, event: event))
    }
  }

  /// Every commit so far, in the order it took effect.
  var commits: [Commit] { lock.sync { journal } }

  /// How many committed events could not be applied.
  var rejectedCount: Int { lock.sync { rejected } }

  /// The committed items, typing row included.
  var committedItems: [any ChatItem] { lock.sync { committed.chatItems } }

  // MARK: Owner only

  /// Replays the events committed since the last call, in commit order; on the owner only.
  ///
  /// - Returns: how many events were delivered.
  @discardableResult
  func deliverCommitted() -> Int {
    let pending = lock.sync {
      defer { deliveredCount = journal.count }
      return journal[deliveredCount...]
    }
    for commit in pending {
      delivered.apply(commit.event)
      room.signal()
    }
    return pending.count
  }
}

/// Hears the delivered transcript's edits and passes them on as this data source's.
extension SharedStreamTranscript: ChatDataSourceDelegate {
  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
    delegate?.chatDataSourceDidUpdate(self, type: type)
  }

  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    reportCount += 1
    if let coarseEvery, reportCount % coarseEvery == 0 {
      delegate?.chatDataSourceDidUpdate(self, type: type)
    } else {
      delegate?.chatDataSource(self, didChange: changes, type: type)
    }
  }
}
