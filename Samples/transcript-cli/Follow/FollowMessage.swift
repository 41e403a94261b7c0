import ChatTranscript
import ChatTranscriptStreams

/// What the threads behind `transcript follow` tell its main thread.
///
/// Decoding happens on the reading thread, so only decoded, `Sendable` values cross; applying
/// them (which needs the transcript and its controller) stays on the main thread.
enum FollowMessage: Sendable {
  /// A line that decoded; `line` is its 1-based number, for diagnostics when it cannot apply.
  case event(StreamEvent, line: Int)
  /// A line that did not decode.
  case rejected(StreamDiagnostic)
  /// The writer closed its end (`failure == nil`) or reading failed; nothing will follow.
  case ended(failure: NDJSONReadError?)
  /// The terminal changed size.
  case resized
}
