import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `transcript view`: a full-screen, scrollable transcript on a terminal, loading older history
/// lazily as the reader scrolls up.
enum ViewCommand {
  static let help = """
    USAGE: transcript view [--theme NAME] [--max-line-bytes N] [FILE|-]

    Applies the NDJSON message stream in FILE and shows the transcript full-screen, newest
    messages first in view. Older history is laid out page by page, as you scroll up to it.
    The status bar shows the items loaded of all, the item at the top, the time the last
    layout took and the keys. Bad lines are reported on stderr as FILE:LINE: reason (before
    the viewer opens) and skipped.

    KEYS:
      Up, k / Down, j     one row
      PgUp, b / PgDn, Space   one screen
      Home, g / End, G    the first item (loading all history) / the newest
      /                   search message text (case ignored); Enter searches, Esc cancels
      n / N               the next / the previous match (the match is selected)
      u                   the unread divider (loading history as far as it)
      Ctrl-L              repaint
      q, Ctrl-C           quit and restore the terminal

    Keys are read from standard input, which must be a terminal. Without FILE (or with -)
    the stream is read from standard input instead, which must then be a pipe or a file,
    and keys from /dev/tty.

    OPTIONS:
      --theme NAME   compact (default) or roomy
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    Colours are used unless NO_COLOR is set.

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error (also: no
    terminal to draw on or to read keys from), FILE cannot be opened or read, or the
    output cannot be written.
    """

  /// Items handed to the engine per page of history.
  static let pageSize = 200

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["theme", StreamInput.maxLineBytesOption], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let theme = try TranscriptSession.theme(named: parsed.values["theme"])
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()
    guard Terminal.isTerminal(1) else {
      throw UsageError("standard output is not a terminal (to print a transcript, use 'transcript render')")
    }
    let keyboard = try keyboardDescriptor(streamFromStandardInput: path == "-")
    guard let terminal = RawTerminal(keyboard: keyboard, screen: 1) else {
      throw UsageError("cannot set up the terminal to read keys")
    }

    let stream = StreamTranscript()
    guard let clean = StreamInput.feed(path, into: stream, maxLineLength: maxLineLength) else {
      return .failure
    }
    let viewer = Viewer(
      items: stream.chatItems, theme: theme, pageSize: pageSize, keyboard: keyboard, terminal: terminal,
      usesColour: !Terminal.noColorRequested)
    viewer.run()
    return clean ? .success : .badInput
  }

  /// Where keys come from: standard input, unless the stream does; then the controlling
  /// terminal.
  private static func keyboardDescriptor(streamFromStandardInput: Bool) throws(UsageError) -> Int32 {
    guard streamFromStandardInput else {
      guard Terminal.isTerminal(0) else {
        throw UsageError("standard input is not a terminal; view reads its keys from there")
      }
      return 0
    }
    guard !Terminal.isTerminal(0) else {
      throw UsageError("give a FILE to view, or pipe a stream into standard input")
    }
    let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0, Terminal.isTerminal(descriptor) else {
      throw UsageError("no terminal to read keys from (/dev/tty cannot be opened)")
    }
    return descriptor
  }
}
