import ChatTranscript
import CommandLineSupport
import Foundation

/// `transcript layout`: where every item ends up, as `ID<TAB>Y<TAB>HEIGHT` rows.
enum LayoutCommand {
  static let help = """
    USAGE: transcript layout [--width W] [--theme NAME] [--format tsv|json] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and prints, for every
    row of the final transcript (messages, day separators, status rows, the typing row),
    its id, its y offset and its height in terminal rows, separated by tabs. Bad lines are
    reported on stderr as FILE:LINE: reason and skipped.

    With --format json it prints the layout snapshot instead: one JSON object with the
    width, the content height and every row (index, id, type, y, height, bottom margin,
    whether the decorator injected it, and its decoration).

    OPTIONS:
      --width W      columns available to the transcript (1-10000, default 80)
      --theme NAME   compact (default) or roomy
      --format F     tsv (default) or json
      -h, --help     show this help

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["width", "theme", "format"], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      print(help)
      return .success
    }
    let width = try parsed.integer("width", in: 1...10_000, default: 80)
    let format = parsed.values["format"] ?? "tsv"
    guard ["tsv", "json"].contains(format) else {
      throw UsageError("--format must be one of tsv, json, not \"\(format)\"")
    }
    let path = try parsed.inputPath()

    let session = TranscriptSession(
      width: width, height: 24, theme: try TranscriptSession.theme(named: parsed.values["theme"]))
    guard let clean = session.feed(path) else { return .badInput }

    var output = OutputBuffer(fileDescriptor: 1)
    if format == "json" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      // Encoding plain values cannot fail.
      let data = (try? encoder.encode(session.controller.layoutSnapshot())) ?? Data()
      output.append(String(decoding: data, as: UTF8.self) + "\n")
      return clean ? .success : .badInput
    }
    for (id, frame) in session.controller.rowFrames {
      output.append("\(escapedField(id))\t\(number(frame.minY))\t\(number(frame.height))\n")
    }
    return clean ? .success : .badInput
  }

  /// Whole numbers without a fraction, others as Swift prints them.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
