import ChatTranscript
import ChatTranscriptRendering
import CommandLineSupport

/// `transcript render`: the whole transcript drawn for a terminal, as text, SVG or HTML.
enum RenderCommand {
  static let help = """
    USAGE: transcript render [--width W] [--format ansi|plain|svg|html] [--theme NAME]
                             [--max-line-bytes N] [FILE|-]
           transcript render --font PATH [--font PATH ...] [--size PX] [--width PX]
                             [--format svg] [--theme NAME] [--max-line-bytes N] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and draws the whole
    transcript: bubbles, senders, day separators, photos, status rows, the typing row.
    Bad lines are reported on stderr as FILE:LINE: reason and skipped.

    With --font, the transcript is laid out in pixels, as transcript layout --font lays it
    out, and drawn as SVG at real sizes: each line of text at its measured place in the
    first font's family (named after its file) at PX size. Only svg draws in pixels: ansi,
    plain and html draw character cells, and are usage errors with --font.

    OPTIONS:
      --width W      columns (1-10000; default: the terminal's width, else 80); with
                     --font, pixels (1-10000, default 390: a phone)
      --format F     ansi (colour), plain, svg or html (a page you can open); default: ansi
                     when standard output is a terminal and NO_COLOR is not set, else plain;
                     with --font, svg
      --font PATH    a TrueType or OpenType font (.ttf, .otf; the first face of a .ttc);
                     repeat for fallback fonts, tried in order
      --size PX      the font size in pixels with --font (0.01-10000, default 15)
      --theme NAME   compact (default) or roomy; with --font, phone (default), compact
                     or roomy (their sizes then count as pixels)
      --max-line-bytes N
                     longest line read (1-4294967296, default 16777216); a longer line
                     is reported as FILE:LINE: line longer than N bytes and skipped
      -h, --help     show this help

    Message text is shown, never obeyed: control characters and escape sequences appear as
    visible symbols, and SVG and HTML escape everything.

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error, FILE or a
    font cannot be opened or read, a font is not a font, or the output cannot be written.
    """

  enum Format: String, CaseIterable {
    case ansi, plain, svg, html
  }

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let (fontPaths, rest) = try FontFiles.options(in: arguments)
    let parsed = try ParsedArguments(
      rest, valueOptions: ["width", "format", "theme", "size", StreamInput.maxLineBytesOption],
      flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    guard fontPaths.isEmpty else { return try renderInPixels(parsed, fontPaths: fontPaths) }
    try PointLayout.checkNoFontOptions(parsed)
    let width = try parsed.integer("width", in: 1...10_000, default: Terminal.size(of: 1)?.columns ?? 80)
    let format = try format(parsed.values["format"])
    let theme = try TranscriptSession.theme(named: parsed.values["theme"])
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()

    let session = TranscriptSession(width: width, height: 24, theme: theme)
    guard let clean = session.feed(path, maxLineLength: maxLineLength) else { return .failure }
    session.keepUntilExit()
    let controller = session.controller
    // Page by page, so no height cuts the transcript off (an empty one is one empty line);
    // each page is read here, and wrapped and drawn into text on a second thread.
    let bottom = max(controller.contentHeight, 1)
    switch format {
    case .ansi, .plain:
      let ansi = format == .ansi
      let writer = PageWriter { page, output in
        guard ansi else { return PageWriter.plainText(page, to: &output) }
        output.append(ANSIRenderer().render(page.scene))
        output.append(byte: UInt8(ascii: "\n"))
      }
      controller.forEachLentPage(from: 0, to: bottom, pageRows: ChatTranscriptController.textPageRows) {
        writer.submit($0, rowOffset: $1)
      }
      writer.finish()
    case .svg, .html:
      // One document as tall as the content.
      let svg = format == .svg
      let renderer: any DocumentRenderer = svg ? SVGRenderer() : HTMLRenderer()
      let writer = PageWriter { page, output in
        let scene = page.scene
        output.append(
          svg
            ? SVGRenderer().elements(of: scene, rowOffset: page.rowOffset)
            : HTMLRenderer().elements(of: scene, rowOffset: page.rowOffset))
      }
      let rows = max(Int(controller.contentHeight.rounded(.up)), 1)
      writer.write(renderer.documentStart(width: width, height: rows))
      controller.forEachLentPage(from: 0, to: bottom) { writer.submit($0, rowOffset: $1) }
      writer.write(renderer.documentEnd)
      writer.finish()
    }
    return clean ? .success : .badInput
  }

  /// The transcript laid out with fonts and drawn as SVG in pixels, a page at a time.
  private static func renderInPixels(_ parsed: ParsedArguments, fontPaths: [String]) throws(UsageError)
    -> ExitStatus
  {
    let width = try parsed.integer("width", in: 1...10_000, default: PointLayout.defaultWidth)
    if let name = parsed.values["format"], name != Format.svg.rawValue {
      _ = try format(name)
      throw UsageError(
        "--font draws only --format svg, not \"\(name)\": ansi, plain and html draw character cells")
    }
    let maxLineLength = try StreamInput.maxLineLength(parsed)
    let path = try parsed.inputPath()
    guard let layout = try PointLayout.load(fontPaths: fontPaths, parsed: parsed, tool: "transcript render")
    else {
      return .failure
    }
    let session = TranscriptSession(width: width, height: 1_000, layout: layout)
    guard let clean = session.feed(path, maxLineLength: maxLineLength) else { return .failure }
    session.keepUntilExit()
    let controller = session.controller
    let renderer = PointSVGRenderer(
      measurer: layout.measurer, font: layout.font, familyName: layout.familyName)
    var output = OutputBuffer(fileDescriptor: 1)
    let bottom = max(controller.contentHeight, layout.lineHeight)
    output.append(renderer.documentStart(width: Double(width), height: bottom))
    controller.forEachPointPage(from: 0, to: bottom, measurer: layout.measurer, lineHeight: layout.lineHeight)
    {
      output.append(renderer.elements(of: $0, yOffset: $1))
    }
    output.append(renderer.documentEnd)
    return clean ? .success : .badInput
  }

  /// The format asked for, or the default for where the output goes.
  static func format(_ name: String?) throws(UsageError) -> Format {
    guard let name else {
      return Terminal.isTerminal(1) && !Terminal.noColorRequested ? .ansi : .plain
    }
    guard let format = Format(rawValue: name) else {
      throw UsageError("--format must be one of ansi, plain, svg, html, not \"\(name)\"")
    }
    return format
  }
}
