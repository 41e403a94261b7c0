import ChatTranscript
import TextLayout

/// Sizes system notices without making presenters, with the calculator the presenter uses.
public struct SystemNoticeHeightMeasurer<Cell: SystemNoticeCell>: ChatItemHeightMeasurer {
  public var textMeasurer: any TextMeasurer
  public var cache: TextMetricsCache
  /// The height of one line (``MessagePresentationContext/lineHeight``).
  public var lineHeight: Double

  public init(context: MessagePresentationContext) {
    textMeasurer = context.measurer
    cache = context.cache
    lineHeight = context.lineHeight
  }

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    guard let notice = SystemNoticeItem(converting: item) else { return nil }
    let calculator = SystemNoticeHeightCalculator(
      notice, in: Cell.self,
      measurer: ItemTextMeasurer(
        itemID: notice.id, measurer: textMeasurer, cache: cache, lineHeight: lineHeight))
    return calculator.height(maximumWidth: maximumWidth, decoration: decoration)
  }
}
