import ChatTranscriptStreams
import CommandLineSupport

/// The `transcript` command: dispatches to subcommands and turns usage errors into exit code 2.
///
/// A usage error may quote any argument, so it is printed escaped as diagnostics are: an escape
/// sequence or a line break on the command line cannot reach the terminal raw.
enum TranscriptTool {
  static let help = """
    USAGE: transcript <subcommand> [options] [FILE|-]

    Feeds NDJSON chat message streams through the chat-transcript engine.

    SUBCOMMANDS:
      render    draw the transcript (terminal colours, plain text, SVG or HTML)
      layout    print every row's id, y offset and height
      measure   print every text item's wrapped line count and widest line
      generate  write a synthetic NDJSON stream (same seed, same bytes)
      follow    show a stream's changes as they arrive (a pipe that stays open)
      view      scroll through a transcript full-screen, loading history as needed

    Run 'transcript <subcommand> --help' for a subcommand's options.
    """

  static func run(_ arguments: [String]) -> ExitStatus {
    guard let name = arguments.first else {
      printError(help)
      return .failure
    }
    let rest = Array(arguments.dropFirst())
    do throws(UsageError) {
      switch name {
      case "render": return try RenderCommand.run(rest)
      case "layout": return try LayoutCommand.run(rest)
      case "measure": return try MeasureCommand.run(rest)
      case "generate": return try GenerateCommand.run(rest)
      case "follow": return try FollowCommand.run(rest)
      case "view": return try ViewCommand.run(rest)
      case "-h", "--help", "help":
        printOutput(help)
        return .success
      default:
        throw UsageError("unknown subcommand '\(name)'")
      }
    } catch {
      let command =
        ["render", "layout", "measure", "generate", "follow", "view"].contains(name)
        ? "transcript \(name)" : "transcript"
      printError("\(command): \(escapedForDiagnostics(error.message))\nRun '\(command) --help' for usage.")
      return .failure
    }
  }
}
