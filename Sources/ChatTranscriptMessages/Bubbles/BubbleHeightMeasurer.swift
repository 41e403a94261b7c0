import ChatTranscript

/// Sizes message bubbles without presenters, with the calculators their presenters use.
public struct BubbleHeightMeasurer: ChatItemHeightMeasurer {
  public var sizing: BubbleSizing
  /// Converts the item to the bubble's item type and runs its calculator; `nil` when the item
  /// is not of that type.
  private let measure: @Sendable (any ChatItem, BubbleSizing, Double, ChatItemDecoration) -> Double?
  /// What ``prepare(_:maximumWidth:)`` does for the bubble's item type.
  private let prepareItem: @Sendable (any ChatItem, BubbleSizing, Double) -> Void

  /// Text bubbles, as ``TextMessagePresenter`` sizes them.
  public static func text(sizing: BubbleSizing) -> Self {
    Self(sizing: sizing) { item, sizing, width, decoration in
      ConversationItems.textMessage(of: item).map {
        TextMessageHeightCalculator.height(
          of: $0.item, sizing: sizing, maximumWidth: width, decoration: decoration, textMetricsMemo: $0.memo)
      }
    } prepare: { item, sizing, width in
      // The text's wrapping, kept where the item keeps it; an item that keeps nothing gains
      // nothing from it.
      guard let (item, memo) = ConversationItems.textMessage(of: item), let memo else { return }
      TextBubbleLayout.prewrap(item, sizing: sizing, rowWidth: width, memo: memo)
    }
  }

  /// Photo bubbles, as ``PhotoMessagePresenter`` sizes them.
  public static func photo(sizing: BubbleSizing) -> Self {
    Self(sizing: sizing) { item, sizing, width, decoration in
      PhotoMessageItem(converting: item).map {
        PhotoMessageHeightCalculator.height(
          of: $0, sizing: sizing, maximumWidth: width, decoration: decoration)
      }
    }
  }

  private init(
    sizing: BubbleSizing,
    measure: @escaping @Sendable (any ChatItem, BubbleSizing, Double, ChatItemDecoration) -> Double?,
    prepare: @escaping @Sendable (any ChatItem, BubbleSizing, Double) -> Void = { _, _, _ in }
  ) {
    self.sizing = sizing
    self.measure = measure
    self.prepareItem = prepare
  }

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    measure(item, sizing, maximumWidth, decoration)
  }

  /// Wraps a text message's text for the row width, where the item keeps it
  /// (``ConversationItem/textMetricsMemo``); photos have nothing to do ahead.
  public func prepare(_ item: any ChatItem, maximumWidth: Double) {
    prepareItem(item, sizing, maximumWidth)
  }
}
