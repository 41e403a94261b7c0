import Dispatch

/// The heights one update still needs, split by where they may be computed.
///
/// Built on the owner from the rows awaiting measurement; every row is named by its position
/// in that list, so results drop into one array without lookups. The background part holds only
/// `Sendable` values (calculators and decorations), so handing it to Dispatch queues is
/// proven race-free by the compiler rather than by comments.
struct HeightMeasurement {
  /// Positions measured off the owner, with their inputs.
  struct BackgroundWork: Sendable {
    var positions: [Int] = []
    var calculators: [any ChatItemHeightCalculator] = []
    var decorations: [ChatItemDecoration] = []
    var width: Double
    /// Spread the work across cores (off for single-thread measurements and benchmarks).
    var isParallel = true

    /// Runs every calculator, spread across cores; returns heights in `positions` order.
    ///
    /// - Complexity: O(k / cores) wall time for k rows.
    func run() -> [Double] {
      let count = calculators.count
      guard count > 0 else { return [] }
      let grain = 256
      let pieces = isParallel ? min((count + grain - 1) / grain, activeProcessorCount * 4) : 1
      if pieces <= 1 {
        return (0..<count).map { calculators[$0].height(maximumWidth: width, decoration: decorations[$0]) }
      }
      return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        let output = DisjointWrites(base: base)
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
          let lower = piece * count / pieces
          let upper = (piece + 1) * count / pieces
          for index in lower..<upper {
            output.write(
              calculators[index].height(maximumWidth: width, decoration: decorations[index]), at: index)
          }
        }
        initialized = count
      }
    }
  }

  var background: BackgroundWork
  /// Positions whose presenters must be asked on the owner.
  var ownerPositions: [Int] = []
  /// Heights known already, from the height cache; `nil` where still to be measured.
  var heights: [Double?]

  init(width: Double, count: Int, isParallel: Bool) {
    background = BackgroundWork(width: width, isParallel: isParallel)
    heights = Array(repeating: nil, count: count)
  }
}
