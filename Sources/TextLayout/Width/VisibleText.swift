/// Untrusted text in the form it is measured and drawn in: everything that could act on a
/// terminal or reorder a line is replaced by a visible symbol.
///
/// - C0 controls become control pictures (ESC shows as ␛, FF as ␌), DEL becomes ␡;
/// - C1 controls (NEL included) and the bidi marks, embeddings, overrides and isolates
///   become U+FFFD;
/// - tab becomes a space; line feed and carriage return stay, as line breaks.
///
/// Presenters measure this form and renderers draw it, so a row is sized for exactly the
/// clusters, widths and line breaks that are drawn. Raw, a form feed is a line break and an
/// escape is zero columns wide; drawn, each is a one-column symbol.
///
/// Idempotent: `of(of(text)) == of(text)`.
public enum VisibleText {
  /// `text` with its controls made visible; `text` itself when it has none.
  ///
  /// - Complexity: O(n), eight bytes at a time for text without controls.
  public static func of(_ text: String) -> String {
    guard needsReplacement(text) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D: result.append(scalar)
      case 0x09: result.append(" ")
      case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: result.append("\u{2421}")
      case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `text` has anything ``of(_:)`` replaces.
  ///
  /// Words of eight bytes without a byte below 0x20, DEL, 0xC2 (the lead byte of C1
  /// controls) or 0xE2 (that of the bidi controls) are skipped whole; the rest are checked
  /// byte by byte.
  public static func needsReplacement(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(needsReplacement) { return found }
    var copy = text
    return copy.withUTF8(needsReplacement)
  }

  private static func needsReplacement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    /// The high bit of each zero byte, and possibly of bytes after one (a borrow).
    func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & high }
    var offset = 0
    while offset &+ 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let candidates =
        ((word &- 0x20 &* ones) & ~word & high) | zeros(word ^ (0x7F &* ones)) | zeros(word ^ (0xC2 &* ones))
        | zeros(word ^ (0xE2 &* ones))
      if candidates != 0, needsReplacement(raw, in: offset..<offset &+ 8) { return true }
      offset &+= 8
    }
    return needsReplacement(raw, in: offset..<raw.count)
  }

  /// Whether a replaced character starts at one of `range`'s bytes.
  private static func needsReplacement(_ raw: UnsafeRawBufferPointer, in range: Range<Int>) -> Bool {
    for index in range {
      let byte = raw[index]
      switch byte {
      case 0x0A, 0x0D: continue
      case 0x00..<0x20, 0x7F: return true
      case 0xC2:
        if index &+ 1 < raw.count, (0x80...0x9F).contains(raw[index &+ 1]) { return true }
      case 0xE2:
        guard index &+ 2 < raw.count else { continue }
        let second = raw[index &+ 1]
        let third = raw[index &+ 2]
        if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return true }
        if second == 0x81, (0xA6...0xA9).contains(third) { return true }
      default: continue
      }
    }
    return false
  }
}
