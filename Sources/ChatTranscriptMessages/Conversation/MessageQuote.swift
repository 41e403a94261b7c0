import TextLayout

/// What a reply shows of the message it answers, in the first line of its bubble.
///
/// The replying message names the message it quotes by id; whoever holds the transcript
/// resolves the id into this value (``StreamTranscript`` does, and resolves it again when the
/// quoted message changes), so a bubble is drawn and sized from its own item alone.
public enum MessageQuote: Sendable, Hashable {
  /// The quoted message's sender and text (its whole text: the bubble shows the start).
  case message(sender: String, text: String)
  /// The quoted message was deleted; it stays in the transcript as a tombstone.
  case deleted
  /// The quoted message is not in the transcript (not loaded yet, or removed).
  case notLoaded

  /// The quote as its line shows it, cut with `…` to `columns`: `> ann: Lunch at…` (`> Lunch
  /// at…` without a sender), `> message deleted` or `> message not loaded`.
  ///
  /// Only the first line of the quoted text is shown, in the form renderers draw it
  /// (``VisibleText``), so the line is one row at most `columns` wide.
  ///
  /// - Complexity: O(`columns`): at most a few scalars per column are read of a long text.
  public func line(fittingIn columns: Int) -> String {
    guard columns > 0 else { return "" }
    // A cluster takes at least one column unless it has no width at all: a sender writing
    // thousands of combining marks only gets a shorter quote, never a slower one.
    let readLimit = 4 * columns + 8
    let full: String
    switch self {
    case .message(let sender, let text):
      let firstLine = text.unicodeScalars.prefix(readLimit).prefix { !Self.breaksLine($0) }
      // A notice or a message without a sender is quoted by its text alone; a line break in
      // a sender's name is a space here.
      let name = String(
        String.UnicodeScalarView(
          sender.unicodeScalars.prefix(readLimit).map { Self.breaksLine($0) ? " " : $0 }))
      full = "> " + (name.isEmpty ? "" : name + ": ") + String(String.UnicodeScalarView(firstLine))
    case .deleted: full = "> message deleted"
    case .notLoaded: full = "> message not loaded"
    }
    let visible = VisibleText.of(full)
    guard displayWidth(of: visible) > columns else { return visible }
    var cut = ""
    var width = 0
    for cluster in GraphemeClusters(visible) {
      guard width + cluster.width + 1 <= columns else { break }
      cut += visible[cluster.range]
      width += cluster.width
    }
    // `Lunch…`, not `Lunch …`.
    while cut.last == " " { cut.removeLast() }
    return cut + "…"
  }

  /// Scalars that end a line: what the quote stops at.
  private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }
}
