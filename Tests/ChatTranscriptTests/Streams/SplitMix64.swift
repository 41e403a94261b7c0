import Foundation

/// A small seeded random number generator, so randomized tests can be replayed from the seed they print.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter stepped by the golden-ratio increment,
/// then mixed by two xor-shift-multiply rounds.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A seed from the environment variable `name` (to replay a failure), else a fresh random one.
  static func seed(fromEnvironment name: String) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment[name], let seed = UInt64(text) {
      return seed
    }
    return UInt64.random(in: 0...UInt64.max)
  }
}
