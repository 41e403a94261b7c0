import ChatTranscript

/// The height of a text bubble from `Sendable` inputs: ``TextBubbleLayout``'s height.
public struct TextMessageHeightCalculator: ChatItemHeightCalculator {
  public var item: TextMessageItem
  public var senderName: String
  public var metrics: BubbleMetrics
  public var configuration: MessageLayoutConfiguration
  public var measurer: ItemTextMeasurer

  public init(
    item: TextMessageItem, senderName: String, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration,
    measurer: ItemTextMeasurer
  ) {
    self.item = item
    self.senderName = senderName
    self.metrics = metrics
    self.configuration = configuration
    self.measurer = measurer
  }

  /// The calculator for `item` with `sizing`: what presenters and measurers use.
  public init(item: TextMessageItem, sizing: BubbleSizing) {
    self.init(
      item: item, senderName: sizing.senderName(item.message.sender), metrics: sizing.metrics,
      configuration: sizing.configuration, measurer: sizing.itemTextMeasurer(forItemWithID: item.id))
  }

  public func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    Self.height(
      of: item, senderName: senderName, metrics: metrics, configuration: configuration, measurer: measurer,
      maximumWidth: maximumWidth, decoration: decoration)
  }

  /// The height a calculator made with `sizing` gives, without making one: what a height
  /// measurer asks for every row it sizes.
  ///
  /// - Parameter textMetricsMemo: where the item keeps how its text wrapped, if it does.
  public static func height(
    of item: TextMessageItem, sizing: BubbleSizing, maximumWidth: Double, decoration: ChatItemDecoration,
    textMetricsMemo: TextMetricsMemo? = nil
  ) -> Double {
    height(
      of: item, senderName: sizing.senderName(item.message.sender), metrics: sizing.metrics,
      configuration: sizing.configuration, measurer: sizing.itemTextMeasurer(forItemWithID: item.id),
      maximumWidth: maximumWidth, decoration: decoration, textMetricsMemo: textMetricsMemo)
  }

  private static func height(
    of item: TextMessageItem, senderName: String, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration,
    measurer: ItemTextMeasurer, maximumWidth: Double, decoration: ChatItemDecoration,
    textMetricsMemo: TextMetricsMemo? = nil
  ) -> Double {
    let message = MessageViewModel(
      message: item.message, decoration: decoration, senderName: senderName,
      showsSenderNames: configuration.showsSenderNames)
    let drawn = TextBubbleLayout.drawn(
      rowWidth: maximumWidth, viewModel: TextMessageViewModel(message: message, text: item.text),
      metrics: metrics, configuration: configuration, measurer: measurer, textMetricsMemo: textMetricsMemo)
    return drawn.layout.extent
  }
}
