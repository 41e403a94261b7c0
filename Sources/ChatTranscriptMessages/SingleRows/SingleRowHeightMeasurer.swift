import ChatTranscript

/// Sizes the one-line rows of ``SingleRowPresenter``s (separators, status rows, typing rows)
/// without making presenters.
public struct SingleRowHeightMeasurer: ChatItemHeightMeasurer {
  /// The height of every single-row item, whoever sizes it.
  static let rowHeight = 1.0

  /// Whether the builder handles an item.
  public var handles: @Sendable (any ChatItem) -> Bool

  public init(handles: @escaping @Sendable (any ChatItem) -> Bool) {
    self.handles = handles
  }

  public func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    handles(item) ? Self.rowHeight : nil
  }
}
