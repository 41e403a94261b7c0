import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import Foundation
import TextLayout

/// `transcript measure`: every text item wrapped alone, as `ID<TAB>LINES<TAB>WIDEST` rows, in
/// terminal columns or, with `--font`, in pixels with real fonts.
enum MeasureCommand {
  static let help = """
    USAGE: transcript measure --wrap W [--max-line-bytes N] [FILE|-]
           transcript measure --font PATH [--font PATH ...] --size PX --wrap PX
                              [--max-line-bytes N] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and prints, for every
    text item of the final transcript in order, its id, the number of lines its text
    takes wrapped at W columns, and the width of its widest line, separated by tabs.
    With --font, the text is wrapped at PX pixels with the fonts' advances and kerning at
    PX size (the first font that has a character draws it), and the widest line is in
    pixels with 2 decimals; spaces that end a line are not counted.
    Bad lines are reported on stderr as FILE:LINE: reason and skipped.

    OPTIONS:
      --wrap W       columns to wrap at (1-10000, required); with --font, pixels
                     (0.01-1000000)
      --font PATH    a TrueType or OpenType font (.ttf, .otf; the first face of a .ttc);
                     repeat for fallback fonts, tried in order
      --size PX      the font size in pixels (0.01-10000, required with --font)
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error, FILE or a
    font cannot be opened or read, a font is not a font, or the
    output cannot be written.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let (fontPaths, rest) = try FontFiles.options(in: arguments)
    let parsed = try ParsedArguments(
      rest, valueOptions: ["wrap", "size", StreamInput.maxLineBytesOption], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let measure: (String) -> String
    if fontPaths.isEmpty {
      guard parsed.values["size"] == nil else { throw UsageError("--size needs --font") }
      let wrap = try parsed.integer("wrap", in: 1...10_000)
      let measurer = TerminalTextMeasurer()
      measure = { text in
        let metrics = measurer.measure(text, maxWidth: wrap)
        return "\(metrics.lineCount)\t\(metrics.widestLine)"
      }
    } else {
      for name in ["size", "wrap"] where parsed.values[name] == nil {
        throw UsageError("--\(name) is required with --font")
      }
      let size = try parsed.number("size", in: 0.01...10_000, default: 0)
      let wrap = try parsed.number("wrap", in: 0.01...1_000_000, default: 0)
      guard let fonts = FontFiles.load(fontPaths, tool: "transcript measure") else { return .failure }
      let measurer = PointTextMeasurer(font: fonts[0], fallbacks: Array(fonts.dropFirst()), size: size)
      measure = { text in
        let metrics = measurer.measure(text, maxWidth: wrap)
        return "\(metrics.lineCount)\t\(String(format: "%.2f", metrics.widestLine))"
      }
    }
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()

    let transcript = StreamTranscript()
    guard let clean = StreamInput.feed(path, into: transcript, maxLineLength: maxLineLength) else {
      return .failure
    }
    var output = OutputBuffer(fileDescriptor: 1)
    for case let item as StreamItem in transcript.chatItems where item.type == "text" {
      output.append("\(escapedField(item.id))\t\(measure(item.text ?? ""))\n")
    }
    return clean ? .success : .badInput
  }
}
