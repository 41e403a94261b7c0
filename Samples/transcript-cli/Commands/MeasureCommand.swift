import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import TextLayout

/// `transcript measure`: every text item wrapped alone, as `ID<TAB>LINES<TAB>WIDEST` rows.
enum MeasureCommand {
  static let help = """
    USAGE: transcript measure --wrap W [--max-line-bytes N] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and prints, for every
    text item of the final transcript in order, its id, the number of lines its text
    takes wrapped at W columns, and the width of its widest line, separated by tabs.
    Bad lines are reported on stderr as FILE:LINE: reason and skipped.

    OPTIONS:
      --wrap W       columns to wrap at (1-10000, required)
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error, FILE cannot
    be opened or read, or the output cannot be written.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["wrap", StreamInput.maxLineBytesOption], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let wrap = try parsed.integer("wrap", in: 1...10_000)
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()

    let transcript = StreamTranscript()
    guard let clean = StreamInput.feed(path, into: transcript, maxLineLength: maxLineLength) else {
      return .failure
    }
    let measurer = TerminalTextMeasurer()
    var output = OutputBuffer(fileDescriptor: 1)
    for case let item as StreamItem in transcript.chatItems where item.type == "text" {
      let metrics = measurer.measure(item.text ?? "", maxWidth: wrap)
      output.append("\(escapedField(item.id))\t\(metrics.lineCount)\t\(metrics.widestLine)\n")
    }
    return clean ? .success : .badInput
  }
}
