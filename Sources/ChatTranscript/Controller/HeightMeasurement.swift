import Dispatch

/// The heights one update still needs, split by where they may be computed.
///
/// Built on the owner from the rows awaiting measurement; every row is named by its position
/// in that list, so results drop into one array without lookups. The background part holds only
/// `Sendable` values (items, calculators, measurers and decorations), so handing it to Dispatch
/// queues is proven race-free by the compiler rather than by comments.
struct HeightMeasurement {
  /// Positions measured off the owner, with their inputs.
  struct BackgroundWork: Sendable {
    /// What sizes one row.
    enum Job: Sendable {
      /// The calculator of the row's presenter.
      case calculator(any ChatItemHeightCalculator)
      /// The measurers of the builders for the item's type: a row without a presenter.
      case item(any ChatItem, ChatItemHeightMeasurers)
    }

    var positions: [Int] = []
    var jobs: [Job] = []
    var decorations: [ChatItemDecoration] = []
    var width: Double
    /// Spread the work across cores (off for single-thread measurements and benchmarks).
    var isParallel = true

    mutating func reserveCapacity(_ count: Int) {
      positions.reserveCapacity(count)
      jobs.reserveCapacity(count)
      decorations.reserveCapacity(count)
    }

    mutating func add(_ job: Job, position: Int, decoration: ChatItemDecoration) {
      positions.append(position)
      jobs.append(job)
      decorations.append(decoration)
    }

    /// Runs every job, spread across cores; returns heights in `positions` order, `nil` for
    /// an item no measurer handles (only a presenter, made on the owner, can size it).
    ///
    /// - Complexity: O(k / cores) wall time for k rows.
    func run() -> [Double?] {
      let count = jobs.count
      guard count > 0 else { return [] }
      let grain = 256
      let pieces = isParallel ? min((count + grain - 1) / grain, activeProcessorCount * 4) : 1
      if pieces <= 1 {
        return (0..<count).map(height)
      }
      return DisjointWrites.array(count: count) { output in
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
          let lower = piece * count / pieces
          let upper = (piece + 1) * count / pieces
          for index in lower..<upper {
            output.write(height(index), at: index)
          }
        }
      }
    }

    private func height(_ index: Int) -> Double? {
      switch jobs[index] {
      case .calculator(let calculator):
        calculator.height(maximumWidth: width, decoration: decorations[index])
      case .item(let item, let measurers):
        measurers.height(of: item, maximumWidth: width, decoration: decorations[index])
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
