import CommandLineSupport

/// Benchmarks of a debug build measure the debugger's comfort, not the engine.
enum BuildCheck {
  #if DEBUG || CHAT_TRANSCRIPT_INVARIANTS
    static let isRelease = false
  #else
    static let isRelease = true
  #endif

  /// Warns on stderr, loudly, when the numbers about to be printed come from a debug build.
  static func warnIfDebug() {
    guard !isRelease else { return }
    printError(
      """
      ********************************************************************
      transcript-bench: this is a DEBUG build (with layout invariant checks);
      its numbers are meaningless. Run: swift run -c release transcript-bench
      ********************************************************************
      """)
  }
}
