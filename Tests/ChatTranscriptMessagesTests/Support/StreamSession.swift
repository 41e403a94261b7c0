import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import TranscriptGenerator

/// A stream transcript shown by a controller with the ready-made message presenters, fed NDJSON
/// lines: the library side of the `transcript` commands, driven by tests.
final class StreamSession {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController
  private var feeder: StreamFeeder
  private var lineNumber = 0

  init(width: Double, height: Double = 24, configuration: ChatTranscriptController.Configuration = .init()) {
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: height), configuration: configuration)
    feeder = StreamFeeder(transcript: transcript, source: "stream")
    controller.dataSource = transcript
  }

  /// Feeds `lines`, applying the controller's pending updates after bursts of seeded random
  /// length (1 to `longestBurst` lines) and at the end, as `transcript follow` does per burst.
  ///
  /// - Returns: the diagnostics of the bad lines.
  func feed(_ lines: [[UInt8]], longestBurst: Int = 300, using random: inout SeededRandom)
    -> [StreamDiagnostic]
  {
    var diagnostics: [StreamDiagnostic] = []
    var burstLeft = 1 + random.below(longestBurst)
    for line in lines {
      lineNumber += 1
      diagnostics += line.withUnsafeBytes { feeder.feed($0, lineNumber: lineNumber) }
      burstLeft -= 1
      if burstLeft == 0 {
        controller.applyPendingUpdates()
        burstLeft = 1 + random.below(longestBurst)
      }
    }
    controller.applyPendingUpdates()
    return diagnostics
  }

  /// Every row as `ID Y HEIGHT`, top to bottom: what `transcript layout` prints.
  var layoutRows: [String] {
    controller.rowFrames.map { "\($0.id) \($0.frame.minY) \($0.frame.height)" }
  }
}
