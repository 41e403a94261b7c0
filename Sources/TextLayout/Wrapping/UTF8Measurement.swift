/// The result of measuring raw UTF-8 bytes, which may be ill-formed.
public struct UTF8Measurement: Sendable, Hashable {
  /// The metrics of the text, with each ill-formed subsequence read as U+FFFD.
  public var metrics: TextMetrics
  /// How many ill-formed subsequences were replaced; 0 for valid UTF-8.
  public var replacementCount: Int

  /// Whether the bytes were valid UTF-8.
  public var isValidUTF8: Bool { replacementCount == 0 }

  /// Creates a measurement.
  public init(metrics: TextMetrics, replacementCount: Int) {
    self.metrics = metrics
    self.replacementCount = replacementCount
  }
}
