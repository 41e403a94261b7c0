import TextLayout

/// libFuzzer entry point for the font reader and the point measurer: any bytes as a font file.
///
/// Why: font files come from users and from the network (a backend measuring with the fonts
/// its clients ship), and every table read follows offsets and counts from the file. The
/// reader must turn any damage into a thrown error, never a trap, an out-of-bounds read (the
/// address sanitizer watches) or a hang; and a font it accepts must measure any text within
/// the measurer's promises.
///
/// Input: the first byte chooses the size and the face, the second the width; the rest is the
/// file. A broken invariant ends in `fatalError`, which libFuzzer reports with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start, count >= 2 else { return 0 }
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  let size = Double(bytes[0] & 0x3F) + 0.5
  let faceIndex = Int(bytes[0] >> 6)
  let maxWidth = Double(bytes[1]) * 1.5
  let file = Array(bytes[2...])
  let faces = try? Font.faceCount(in: file)
  guard let font = try? Font(bytes: file, faceIndex: faceIndex) else { return 0 }
  if let faces, faceIndex >= faces { fatalError("face \(faceIndex) read from a file of \(faces) faces") }
  checkFont(font)
  checkMeasurement(with: font, size: size, maxWidth: maxWidth)
  return 0
}

/// Texts that reach every path of the measurer: Latin pairs that kern, marks, other scripts,
/// controls, ignorable scalars, fallbacks and scalars no font has.
private let texts = [
  "", "AVATAR To Ty LT", "e\u{301}\u{308} ffi fl", "αβγ Жж שלום سلام", "a\tb\nc\r\nd\u{2028}e",
  "\u{200D}\u{FE0F}\u{AD}\u{200B} x", "中文 😀 \u{10FFFF}", "    ", "wordwordwordwordwordword word",
]

/// The font's own answers must stay within what it says it has.
private func checkFont(_ font: Font) {
  guard (16...16384).contains(font.unitsPerEm), font.glyphCount > 0 else {
    fatalError("accepted a font with unitsPerEm \(font.unitsPerEm), \(font.glyphCount) glyphs")
  }
  for text in texts {
    for scalar in text.unicodeScalars {
      if let glyph = font.glyph(for: scalar), Int(glyph) >= font.glyphCount {
        fatalError("U+\(String(scalar.value, radix: 16)) maps to glyph \(glyph) of \(font.glyphCount)")
      }
    }
  }
  let glyphs = UInt16(min(font.glyphCount, 64))
  for left in 0..<glyphs {
    _ = font.advance(of: left)
    _ = font.isMark(left)
    for right in 0..<glyphs { _ = font.kerning(between: left, and: right, latin: left & 1 == 0) }
  }
}

/// The measurer's views of a text must agree, and its counts stay in bounds.
private func checkMeasurement(with font: Font, size: Double, maxWidth: Double) {
  let measurer = PointTextMeasurer(font: font, fallbacks: [font], size: size)
  for text in texts {
    let metrics = measurer.measure(text, maxWidth: maxWidth)
    var copy = text
    let bytes = copy.withUTF8 { measurer.measure(utf8: $0, maxWidth: maxWidth) }
    if bytes != metrics {
      fatalError("\(text.debugDescription): measure(utf8:) \(bytes), measure \(metrics)")
    }
    if metrics.lineCount < 1 || metrics.lineCount > text.unicodeScalars.count + 1 {
      fatalError("\(text.debugDescription): \(metrics.lineCount) lines")
    }
    if metrics.height != Double(metrics.lineCount) * measurer.lineHeight {
      fatalError("\(text.debugDescription): height \(metrics.height) for \(metrics.lineCount) lines")
    }
    let whole = Int(maxWidth.rounded(.down))
    let lines = measurer.lines(of: text, maxWidth: whole)
    let counted = measurer.measure(text, maxWidth: whole)
    if lines.count != counted.lineCount || lines.map(\.width).max() != counted.widestLine {
      fatalError("\(text.debugDescription): lines(of:) \(lines.map(\.width)), measure \(counted)")
    }
  }
}
