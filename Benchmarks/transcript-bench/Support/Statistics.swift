/// Median and spread of repeated timings: benchmarks report medians, never single runs.
struct Timings {
  private(set) var samples: [Double] = []

  mutating func add(_ seconds: Double) {
    samples.append(seconds)
  }

  private var sorted: [Double] { samples.sorted() }

  /// The value below which `fraction` of the samples lie (nearest rank).
  func percentile(_ fraction: Double) -> Double {
    let values = sorted
    guard !values.isEmpty else { return .nan }
    let rank = Int((fraction * Double(values.count - 1)).rounded())
    return values[min(max(rank, 0), values.count - 1)]
  }

  var median: Double { percentile(0.5) }
}
