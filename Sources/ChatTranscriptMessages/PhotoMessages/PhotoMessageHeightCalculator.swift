import ChatTranscript

/// The height of a photo bubble from `Sendable` inputs: ``PhotoBubbleLayout``'s height.
public struct PhotoMessageHeightCalculator: ChatItemHeightCalculator {
  public var item: PhotoMessageItem
  public var senderName: String
  public var metrics: BubbleMetrics
  public var configuration: MessageLayoutConfiguration
  public var measurer: ItemTextMeasurer

  public init(
    item: PhotoMessageItem, senderName: String, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration, measurer: ItemTextMeasurer
  ) {
    self.item = item
    self.senderName = senderName
    self.metrics = metrics
    self.configuration = configuration
    self.measurer = measurer
  }

  /// The calculator for `item` with `sizing`: what presenters and measurers use.
  public init(item: PhotoMessageItem, sizing: BubbleSizing) {
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
  public static func height(
    of item: PhotoMessageItem, sizing: BubbleSizing, maximumWidth: Double, decoration: ChatItemDecoration
  ) -> Double {
    height(
      of: item, senderName: sizing.senderName(item.message.sender), metrics: sizing.metrics,
      configuration: sizing.configuration, measurer: sizing.itemTextMeasurer(forItemWithID: item.id),
      maximumWidth: maximumWidth, decoration: decoration)
  }

  private static func height(
    of item: PhotoMessageItem, senderName: String, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration,
    measurer: ItemTextMeasurer, maximumWidth: Double, decoration: ChatItemDecoration
  ) -> Double {
    let message = MessageViewModel(
      message: item.message, decoration: decoration, senderName: senderName,
      showsSenderNames: configuration.showsSenderNames)
    let layout = PhotoBubbleLayout(
      rowWidth: maximumWidth, viewModel: PhotoMessageViewModel(message: message, photo: item),
      metrics: metrics, configuration: configuration,
      measurer: measurer)
    return layout.extent
  }
}
