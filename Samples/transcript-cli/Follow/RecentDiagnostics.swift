import ChatTranscriptStreams

/// The newest diagnostics of a stream, kept to print later, and how many older ones were let go.
///
/// `follow` on a terminal holds its diagnostics until the end, since stderr is the screen it
/// redraws; a stream of bad lines that never ends must not make that list grow without bound.
/// Past `capacity`, the oldest go: the newest say what the stream is doing now.
struct RecentDiagnostics {
  /// The most diagnostics kept.
  let capacity: Int
  /// Up to twice `capacity`, so that letting the oldest go costs amortized O(1) per diagnostic.
  private var kept: [StreamDiagnostic] = []
  private var droppedBeforeKept = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// Keeps `diagnostic`, letting the oldest go when more than `capacity` are kept.
  mutating func append(_ diagnostic: StreamDiagnostic) {
    kept.append(diagnostic)
    if kept.count == 2 * capacity {
      kept.removeFirst(capacity)
      droppedBeforeKept += capacity
    }
  }

  /// Diagnostics that were let go.
  var droppedCount: Int { droppedBeforeKept + max(kept.count - capacity, 0) }

  /// What to print: a line saying how many were let go, if any, then the newest `capacity`.
  var lines: [String] {
    let newest = kept.suffix(capacity).map(\.description)
    guard droppedCount > 0 else { return newest }
    let note = "transcript: \(droppedCount) earlier diagnostics not shown; the last \(capacity) follow"
    return [note] + newest
  }
}
