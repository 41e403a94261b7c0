import ChatTranscript
import ChatTranscriptStreams

/// How far `transcript follow` has got: what its status bar shows and its exit status needs.
struct FollowProgress {
  /// The input's name as diagnostics give it.
  var source: String
  /// Stream items in the transcript now.
  var itemCount = 0
  /// Lines that were skipped (did not decode or could not apply).
  var badLineCount = 0
  /// The newest problem, for the status bar.
  var lastDiagnostic: StreamDiagnostic?
  /// Whether the writer has closed its end.
  var hasEnded = false

  init(source: String) {
    self.source = source
  }
}
