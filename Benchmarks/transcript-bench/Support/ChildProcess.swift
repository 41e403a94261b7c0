#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs this same executable again with other arguments, sharing standard output and error.
///
/// For measurements of the whole process (resident memory) that other scenarios' allocations
/// would pollute: the child starts with a clean heap and prints its result where the parent
/// would have.
enum ChildProcess {
  /// Runs `transcript-bench arguments…` and waits for it.
  ///
  /// - Returns: the child's exit status, or `nil` when it could not be started.
  static func runSelf(_ arguments: [String]) -> Int32? {
    #if os(Linux)
      let executable = "/proc/self/exe"
    #else
      let executable = CommandLine.arguments[0]
    #endif
    // Whatever this process printed so far must come out before the child's lines.
    fflush(nil)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let started = (argv + [nil]).withUnsafeBufferPointer { pointers in
      pointers.baseAddress.map { posix_spawn(&pid, executable, nil, nil, $0, environ) }
    }
    guard started == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
  }
}
