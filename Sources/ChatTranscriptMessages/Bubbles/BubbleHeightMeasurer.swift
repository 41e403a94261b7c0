import ChatTranscript

/// Sizes message bubbles without presenters, with the calculators their presenters use.
public struct BubbleHeightMeasurer: ChatItemHeightMeasurer {
  public var sizing: BubbleSizing
  /// Converts the item to the bubble's item type and runs its calculator; `nil` when the item
  /// is not of that type.
  private let measure: @Sendable (any ChatItem, BubbleSizing, Double, ChatItemDecoration) -> Double?

  /// Text bubbles, as ``TextMessagePresenter`` sizes them.
  public static func text(sizing: BubbleSizing) -> Self {
    Self(sizing: sizing) { item, sizing, width, decoration in
      ConversationItems.textMessage(of: item).map {
        TextMessageHeightCalculator.height(
          of: $0.item, sizing: sizing, maximumWidth: width, decoration: decoration, textMetricsMemo: $0.memo)
      }
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
    measure: @escaping @Sendable (any ChatItem, BubbleSizing, Double, ChatItemDecoration) -> Double?
  ) {
    self.sizing = sizing
    self.measure = measure
  }

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    measure(item, sizing, maximumWidth, decoration)
  }
}
