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
    let visible = fullLine(readLimit: Self.readLimit(columns))
    guard displayWidth(of: visible) > columns else { return visible }
    var cut = ""
    var width = 0
    for cluster in GraphemeClusters(visible) {
      guard width + cluster.width + 1 <= columns else { break }
      cut += visible[cluster.range]
      width += cluster.width
    }
    return Self.ellipsized(cut)
  }

  /// The quote as its line shows it, cut with `…` to `width` as `measurer` measures it (in
  /// points for a `PointTextMeasurer`); ``line(fittingIn:)`` in character cells (any other
  /// measurer).
  ///
  /// - Complexity: O(`width` × log `width`): the cut is found by bisection over the clusters of
  ///   the few scalars per unit of width that are read.
  public func line(fittingIn width: Int, measuredBy measurer: ItemTextMeasurer) -> String {
    guard measurer.measuresInPoints else { return line(fittingIn: width) }
    guard width > 0 else { return "" }
    let visible = fullLine(readLimit: Self.readLimit(width))
    guard measurer.width(of: visible) > width else { return visible }
    let ends = GraphemeClusters(visible).map(\.range.upperBound)
    // The most clusters that fit with the ellipsis; each try measures one prefix.
    var fitting = 0
    var tooMany = ends.count
    while tooMany - fitting > 1 {
      let middle = (fitting + tooMany) / 2
      if measurer.width(of: Self.ellipsized(String(visible[..<ends[middle - 1]]))) <= width {
        fitting = middle
      } else {
        tooMany = middle
      }
    }
    return Self.ellipsized(fitting == 0 ? "" : String(visible[..<ends[fitting - 1]]))
  }

  /// A cluster takes at least one column unless it has no width at all: a sender writing
  /// thousands of combining marks only gets a shorter quote, never a slower one.
  private static func readLimit(_ width: Int) -> Int { 4 * width + 8 }

  /// The whole first line of the quote, in the form renderers draw it, reading at most
  /// `readLimit` scalars of the sender and of the text.
  private func fullLine(readLimit: Int) -> String {
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
    return VisibleText.of(full)
  }

  /// `cut` ended with `…`: `Lunch…`, not `Lunch …`.
  private static func ellipsized(_ cut: String) -> String {
    var cut = cut
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
