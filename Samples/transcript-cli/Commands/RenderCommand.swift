import ChatTranscript
import ChatTranscriptRendering
import CommandLineSupport

/// `transcript render`: the whole transcript drawn for a terminal, as text, SVG or HTML.
enum RenderCommand {
  static let help = """
    USAGE: transcript render [--width W] [--format ansi|plain|svg|html] [--theme NAME] [FILE|-]

    Applies the NDJSON message stream in FILE (or standard input) and draws the whole
    transcript: bubbles, senders, day separators, photos, status rows, the typing row.
    Bad lines are reported on stderr as FILE:LINE: reason and skipped.

    OPTIONS:
      --width W      columns (1-10000; default: the terminal's width, else 80)
      --format F     ansi (colour), plain, svg or html (a page you can open); default: ansi
                     when standard output is a terminal and NO_COLOR is not set, else plain
      --theme NAME   compact (default) or roomy
      -h, --help     show this help

    Message text is shown, never obeyed: control characters and escape sequences appear as
    visible symbols, and SVG and HTML escape everything.

    EXIT STATUS: 0 all lines applied, 1 some lines were bad, 2 usage error.
    """

  enum Format: String, CaseIterable {
    case ansi, plain, svg, html
  }

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["width", "format", "theme"], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      print(help)
      return .success
    }
    let width = try parsed.integer("width", in: 1...10_000, default: Terminal.size(of: 1)?.columns ?? 80)
    let format = try format(parsed.values["format"])
    let theme = try TranscriptSession.theme(named: parsed.values["theme"])
    let path = try parsed.inputPath()

    let session = TranscriptSession(width: width, height: 24, theme: theme)
    guard let clean = session.feed(path) else { return .badInput }
    let controller = session.controller
    var output = OutputBuffer(fileDescriptor: 1)
    switch format {
    case .ansi, .plain:
      // Page by page, so no height cuts the transcript off; an empty one is one empty line.
      let renderer: any SceneRenderer = format == .ansi ? ANSIRenderer() : PlainTextRenderer()
      controller.renderRows(from: 0, to: max(controller.contentHeight, 1), by: renderer) { output.append($0) }
    case .svg, .html:
      // One document: a viewport as tall as the content, scrolled to the top.
      let rows = Int(controller.contentHeight.rounded(.up))
      if rows > RenderScene.maximumCells {
        printError(
          "transcript render: the \(format.rawValue) document shows the first \(RenderScene.maximumCells) "
            + "of \(rows) rows; --format plain or ansi draws them all")
      }
      controller.setViewportSize(width: Double(width), height: max(controller.contentHeight, 1))
      controller.applyPendingUpdates()
      controller.collectionView.scrollToTop()
      let collectionView = controller.collectionView
      output.append(
        format == .svg ? SVGRenderer().render(collectionView) : HTMLRenderer().render(collectionView))
    }
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
