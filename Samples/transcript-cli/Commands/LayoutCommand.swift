import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import Foundation

/// `transcript layout`: where every item ends up, as `ID<TAB>Y<TAB>HEIGHT<TAB>KIND` rows.
enum LayoutCommand {
  static let help = """
    USAGE: transcript layout [--width W] [--theme NAME] [--format tsv|json] [--max-line-bytes N]
                             [FILE|-]
           transcript layout --font PATH [--font PATH ...] [--size PX] [--width PX]
                             [--theme NAME] [--format tsv|json] [--max-line-bytes N] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and prints, for every
    row of the final transcript (messages, day separators, status rows, the typing row),
    its id, its y offset, its height in terminal rows and its kind, separated by tabs. The
    kind is "item" for a row of the stream (the typing row too) and "injected" for a row
    the decorator added (a day separator "ID/day", a status row "ID/status"): an item may
    have the id of an injected row, and the kind tells them apart. Bad lines are reported
    on stderr as FILE:LINE: reason and skipped.

    With --format json it prints the layout snapshot instead: one JSON object with the
    width, the content height and every row (index, id, type, y, height, bottom margin,
    whether the decorator injected it, and its decoration).

    With --font, the transcript is laid out in pixels: texts wrapped with the fonts'
    advances and kerning at PX size (the first font that has a character draws it), each
    line as tall as the first font's line height, bubbles sized in pixels by the phone
    theme; offsets and heights are then pixels, in both formats.

    OPTIONS:
      --width W      columns available to the transcript (1-10000, default 80); with
                     --font, pixels (1-10000, default 390: a phone)
      --font PATH    a TrueType or OpenType font (.ttf, .otf; the first face of a .ttc);
                     repeat for fallback fonts, tried in order
      --size PX      the font size in pixels with --font (0.01-10000, default 15)
      --theme NAME   compact (default) or roomy; with --font, phone (default), compact
                     or roomy (their sizes then count as pixels)
      --format F     tsv (default) or json
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error, FILE or a
    font cannot be opened or read, a font is not a font, or the output cannot be written.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let (fontPaths, rest) = try FontFiles.options(in: arguments)
    let parsed = try ParsedArguments(
      rest, valueOptions: ["width", "theme", "format", "size", StreamInput.maxLineBytesOption],
      flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let width = try parsed.integer(
      "width", in: 1...10_000, default: fontPaths.isEmpty ? 80 : PointLayout.defaultWidth)
    let format = parsed.values["format"] ?? "tsv"
    guard ["tsv", "json"].contains(format) else {
      throw UsageError("--format must be one of tsv, json, not \"\(format)\"")
    }
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()

    let session: TranscriptSession
    if fontPaths.isEmpty {
      try PointLayout.checkNoFontOptions(parsed)
      session = TranscriptSession(
        width: width, height: 24, theme: try TranscriptSession.theme(named: parsed.values["theme"]))
    } else {
      guard let layout = try PointLayout.load(fontPaths: fontPaths, parsed: parsed, tool: "transcript layout")
      else { return .failure }
      session = TranscriptSession(width: width, height: 24, layout: layout)
    }
    guard let clean = session.feed(path, maxLineLength: maxLineLength) else { return .failure }
    session.keepUntilExit()

    var output = OutputBuffer(fileDescriptor: 1)
    if format == "json" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      // Encoding plain values cannot fail.
      let data = (try? encoder.encode(session.controller.layoutSnapshot())) ?? Data()
      output.append(jsonEscapingUnsafeCharacters(String(decoding: data, as: UTF8.self)) + "\n")
      return clean ? .success : .badInput
    }
    LayoutTable.write(rowsOf: session.controller, to: &output)
    return clean ? .success : .badInput
  }

  /// `json` with the characters a line-splitting or terminal consumer must not see raw (U+2028,
  /// U+2029, bidi controls, DEL, C1; see `isUnsafeToPrint`) written as `\uXXXX`, which JSON
  /// reads back as the same string. `JSONEncoder` escapes only C0 controls, quotes and
  /// backslashes; outside strings its output is ASCII, so every such character is in a string.
  static func jsonEscapingUnsafeCharacters(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && isUnsafeToPrint($0) }) else {
      return json
    }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard scalar.value >= 0x7F, isUnsafeToPrint(scalar) else {
        result.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
    }
    return String(result)
  }
}
