/// The tool's exit codes: what a script piping it can rely on.
enum ExitStatus: Int32 {
  /// Everything read was applied.
  case success = 0
  /// Some input lines were bad (reported on stderr and skipped); the rest was applied.
  case badInput = 1
  /// The command line was wrong; nothing was done.
  case usage = 2
}
