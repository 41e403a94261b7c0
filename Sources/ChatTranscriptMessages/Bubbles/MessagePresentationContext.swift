import ChatTranscript
import TextLayout

/// What every message presenter of a transcript shares: layout choices, the text measurer
/// and its cache, the height of a line, and the app's interaction handler (held weakly).
public struct MessagePresentationContext {
  public var configuration: MessageLayoutConfiguration
  public var measurer: any TextMeasurer {
    didSet { unit = MeasurerUnit(of: measurer) }
  }
  /// What `measurer` measures in, worked out when it is set rather than per item.
  private(set) var unit: MeasurerUnit
  public var cache: TextMetricsCache
  /// The height of one line of text in the unit of row heights: 1 (a terminal row) for the
  /// terminal measurer, the font's line height in points for a `PointTextMeasurer`.
  public var lineHeight: Double
  public weak var interactionHandler: (any MessageInteractionHandler)?

  /// - Parameters:
  ///   - measurer: Measures texts; its unit (columns, points) is the unit of every width.
  ///   - lineHeight: The height of one line; `nil` takes the measurer's (a
  ///     `PointTextMeasurer`'s ``PointTextMeasurer/lineHeight``, else 1).
  public init(
    configuration: MessageLayoutConfiguration = MessageLayoutConfiguration(),
    measurer: any TextMeasurer = TerminalTextMeasurer(),
    lineHeight: Double? = nil,
    cache: TextMetricsCache = TextMetricsCache(),
    interactionHandler: (any MessageInteractionHandler)? = nil
  ) {
    self.configuration = configuration
    self.measurer = measurer
    unit = MeasurerUnit(of: measurer)
    self.lineHeight = LineHeight.sanitized(lineHeight ?? LineHeight.of(measurer))
    self.cache = cache
    self.interactionHandler = interactionHandler
  }

  /// A measurer for the texts of item `id`, going through the shared cache.
  public func textMeasurer(forItemWithID id: String) -> ItemTextMeasurer {
    ItemTextMeasurer(
      itemID: id, measurer: measurer, unit: unit, cache: cache, lineHeight: lineHeight
    )
  }
}
