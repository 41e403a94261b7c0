/// The width of `text` in terminal columns: the sum of its grapheme clusters' widths.
///
/// A cluster is 2 columns if it contains U+FE0F or starts with an Emoji_Presentation
/// scalar; otherwise it is the sum of its scalars' widths (see
/// ``ScalarProperties/columnWidth``). This is the width ``TerminalTextMeasurer`` gives a
/// line: `displayWidth(of: text[line.range]) == line.width`.
///
/// - Parameter text: the text, usually one line or one word.
/// - Returns: its width in columns.
/// - Complexity: O(n) for n UTF-8 bytes.
public func displayWidth(of text: some StringProtocol) -> Int {
  if let width = text.utf8.withContiguousStorageIfAvailable(ClusterScanner.width(of:)) {
    return width
  }
  var copy = String(text)
  return copy.withUTF8(ClusterScanner.width(of:))
}

/// ``displayWidth(of:)`` for a `String`, the usual argument: called from another module, the
/// generic version is not specialized and copied even short strings to the heap to read them.
public func displayWidth(of text: String) -> Int {
  var text = text
  return text.withUTF8(ClusterScanner.width(of:))
}
