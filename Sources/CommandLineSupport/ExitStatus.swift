/// The tool's exit codes: what a script piping it can rely on.
///
/// As with grep, 1 is not a failure but a finding: the command did its work, and some input lines
/// were bad; 2 is for trouble.
public enum ExitStatus: Int32 {
  /// Everything read was applied.
  case success = 0
  /// Some input lines were bad (reported on stderr and skipped); the rest was applied.
  case badInput = 1
  /// The command could not do its work: the command line was wrong, the input could not be
  /// opened or read, or the output could not be written.
  case failure = 2
}
