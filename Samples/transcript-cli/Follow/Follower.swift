import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The main loop of `transcript follow`: waits for a burst of events, applies all of it to the
/// transcript, lets the controller lay it out once, and shows it once.
///
/// The stream is read and decoded on a thread of its own (``StreamReadingThread``), which
/// posts to an ``Inbox``; the transcript and the controller stay on the main thread. While the
/// main thread is busy drawing, events pile up in the inbox and become the next burst: bursts
/// are coalesced, and nothing is ever dropped. A burst holds at most ``backlogLimit`` lines and
/// about ``backlogByteLimit`` bytes of them: past either the reader waits, so a stream faster
/// than the output (a generator piped in, a big file, a blocked pipe) costs memory for the
/// transcript, not for every event not yet shown.
final class Follower {
  private let session: TranscriptSession
  private let display: any FollowDisplay
  /// Lines read ahead of the main thread at most: enough that bursts stay large (one layout
  /// pass and one flush for thousands of lines), small enough that the queued events take a
  /// few megabytes, not gigabytes.
  static let backlogLimit = 8_192
  /// Bytes of lines read ahead of the main thread at most (and one line more): big messages
  /// make small bursts, so 8,192 edits of a 200 KB message cannot take gigabytes.
  static let backlogByteLimit = 4 << 20
  /// Diagnostics kept for the end, when stderr is the terminal being redrawn: the newest this
  /// many.
  static let deferredDiagnosticLimit = 1_000

  private let inbox = Inbox<FollowMessage>(capacity: backlogLimit, byteCapacity: backlogByteLimit)
  private var progress: FollowProgress
  /// Diagnostics held back until the end, when stderr is the terminal being redrawn.
  private var deferredDiagnostics = RecentDiagnostics(capacity: deferredDiagnosticLimit)
  private let defersDiagnostics: Bool
  private var changes = ChangeSet()
  private var resizeSignals: SignalForwarder?

  /// - Parameters:
  ///   - source: the input's name in diagnostics.
  ///   - defersDiagnostics: hold diagnostics until the end (stderr is the screen being redrawn).
  ///   - watchesResizes: relayout when the terminal changes size.
  init(
    session: TranscriptSession, display: any FollowDisplay, source: String, defersDiagnostics: Bool,
    watchesResizes: Bool
  ) {
    self.session = session
    self.display = display
    self.progress = FollowProgress(source: source)
    self.defersDiagnostics = defersDiagnostics
    session.controller.onUpdate = { [weak self] update in self?.changes.add(update) }
    if watchesResizes {
      let inbox = self.inbox
      resizeSignals = SignalForwarder([SIGWINCH]) { _ in inbox.post(.resized) }
    }
  }

  /// Follows the stream until its writer closes it.
  ///
  /// - Returns: `.success` when every line applied, `.badInput` when some were skipped,
  ///   `.failure` when reading failed.
  func run(_ reader: consuming NDJSONLineReader) -> ExitStatus {
    // Texts are wrapped as they are decoded, on the reading thread, which has time to spare:
    // the main thread, which applies, lays out and draws, is the one every burst waits for.
    StreamReadingThread.start(
      reader, source: progress.source, inbox: inbox,
      prepare: session.prewrapper(width: Int(session.controller.collectionView.viewport.width)))
    display.start(progress)
    var readFailure: NDJSONReadError?
    while !progress.hasEnded {
      // A burst's edits reach the controller in one notification, not one per event.
      session.transcript.performBatchUpdates {
        inbox.waitForMessages { message in
          switch message {
          case .event(let event, let line):
            let errors = session.transcript.apply(event)
            if !errors.isEmpty {
              report(
                errors.map { StreamDiagnostic(source: progress.source, line: line, message: $0.description) })
            }
          case .rejected(let diagnostic):
            report([diagnostic])
          case .resized:
            display.terminalDidResize()
          case .ended(let failure):
            progress.hasEnded = true
            readFailure = failure
          }
        }
      }
      changes = ChangeSet()
      session.controller.applyPendingUpdates()
      progress.itemCount = session.transcript.count
      display.show(changes, progress: progress)
    }
    resizeSignals?.cancel()
    display.finish(progress)
    for line in deferredDiagnostics.lines { printError(line) }
    if let readFailure {
      printError("\(escapedForDiagnostics(progress.source)): \(readFailure)")
      return .failure
    }
    return progress.badLineCount > 0 ? .badInput : .success
  }

  /// Records one bad line's diagnostics and prints them, now or at the end.
  private func report(_ diagnostics: [StreamDiagnostic]) {
    progress.badLineCount += 1
    progress.lastDiagnostic = diagnostics.last
    if defersDiagnostics {
      for diagnostic in diagnostics { deferredDiagnostics.append(diagnostic) }
    } else {
      for diagnostic in diagnostics { printError(diagnostic.description) }
    }
  }
}
