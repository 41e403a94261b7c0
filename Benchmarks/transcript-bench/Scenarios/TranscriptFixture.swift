import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams

/// A transcript of N messages behind a controller with the ready-made presenters: what the
/// layout, update and scroll scenarios measure.
final class TranscriptFixture {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController
  /// The items, made once (not timed), inserted by `fill`.
  let items: [StreamItem]

  /// - Parameters:
  ///   - items: the messages of the transcript.
  ///   - parallel: measure heights on all cores.
  init(items: [StreamItem], width: Double = 80, parallel: Bool) {
    controller = Self.makeController(width: width, parallel: parallel)
    controller.dataSource = transcript
    self.items = items
  }

  /// A transcript of `items` behind `controller` (a layout of another kind: in points).
  init(items: [StreamItem], controller: ChatTranscriptController) {
    self.controller = controller
    controller.dataSource = transcript
    self.items = items
  }

  /// A controller with the compact message presenters and the message decorator, 40 rows tall.
  ///
  /// - Parameter cachesMeasurements: `false` turns off the height cache and the text metrics
  ///   cache, so every height asked for is really computed (the full-recompute baseline).
  static func makeController(
    width: Double = 80, parallel: Bool, cachesMeasurements: Bool = true
  ) -> ChatTranscriptController {
    var configuration = ChatTranscriptController.Configuration()
    configuration.measuresHeightsInParallel = parallel
    if !cachesMeasurements { configuration.heightCacheCapacity = 0 }
    let textCache = cachesMeasurements ? TextMetricsCache() : TextMetricsCache(capacity: 0)
    return ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme(), cache: textCache),
      decorator: MessagesKit.decorator(), viewport: Viewport(width: width, height: 40),
      configuration: configuration)
  }

  /// The message the append scenarios add as operation `index`: the same for the incremental
  /// path and the full-recompute baseline, so their ratio compares like with like.
  static func appendedItem(_ index: Int) -> StreamItem {
    StreamItem(id: "bench-\(index)", type: "text", sender: "me", isIncoming: false, text: "appended \(index)")
  }

  /// Puts every item into the data source as one page of history (the data source's own
  /// bookkeeping, not timed); the controller has not seen them yet.
  func fill() {
    transcript.apply(.prepend(items))
  }

  /// Lays out what `fill` put in: decoration, presenters, heights, offsets.
  ///
  /// - Returns: the seconds the engine took.
  func layOut() -> Double {
    Stopwatch.time { controller.applyPendingUpdates() }
  }

  /// `fill` then `layOut`; returns the seconds of the layout only.
  func layoutCold() -> Double {
    fill()
    return layOut()
  }

  /// Applies `event` and the update it causes; returns the seconds both took.
  func time(_ event: StreamEvent) -> Double {
    Stopwatch.time {
      transcript.apply(event)
      controller.applyPendingUpdates()
    }
  }
}
