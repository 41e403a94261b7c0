import ChatTranscript
import ChatTranscriptMessages
import TranscriptGenerator

/// A transcript of N synthetic messages behind a controller with the ready-made presenters:
/// what the layout and update scenarios measure.
final class TranscriptFixture {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController
  /// The items, made once (not timed), inserted by `layoutCold`.
  private(set) var items: [StreamItem]

  /// - Parameters:
  ///   - count: messages in the transcript.
  ///   - parallel: measure heights on all cores.
  init(count: Int, seed: UInt64 = 1, width: Double = 80, parallel: Bool) {
    var configuration = ChatTranscriptController.Configuration()
    configuration.measuresHeightsInParallel = parallel
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: 40), configuration: configuration)
    controller.dataSource = transcript
    items = []
    items.reserveCapacity(count)
    for event in SyntheticTranscript(count: Int.max, seed: seed) where items.count < count {
      if case .insert(let item, _) = event { items.append(item) }
      if items.count == count { break }
    }
  }

  /// Loads every item and lays the transcript out: decoration, presenters, heights, offsets.
  ///
  /// - Returns: the seconds the engine took (the data source's own bookkeeping excluded).
  func layoutCold() -> Double {
    transcript.apply(.prepend(items))
    return Stopwatch.time { controller.applyPendingUpdates() }
  }

  /// Applies `event` and the update it causes; returns the seconds both took.
  func time(_ event: StreamEvent) -> Double {
    Stopwatch.time {
      transcript.apply(event)
      controller.applyPendingUpdates()
    }
  }
}
