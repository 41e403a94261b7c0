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
final class SignalForwarder {
  private let signals: [Int32]
  private var sources: [any DispatchSourceSignal] = []

  /// - Parameters:
  ///   - signals: the signal numbers to catch (`SIGWINCH`, `SIGTERM`, …).
  ///   - handler: called on a private serial queue with the signal number, once per delivery
  ///     (deliveries close together may be merged, as the kernel merges them anyway).
  init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let queue = DispatchQueue(label: "transcript.signals")
    for number in signals {
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops forwarding and gives the signals their default actions back.
  func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in signals { _ = signal(number, SIG_DFL) }
  }

  deinit {
    cancel()
  }
}
