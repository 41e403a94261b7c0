#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread_mutex_t`, for state the package shares between threads.
///
/// Why not `Synchronization.Mutex`: on Linux, its contended path (spin, then a futex
/// syscall) is compiled into the standard library without the thread sanitizer's
/// instrumentation, so the sanitizer misses the ordering the lock gives and reports the
/// protected value as racing whenever two threads meet at the lock. The sanitizer knows
/// `pthread_mutex_lock`, so a backend running its own app under it sees no false races from
/// this package. The price, a call into glibc per lock and unlock, is 1% of a cold layout's
/// instructions.
///
/// Public only as SPI, for the package's other modules: `package` access would keep
/// `withLock` from being specialized and inlined across modules, and it runs for every
/// cached text measurement.
@_spi(Internals) public final class Locked<Value: Sendable>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var value: Value

  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  @inlinable
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
