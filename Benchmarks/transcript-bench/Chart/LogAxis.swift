#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A base-10 logarithmic axis spanning whole decades: where a value goes and which powers of
/// ten get a tick.
///
/// Both chart axes are logarithmic because both quantities span orders of magnitude: sizes
/// from a thousand to a million items, times per item from microseconds (incremental edits)
/// to milliseconds (a full recompute of a big transcript).
struct LogAxis {
  /// The axis runs from 10^lowerExponent to 10^upperExponent.
  let lowerExponent: Int
  let upperExponent: Int

  /// The smallest whole-decade axis holding every positive finite value (at least one decade).
  init(covering values: [Double]) {
    let usable = values.filter { $0.isFinite && $0 > 0 }
    guard let smallest = usable.min(), let largest = usable.max() else {
      (lowerExponent, upperExponent) = (0, 1)
      return
    }
    // The tolerance keeps an exact power of ten (1000) from rounding to the next decade.
    let lower = Int((log10(smallest) + 1e-9).rounded(.down))
    let upper = Int((log10(largest) - 1e-9).rounded(.up))
    (lowerExponent, upperExponent) = (lower, max(upper, lower + 1))
  }

  /// Where `value` falls, from 0 (the lower end) to 1 (the upper end).
  func fraction(of value: Double) -> Double {
    (log10(value) - Double(lowerExponent)) / Double(upperExponent - lowerExponent)
  }

  /// The exponents of the powers of ten on the axis, lowest first.
  var decades: ClosedRange<Int> { lowerExponent...upperExponent }

  /// 10^exponent, exactly for the exponents a chart uses.
  static func power(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<abs(exponent) { value *= 10 }
    return exponent < 0 ? 1 / value : value
  }

  /// A count of items at a power of ten: "100", "1k", "10k", "1M".
  static func sizeLabel(exponent: Int) -> String {
    switch exponent {
    case ..<0: return "0"
    case 0..<3: return String(Int(power(exponent)))
    case 3..<6: return "\(Int(power(exponent - 3)))k"
    case 6..<9: return "\(Int(power(exponent - 6)))M"
    default: return "1e\(exponent)"
    }
  }

  /// A duration at a power of ten: "100 ns", "1 µs", "10 ms", "1 s".
  static func timeLabel(exponent: Int) -> String {
    let units: [(exponent: Int, name: String)] = [(0, "s"), (-3, "ms"), (-6, "µs"), (-9, "ns")]
    guard let unit = units.first(where: { exponent >= $0.exponent }), exponent < 3 else {
      return "1e\(exponent) s"
    }
    return "\(Int(power(exponent - unit.exponent))) \(unit.name)"
  }
}
