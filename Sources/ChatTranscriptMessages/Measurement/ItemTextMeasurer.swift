import TextLayout

/// Measures the texts of one item through the shared ``TextMetricsCache``.
///
/// A small `Sendable` value: height calculators take it to background queues and cells
/// keep it to lay themselves out again when their width changes, measuring nothing twice.
public struct ItemTextMeasurer: Sendable {
  public var itemID: String
  public var measurer: any TextMeasurer
  public var cache: TextMetricsCache

  public init(itemID: String, measurer: any TextMeasurer, cache: TextMetricsCache) {
    self.itemID = itemID
    self.measurer = measurer
    self.cache = cache
  }

  /// Lines and widest line of `text` wrapped at `width` columns (at least 1), measured in
  /// the form renderers draw it (``VisibleText``): a control character is sized as the
  /// symbol that is drawn for it, not as the line break or nothing it is raw.
  public func metrics(of text: String, width: Int) -> TextMetrics {
    let width = max(width, 1)
    return cache.metrics(id: itemID, text: text, width: width) {
      measurer.measure(VisibleText.of(text), maxWidth: width)
    }
  }
}
