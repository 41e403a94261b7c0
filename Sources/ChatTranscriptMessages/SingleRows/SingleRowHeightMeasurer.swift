import ChatTranscript

/// Sizes the one-line rows of ``SingleRowPresenter``s (separators, status rows, typing rows)
/// without making presenters.
public struct SingleRowHeightMeasurer: ChatItemHeightMeasurer {
  /// The height of every single-row item in a terminal, whoever sizes it.
  static let rowHeight = 1.0

  /// Whether the builder handles an item.
  public var handles: @Sendable (any ChatItem) -> Bool
  /// The height of the rows: one line (``ItemTextMeasurer/lineHeight``).
  public var lineHeight: Double

  /// - Parameter lineHeight: The height of one line: 1 (a terminal row) by default.
  public init(lineHeight: Double = 1, handles: @escaping @Sendable (any ChatItem) -> Bool) {
    self.lineHeight = LineHeight.sanitized(lineHeight)
    self.handles = handles
  }

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    handles(item) ? lineHeight : nil
  }
}
