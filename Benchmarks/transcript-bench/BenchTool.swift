import CommandLineSupport

/// `transcript-bench`: dispatches to scenarios; usage errors exit with 2.
enum BenchTool {
  static let help = """
    USAGE: transcript-bench <scenario> [options]

    Measures the chat-transcript engine. Build with -c release: debug numbers mean nothing.

    SCENARIOS:
      text   wrap the text items of an NDJSON stream (--input FILE --wrap W [--repeat R] [--json])

    Run 'transcript-bench <scenario> --help' for a scenario's options.
    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
      printError(help)
      return 2
    }
    do {
      switch name {
      case "text": return try TextScenario.run(Array(arguments.dropFirst()))
      case "-h", "--help", "help":
        print(help)
        return 0
      default: throw UsageError("unknown scenario '\(name)'")
      }
    } catch {
      printError("transcript-bench: \(error)\nRun 'transcript-bench --help' for usage.")
      return 2
    }
  }
}
