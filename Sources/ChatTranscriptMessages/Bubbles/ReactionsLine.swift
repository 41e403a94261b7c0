import TextLayout

/// The reactions under a bubble, `👍 2  ❤️ 1`, wrapped like text at the bubble's content
/// width: what its height needs and its label shows.
public struct ReactionsLine: Sendable, Hashable {
  /// The text, as ``MessageViewModel/reactionsText`` writes it.
  public var text: String
  /// Rows it wraps to.
  public var lineCount: Int
  /// Columns of its widest row.
  public var width: Int

  /// The reactions of `message` wrapped at `wrapWidth`; `nil` when it shows none.
  ///
  /// Measured without the text metrics cache, which keeps one text per item and width (the
  /// message's own): a line of a few reactions costs less to wrap than to evict that entry.
  ///
  /// - Complexity: O(*n*) in the length of the reactions text.
  public init?(_ message: MessageViewModel, wrapWidth: Int, measurer: ItemTextMeasurer) {
    guard let text = message.reactionsText else { return nil }
    let metrics = measurer.measurer.measure(VisibleText.of(text), maxWidth: max(wrapWidth, 1))
    self.text = text
    lineCount = metrics.lineCount
    width = min(metrics.widestLine, max(wrapWidth, 1))
  }
}
