import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TextLayout
import TranscriptGenerator

/// libFuzzer entry point for `transcript view`: random key and resize sequences against a
/// transcript, through the viewer's own ``ViewerScreen`` and ``KeyDecoder`` (compiled in from
/// `Samples/transcript-cli`), with no terminal.
///
/// Why these checks: the viewer pages history in as the reader scrolls and relayouts on every
/// resize, so a key can land on a half-loaded transcript at any width; a trap there leaves the
/// user's terminal in raw mode. After every burst of keys, the frame must fill the screen
/// exactly (one cursor-addressed row per screen row, the status bar exactly as wide as the
/// screen, no row wider than it), hold no control character but the viewer's own escape
/// sequences, and the reader's position must name a real item; loaded history only grows.
///
/// Input: a header (screen columns and rows, items per page, a generator seed, how many
/// messages, and where hostile messages go), then operations: a byte below 0xC0 is typed
/// (escape sequences included: the decoder sees them as a terminal sends them), 0xC0–0xFE
/// resizes the screen (the low bits and the next byte give the size), 0xFF ends a burst
/// (the viewer draws once per burst).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
  guard bytes.count >= 6 else { return 0 }
  let items = transcript(
    seed: UInt64(bytes[3]), messages: Int(bytes[4]) % 120, hostileEvery: Int(bytes[5]) % 8)
  let screen = ViewerScreen(
    items: items, theme: CompactTheme(), pageSize: 1 + Int(bytes[2]) % 30, columns: Int(bytes[0]) % 200,
    rows: Int(bytes[1]) % 60, usesColour: bytes[1] & 0x80 != 0)
  screen.start()
  var checker = FrameChecker(totalItems: items.count)
  checker.check(screen)

  var decoder = KeyDecoder()
  var typed: [UInt8] = []
  var index = 6
  func endBurst() {
    for key in decoder.keys(from: typed) { _ = screen.perform(key) }
    typed.removeAll()
    screen.applyUpdates()
    checker.check(screen)
  }
  while index < bytes.count {
    let byte = bytes[index]
    index += 1
    switch byte {
    case 0..<0xC0:
      typed.append(byte)
    case 0xFF:
      endBurst()
    default:
      let next = index < bytes.count ? Int(bytes[index]) : 0
      index += 1
      endBurst()
      screen.resize(columns: next, rows: Int(byte & 0x3F))
      screen.applyUpdates()
      checker.check(screen)
    }
  }
  endBurst()
  return 0
}

/// A generated conversation with hostile messages mixed in: line-break controls, escape
/// sequences, clusters wider than two columns, a word longer than any screen.
private func transcript(seed: UInt64, messages: Int, hostileEvery: Int) -> [any ChatItem] {
  let stream = StreamTranscript()
  var generator = SyntheticTranscript(count: messages, seed: seed)
  let hostileTexts = [
    String(repeating: "\u{0C}", count: 100) + "form feeds",
    "vt\u{0B}nel\u{85}esc\u{1B}[31mred\u{1B}]0;title\u{07}",
    "🖐🏼" + String(repeating: "\u{1100}", count: 5) + "\u{202E}reversed",
    String(repeating: "w", count: 500),
  ]
  var number = 0
  while let event = generator.next() {
    _ = stream.apply(event)
    number += 1
    if hostileEvery > 0, number % hostileEvery == 0 {
      let item = StreamItem(
        id: "hostile-\(number)", type: MessageItemType.text, sender: "eve",
        text: hostileTexts[number % hostileTexts.count])
      _ = stream.apply(.insert(item, position: .end))
    }
  }
  return stream.chatItems
}

/// What every frame must satisfy, and what must hold from one frame to the next.
private struct FrameChecker {
  let totalItems: Int
  var loadedBefore = 0

  mutating func check(_ screen: ViewerScreen) {
    let frame = screen.frame()
    let status = frame.status.text(columns: screen.columns)
    if displayWidth(of: status) != screen.columns {
      fatalError("status bar \(status.debugDescription) is not \(screen.columns) columns wide")
    }
    for (number, line) in frame.lines.prefix(screen.rows - 1).enumerated() {
      let text = withoutEscapes(line)
      if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
        fatalError("row \(number) holds a control character: \(line.debugDescription)")
      }
      if displayWidth(of: text) > screen.columns {
        fatalError("row \(number) is wider than \(screen.columns) columns: \(text.debugDescription)")
      }
    }
    let rendered = frame.rendered
    let cursorMoves = rendered.split(separator: "\u{1B}[", omittingEmptySubsequences: true).filter {
      $0.first?.isNumber == true && $0.contains(";1H")
    }
    if cursorMoves.count != screen.rows {
      fatalError("the frame addresses \(cursorMoves.count) rows of \(screen.rows)")
    }
    let loaded = screen.transcript.loadedCount
    if loaded < loadedBefore { fatalError("loaded items fell from \(loadedBefore) to \(loaded)") }
    loadedBefore = loaded
    if let top = screen.topItemNumber, !(1...totalItems).contains(top) {
      fatalError("the top item is number \(top) of \(totalItems)")
    }
  }

  /// `line` without its `ESC [ … letter` sequences.
  private func withoutEscapes(_ line: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\u{1B}", scalars.first == "[" else {
        result.append(scalar)
        continue
      }
      scalars.removeFirst()
      while let parameter = scalars.first, !("@"..."~").contains(parameter) { scalars.removeFirst() }
      _ = scalars.popFirst()
    }
    return String(result)
  }
}
