import ChatTranscript
import TextLayout

/// What every message presenter of a transcript shares: layout choices, the text measurer
/// and its cache, and the app's interaction handler (held weakly).
public struct MessagePresentationContext {
  public var configuration: MessageLayoutConfiguration
  public var measurer: any TextMeasurer
  public var cache: TextMetricsCache
  public weak var interactionHandler: (any MessageInteractionHandler)?

  public init(
    configuration: MessageLayoutConfiguration = MessageLayoutConfiguration(),
    measurer: any TextMeasurer = TerminalTextMeasurer(),
    cache: TextMetricsCache = TextMetricsCache(),
    interactionHandler: (any MessageInteractionHandler)? = nil
  ) {
    self.configuration = configuration
    self.measurer = measurer
    self.cache = cache
    self.interactionHandler = interactionHandler
  }

  /// A measurer for the texts of item `id`, going through the shared cache.
  public func textMeasurer(forItemWithID id: String) -> ItemTextMeasurer {
    ItemTextMeasurer(itemID: id, measurer: measurer, cache: cache)
  }
}
