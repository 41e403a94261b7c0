/// Computes one item's height from `Sendable` inputs only, so it can run on any queue.
///
/// Presenters that can size their item off the owner return one of these from
/// `backgroundHeightCalculator()`; the engine runs many of them in parallel.
public protocol ChatItemHeightCalculator: Sendable {
  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double
}
