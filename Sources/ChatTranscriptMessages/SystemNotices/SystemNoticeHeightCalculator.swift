import ChatTranscript

/// The height of a system notice: its lines wrapped inside the insets (``CenteredTextLayout``).
public struct SystemNoticeHeightCalculator: ChatItemHeightCalculator {
  public var text: String
  public var inset: Int
  public var measurer: ItemTextMeasurer

  public init(text: String, inset: Int, measurer: ItemTextMeasurer) {
    self.text = text
    self.inset = inset
    self.measurer = measurer
  }

  /// The calculator for `notice` shown in a `Cell`: the presenter's and the measurer's.
  public init<Cell: SystemNoticeCell>(
    _ notice: SystemNoticeItem, in cell: Cell.Type, measurer: ItemTextMeasurer
  ) {
    self.init(text: notice.text, inset: Cell.horizontalInset, measurer: measurer)
  }

  public func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    CenteredTextLayout(rowWidth: maximumWidth, text: text, inset: inset, measurer: measurer).extent
  }
}
