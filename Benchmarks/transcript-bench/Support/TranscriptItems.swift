import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import TranscriptGenerator

/// Where the benchmark's transcripts come from: synthetic messages with a fixed seed (the
/// generator behind `transcript generate`), or the items of a real NDJSON stream (`--input`).
enum TranscriptItems {
  case synthetic(seed: UInt64)
  /// The stream's items after applying every event, oldest first, typing rows left out.
  case stream(path: String)

  /// The first `count` items (all of a shorter stream). Not timed.
  ///
  /// Synthetic items are the inserts of the generator's events: the same seed and count give
  /// the same transcript in every run, and a smaller transcript is a prefix of a larger one.
  /// A stream is decoded as the text scenario's `loadTexts` does; bad lines are reported on
  /// standard error and skipped.
  ///
  /// - Returns: `nil` when the stream cannot be read at all (the reason is on standard error).
  func load(upTo count: Int) -> [StreamItem]? {
    switch self {
    case .stream(let path):
      let transcript = StreamTranscript()
      guard StreamInput.feed(path, into: transcript) != nil else { return nil }
      var items: [StreamItem] = []
      items.reserveCapacity(min(transcript.count, count))
      for case let item as StreamItem in transcript.chatItems where items.count < count {
        items.append(item)
      }
      return items
    case .synthetic(let seed):
      var items: [StreamItem] = []
      items.reserveCapacity(count)
      var events = SyntheticTranscript(count: Int.max, seed: seed)
      while items.count < count, let event = events.next() {
        if case .insert(let item, _) = event { items.append(item) }
      }
      return items
    }
  }
}
