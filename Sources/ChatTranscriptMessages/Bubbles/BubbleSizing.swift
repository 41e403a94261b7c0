import ChatTranscript
import TextLayout

/// What sizing a bubble takes besides its item, fixed for one cell class: the cell's sizes and
/// sender names, the layout choices and the text measurer with its cache.
///
/// `Sendable`, so a builder's measurer carries it to background queues; presenters build
/// their calculators from it too, so a bubble's height never depends on which sized it.
public struct BubbleSizing: Sendable {
  public var metrics: BubbleMetrics
  /// How `Cell` writes a sender's name (``MessageBubbleCell/displayName(forSender:)``).
  public var senderName: @Sendable (String) -> String
  public var configuration: MessageLayoutConfiguration
  public var textMeasurer: any TextMeasurer {
    didSet { unit = MeasurerUnit(of: textMeasurer) }
  }
  /// What `textMeasurer` measures in, worked out when it is set rather than per item.
  private var unit: MeasurerUnit
  public var cache: TextMetricsCache
  /// The height of one line of text (``MessagePresentationContext/lineHeight``).
  public var lineHeight: Double

  /// The sizing of bubbles shown in `Cell`s by presenters made with `context`.
  public init<Cell: MessageBubbleCell>(_ cell: Cell.Type, context: MessagePresentationContext) {
    metrics = Cell.metrics
    senderName = { Cell.displayName(forSender: $0) }
    configuration = context.configuration
    textMeasurer = context.measurer
    unit = context.unit
    cache = context.cache
    lineHeight = context.lineHeight
  }

  /// A measurer for the texts of item `id`, through the shared cache.
  public func itemTextMeasurer(forItemWithID id: String) -> ItemTextMeasurer {
    ItemTextMeasurer(
      itemID: id, measurer: textMeasurer, unit: unit, cache: cache,
      lineHeight: lineHeight)
  }
}
