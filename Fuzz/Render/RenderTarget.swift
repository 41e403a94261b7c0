import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import TextLayout

/// libFuzzer entry point for drawing: any stream, at any width, from any row, through the
/// scene, the character grid and every output format.
///
/// Why these checks: what is drawn comes from untrusted text, and each format has a consumer
/// that fails loudly on a bad byte (a terminal obeys control codes, an SVG viewer rejects the
/// whole picture for one character XML forbids) or quietly on a wide line (a terminal wraps it
/// into the next row). So every format must come out valid, and text must fit the width it
/// was laid out for:
/// - plain text: one line per content row, none wider than the width, no control characters;
/// - ANSI: the same characters as plain text once its colour codes are taken out (only
///   `ESC [ … m` may appear), trailing spaces aside;
/// - SVG: well-formed XML; HTML: a body that is well-formed XML, class names that are CSS
///   class selectors (``MarkupChecker``).
///
/// Input: two bytes of width (the high bit of the first picks a narrow width, 1–40, so that
/// most runs wrap hard), one byte choosing the theme (bit 0) and the row drawing starts at
/// (the rest, in 128ths of the content), then an NDJSON stream, applied the way the CLI
/// applies it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
  guard bytes.count >= 3 else { return 0 }
  let width =
    bytes[0] & 0x80 != 0 ? 1 + Int(bytes[1]) % 40 : 1 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 1_000
  let theme: any MessagesTheme = bytes[2] & 1 == 0 ? CompactTheme() : RoomyTheme()
  let startFraction = Double(bytes[2] >> 1) / 128

  let transcript = StreamTranscript()
  let decoder = StreamDecoder()
  for line in bytes[3...].split(separator: UInt8(ascii: "\n")) {
    if case .success(let event) = decoder.decode(UnsafeRawBufferPointer(rebasing: line)) {
      _ = transcript.apply(event)
    }
  }
  let controller = ChatTranscriptController(
    buildersByType: MessagesKit.builders(theme: theme), decorator: MessagesKit.decorator(),
    viewport: Viewport(width: Double(width), height: 24))
  controller.dataSource = transcript
  controller.requestUpdate(.firstLoad)
  controller.applyPendingUpdates()

  let bottom = max(controller.contentHeight, 1)
  let top = (bottom * startFraction).rounded(.down)
  let plain = draw(controller, from: top, to: bottom, by: PlainTextRenderer())
  checkPlain(plain, rows: Int((bottom - top).rounded(.up)), width: width)
  checkANSI(draw(controller, from: top, to: bottom, by: ANSIRenderer()), matches: plain)

  let rows = max(Int(bottom.rounded(.up)), 1)
  let svg = document(controller, by: SVGRenderer(), width: width, rows: rows, bottom: bottom)
  if let problem = MarkupChecker.xmlProblem(in: svg) { fatalError("SVG: \(problem)\n\(svg)") }
  let html = document(controller, by: HTMLRenderer(), width: width, rows: rows, bottom: bottom)
  if let problem = MarkupChecker.htmlProblem(in: html) { fatalError("HTML: \(problem)\n\(html)") }
  return 0
}

/// The lines `renderer` draws for rows `top..<bottom`, page by page as `transcript render` does.
private func draw(
  _ controller: ChatTranscriptController, from top: Double, to bottom: Double, by renderer: some SceneRenderer
) -> [Substring] {
  var text = ""
  controller.renderRows(from: top, to: bottom, by: renderer) { text += $0 }
  guard text.last == "\n" else { fatalError("output does not end in a line feed: \(text.debugDescription)") }
  return text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
}

/// A whole SVG or HTML document, written a page at a time.
private func document(
  _ controller: ChatTranscriptController, by renderer: some DocumentRenderer, width: Int, rows: Int,
  bottom: Double
) -> String {
  var text = renderer.documentStart(width: width, height: rows)
  controller.forEachPage(from: 0, to: bottom) { text += renderer.elements(of: $0, rowOffset: $1) }
  return text + renderer.documentEnd
}

private func checkPlain(_ lines: [Substring], rows: Int, width: Int) {
  if lines.count != rows { fatalError("plain text has \(lines.count) lines for \(rows) rows") }
  for (number, line) in lines.enumerated() {
    if line.unicodeScalars.contains(where: isControl) {
      fatalError("plain line \(number) holds a control character: \(line.debugDescription)")
    }
    let lineWidth = displayWidth(of: line)
    if lineWidth > width {
      fatalError("plain line \(number) is \(lineWidth) columns wide, not ≤ \(width): \(line)")
    }
  }
}

private func checkANSI(_ lines: [Substring], matches plain: [Substring]) {
  if lines.count != plain.count { fatalError("ANSI has \(lines.count) lines, plain text \(plain.count)") }
  for (number, line) in lines.enumerated() {
    let text = withoutColourCodes(line, line: number)
    var trimmed = text[...]
    while trimmed.last == " " { trimmed = trimmed.dropLast() }
    if trimmed != plain[number] {
      fatalError(
        "ANSI line \(number) shows \(text.debugDescription), plain text \(plain[number].debugDescription)")
    }
  }
}

/// `line` with its `ESC [ digits ; … m` sequences taken out; any other control is a finding.
private func withoutColourCodes(_ line: Substring, line number: Int) -> String {
  var result = String.UnicodeScalarView()
  var scalars = line.unicodeScalars[...]
  while let scalar = scalars.popFirst() {
    guard scalar == "\u{1B}" else {
      if isControl(scalar) {
        fatalError("ANSI line \(number) holds \(scalar.debugDescription): \(line.debugDescription)")
      }
      result.append(scalar)
      continue
    }
    guard scalars.popFirst() == "[" else { fatalError("ANSI line \(number): ESC not followed by [") }
    while let parameter = scalars.first, ("0"..."9").contains(parameter) || parameter == ";" {
      scalars.removeFirst()
    }
    guard scalars.popFirst() == "m" else {
      fatalError("ANSI line \(number): an escape sequence other than SGR")
    }
  }
  return String(result)
}

/// C0 and C1 controls and DEL: what a terminal acts on instead of showing.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}
