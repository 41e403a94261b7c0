import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals into calls on a Dispatch queue, where they may do anything (post to an
/// ``Inbox``), instead of running in a signal handler, where almost nothing is safe.
///
/// The signals' default actions are switched off while the forwarder lives (a terminating
/// signal must first let the program restore the terminal); `cancel()` switches them back.
///
/// On Linux, Dispatch reads signals from a `signalfd`, which sees only signals that every
/// thread blocks: a thread that does not block one takes it first, and the source never fires
/// (a `SIGTERM` sent to `view` was sometimes lost that way, on its main thread). So the
/// forwarder blocks its signals on the thread that makes it, and threads started from there
/// afterwards inherit the mask; Dispatch's own worker threads block them anyway. Make it on
/// the main thread before starting threads of your own.
final class SignalForwarder {
  private let signals: [Int32]
  private var sources: [any DispatchSourceSignal] = []

  /// - Parameters:
  ///   - signals: the signal numbers to catch (`SIGWINCH`, `SIGTERM`, …).
  ///   - handler: called on a private serial queue with the signal number, once per delivery
  ///     (deliveries close together may be merged, as the kernel merges them anyway).
  init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    Self.setBlocked(true, signals)
    let queue = DispatchQueue(label: "transcript.signals")
    for number in signals {
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops forwarding and gives the signals their default actions back, unblocked on the
  /// calling thread (call it where the forwarder was made, so that a `raise` right after it
  /// acts at once).
  func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in signals { _ = signal(number, SIG_DFL) }
    Self.setBlocked(false, signals)
  }

  private static func setBlocked(_ blocked: Bool, _ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, nil)
  }

  deinit {
    cancel()
  }
}
