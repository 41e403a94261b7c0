/// A repeatable random number generator (SplitMix64): the same seed, the same sequence.
///
/// Synthetic transcripts and randomized tests use it: same seed, same bytes, on every platform;
/// tests print their seed on failure so a run can be replayed exactly.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  public let seed: UInt64
  private var state: UInt64

  public init(seed: UInt64) {
    self.seed = seed
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A uniformly chosen integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// `true` with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}

extension SeededRandom {
  /// A number in `0..<bound` (0 when `bound` is not positive); cheaper than `int(in:)`.
  public mutating func below(_ bound: Int) -> Int {
    bound > 0 ? Int(next() % UInt64(bound)) : 0
  }
}
