#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs this same executable again with other arguments, or a shell command, sharing standard
/// output and error.
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
    return run(executable, arguments)
  }

  /// Runs `command` with `/bin/sh -c` and waits for it.
  ///
  /// - Returns: the command's exit status, or `nil` when the shell could not be started.
  static func run(shell command: String) -> Int32? {
    run("/bin/sh", ["-c", command])
  }

  /// This process's id, to name temporary files.
  static var processID: Int32 { getpid() }

  /// Removes the file at `path`, if there is one.
  static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// Runs `executable` with `arguments` (not counting its own name) and waits for it.
  private static func run(_ executable: String, _ arguments: [String]) -> Int32? {
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
