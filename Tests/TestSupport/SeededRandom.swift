import TranscriptGenerator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The repeatable generator shared with the synthetic transcripts.
public typealias SeededRandom = TranscriptGenerator.SeededRandom

extension SeededRandom {
  /// The seed in environment variable `name` (to replay a printed failure), else `fallback`:
  /// runs stay deterministic unless someone asks otherwise.
  public static func seed(fromEnvironment name: String, default fallback: UInt64) -> UInt64 {
    guard let text = getenv(name), let seed = UInt64(String(cString: text)) else { return fallback }
    return seed
  }
}
