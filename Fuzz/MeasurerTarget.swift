import TextLayout

/// libFuzzer entry point for the terminal text measurer: any bytes, any width.
///
/// Why these checks: every message's height comes from the measurer, and message texts come
/// from the network, so it must take ill-formed UTF-8 and absurd widths without trapping, and
/// its three views of a text (the byte-level count, the string-level count and the lines a
/// renderer draws) must agree, or a cell's height would not match what it shows.
///
/// Input: the first two bytes choose the width (see ``width(from:)``); the rest is the text.
/// A broken invariant ends in `fatalError`, which libFuzzer reports as a crash with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start, count >= 2 else { return 0 }
  // libFuzzer hands over `const uint8_t *`: the memory is already bound to UInt8.
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  let maxWidth = width(from: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
  let text = UnsafeBufferPointer(rebasing: bytes[2...])
  checkMeasurement(of: text, maxWidth: maxWidth)
  return 0
}

/// Maps two bytes to a width: mostly 1…300, the range terminals have, but also the values the
/// measurer must clamp (0, negative, `Int.min`) and `Int.max`, where sums could overflow.
private func width(from raw: UInt16) -> Int {
  switch raw {
  case 0xFFFF: Int.max
  case 0xFFFE: Int.min
  case 0xFFF0..<0xFFFE: -Int(raw & 0xF)  // 0 and small negative widths
  default: Int(raw % 300) + 1
  }
}

/// Measures `text` every way the library offers and checks that the answers agree.
private func checkMeasurement(of text: UnsafeBufferPointer<UInt8>, maxWidth: Int) {
  let measurer = TerminalTextMeasurer()
  let measurement = measurer.measure(utf8: text, maxWidth: maxWidth)
  let metrics = measurement.metrics
  let string = String(decoding: text, as: UTF8.self)
  let effectiveWidth = max(maxWidth, 1)
  func fail(_ message: String) -> Never {
    fatalError("width \(maxWidth), text \(string.debugDescription): \(message)")
  }

  // Ill-formed input is read as U+FFFD, exactly as String(decoding:) reads it.
  let isValid = String(validating: text, as: UTF8.self) != nil
  if measurement.isValidUTF8 != isValid {
    fail("replacementCount \(measurement.replacementCount), but valid UTF-8 is \(isValid)")
  }
  let stringMetrics = measurer.measure(string, maxWidth: maxWidth)
  if stringMetrics != metrics {
    fail("measure(utf8:) gives \(metrics), measure(String) gives \(stringMetrics)")
  }

  if metrics.lineCount < 1 { fail("lineCount \(metrics.lineCount)") }
  // A line can only be wider than the width when one cluster is wider on its own; clusters are
  // not limited to 2 columns (a base with spacing marks adds a column per mark).
  var widestCluster = 0
  var clusterCount = 0
  for cluster in GraphemeClusters(string) {
    widestCluster = max(widestCluster, cluster.width)
    clusterCount += 1
  }
  let bound = max(effectiveWidth, widestCluster)
  if metrics.widestLine < 0 || metrics.widestLine > bound {
    fail("widestLine \(metrics.widestLine), bound \(bound)")
  }
  let totalWidth = displayWidth(of: string)
  if totalWidth < metrics.widestLine { fail("displayWidth \(totalWidth) < widestLine \(metrics.widestLine)") }
  if clusterCount > 0 && metrics.lineCount > clusterCount + 1 {
    fail("\(metrics.lineCount) lines for \(clusterCount) clusters")
  }

  let lines = measurer.lines(of: string, maxWidth: maxWidth)
  if lines.count != metrics.lineCount { fail("\(lines.count) lines, lineCount \(metrics.lineCount)") }
  var widest = 0
  var previousEnd = string.startIndex
  for (number, line) in lines.enumerated() {
    if line.range.lowerBound < previousEnd { fail("line \(number) overlaps the previous one") }
    previousEnd = line.range.upperBound
    let lineText = string[line.range]
    let width = displayWidth(of: lineText)
    if width != line.width { fail("line \(number) says width \(line.width), displayWidth is \(width)") }
    if line.width > bound { fail("line \(number) is \(line.width) wide, bound \(bound)") }
    // Only a cluster wider than the line may overflow it, alone or after zero-width clusters
    // (a control character, a lone combining mark), which never force a break.
    if line.width > effectiveWidth {
      let visible = GraphemeClusters(lineText).filter { $0.width > 0 }.count
      if visible != 1 {
        fail("line \(number) is \(line.width) wide, over \(effectiveWidth), with \(visible) visible clusters")
      }
    }
    widest = max(widest, line.width)
  }
  if widest != metrics.widestLine { fail("the widest line is \(widest), widestLine \(metrics.widestLine)") }
}
