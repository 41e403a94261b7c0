import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport

/// `transcript follow`: shows a stream's changes as they arrive, for a backend tailing a log
/// into a pipe that stays open.
enum FollowCommand {
  static let help = """
    USAGE: transcript follow [--width W] [--theme NAME] [--max-line-bytes N] [FILE|-]

    Reads the NDJSON message stream in FILE (or standard input) as it arrives and shows each
    change at once, until the writer closes its end. Bursts of lines are shown together;
    none is ever dropped, however slow the output.

    On a terminal, the newest screenful of the transcript is redrawn in place: new messages
    appear at the bottom, status changes and edits redraw where they are, a status bar shows
    the item count and bad lines, and a resize lays the transcript out again.

    Otherwise only what is new is printed, as plain text, per burst of lines:
      - deleted ID     a message (or other item) left the transcript
      ROWS             each new row, drawn as 'render --format plain' draws it
      ~ updated ID     a row whose content changed (an edit, a delivery status),
      ROWS             followed by the row drawn again

    Bad lines are reported on stderr as FILE:LINE: reason as they are seen (on a terminal:
    counted in the status bar, and the last 1000 listed at the end) and skipped.

    OPTIONS:
      --width W      columns (1-10000; default: the terminal's width, else 80)
      --theme NAME   compact (default) or roomy
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    Colours are used on a terminal unless NO_COLOR is set.

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error, FILE cannot
    be opened or read, or the output cannot be written.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["width", "theme", StreamInput.maxLineBytesOption],
      flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let onTerminal = Terminal.isTerminal(1)
    let requestedWidth = parsed.values["width"] == nil ? nil : try parsed.integer("width", in: 1...10_000)
    let theme = try TranscriptSession.theme(named: parsed.values["theme"])
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()

    guard let reader = StreamInput.open(path, maxLineLength: maxLineLength) else { return .failure }

    let width = requestedWidth ?? Terminal.size(of: 1)?.columns ?? 80
    let session = TranscriptSession(width: width, height: 24, theme: theme)
    let display: any FollowDisplay =
      onTerminal
      ? LiveScreen(session: session, requestedWidth: requestedWidth, usesColour: !Terminal.noColorRequested)
      : ChangeLog(session: session)
    let follower = Follower(
      session: session, display: display, source: StreamInput.sourceName(path),
      defersDiagnostics: onTerminal && Terminal.isTerminal(2), watchesResizes: onTerminal)
    let status = follower.run(reader)
    // Everything is written: the process's exit returns the transcript's memory at once.
    session.keepUntilExit()
    return status
  }
}
