#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic wall-clock time in seconds, for timing measured work only.
enum Stopwatch {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Runs `body` and returns how long it took.
  static func time(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
  }
}
