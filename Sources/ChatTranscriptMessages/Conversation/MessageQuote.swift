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
    // Where the last cluster that fits with the ellipsis ends, then one slice: appending the
    // clusters one by one cost about 10,000 instructions per quote.
    var end = visible.startIndex
    var width = 0
    for cluster in GraphemeClusters(visible) {
      guard width + cluster.width + 1 <= columns else { break }
      end = cluster.range.upperBound
      width += cluster.width
    }
    return Self.ellipsized(String(visible[..<end]))
  }

  /// The quote as its line shows it, cut with `…` to `width` as `measurer` measures it (in
  /// points for a `PointTextMeasurer`); ``line(fittingIn:)`` in character cells (any other
  /// measurer).
  ///
  /// - Complexity: O(`width`): the few scalars per unit of width that are read are measured
  ///   whole, then once more for the width of every cut after a cluster with the ellipsis
  ///   (``PointCutWidths``); the cut is found by bisection over those widths, measuring only
  ///   the tries that one pass cannot tell.
  public func line(fittingIn width: Int, measuredBy measurer: ItemTextMeasurer) -> String {
    guard measurer.measuresInPoints else { return line(fittingIn: width) }
    return measuredLine(fittingIn: width, measuredBy: measurer).line
  }

  /// ``line(fittingIn:measuredBy:)`` and its width as `measurer` measures it
  /// (``ItemTextMeasurer/width(of:)``).
  func measuredLine(fittingIn width: Int, measuredBy measurer: ItemTextMeasurer) -> (line: String, width: Int)
  {
    guard measurer.measuresInPoints else {
      let line = line(fittingIn: width)
      return (line, measurer.width(of: line))
    }
    guard width > 0 else { return ("", measurer.width(of: "")) }
    let visible = fullLine(readLimit: Self.readLimit(width))
    let visibleWidth = measurer.width(of: visible)
    guard visibleWidth > width,
      let cuts = measurer.cutWidths(ofVisibleLine: visible, appending: Self.ellipsis)
    else { return (visible, visibleWidth) }
    let ends = cuts.clusterEnds
    /// The line cut after `clusters` clusters.
    func cut(after clusters: Int) -> String {
      guard clusters > 0 else { return Self.ellipsized("") }
      let end = visible.utf8.index(visible.utf8.startIndex, offsetBy: ends[clusters - 1])
      return Self.ellipsized(String(visible[..<end]))
    }
    /// The width of ``cut(after:)``: looked up where the one pass over `visible` tells it
    /// (a cut that ends in a space loses it first, so it is looked up once it has), else
    /// measured.
    func cutWidth(after clusters: Int) -> Int {
      let end = clusters == 0 ? 0 : ends[clusters - 1]
      if end > 0, visible.utf8[visible.utf8.index(visible.utf8.startIndex, offsetBy: end - 1)] != 0x20,
        let known = cuts.width(cutAt: end)
      {
        return known
      }
      let line = cut(after: clusters)
      return cuts.width(cutAt: line.utf8.count - Self.ellipsisLength) ?? measurer.width(of: line)
    }
    // The most clusters that fit with the ellipsis, by bisection: each try is one cut.
    var fitting = 0
    var fittingWidth: Int?
    var tooMany = ends.count
    while tooMany - fitting > 1 {
      let middle = (fitting + tooMany) / 2
      let tried = cutWidth(after: middle)
      if tried <= width {
        fitting = middle
        fittingWidth = tried
      } else {
        tooMany = middle
      }
    }
    let line = cut(after: fitting)
    return (line, fittingWidth ?? measurer.width(of: line))
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
      // Slices, copied whole: a view built scalar by scalar cost tens of thousands of
      // instructions per quote, a third of a cold layout with one reply in ten messages.
      let scalars = text.unicodeScalars
      let firstLineEnd = Self.end(of: scalars, readLimit: readLimit, stoppingAtLineBreak: true)
      let nameEnd = Self.end(of: sender.unicodeScalars, readLimit: readLimit, stoppingAtLineBreak: false)
      var name = String(sender.unicodeScalars[..<nameEnd])
      // A line break in a sender's name is a space here (rare: looked for before copying).
      if name.unicodeScalars.contains(where: Self.breaksLine) {
        name = String(String.UnicodeScalarView(name.unicodeScalars.map { Self.breaksLine($0) ? " " : $0 }))
      }
      // A notice or a message without a sender is quoted by its text alone.
      full = "> " + (name.isEmpty ? "" : name + ": ") + String(scalars[..<firstLineEnd])
    case .deleted: full = "> message deleted"
    case .notLoaded: full = "> message not loaded"
    }
    return VisibleText.of(full)
  }

  /// Where the first `readLimit` scalars of `scalars` end, or the first line break before that
  /// when `stoppingAtLineBreak`.
  private static func end(
    of scalars: String.UnicodeScalarView, readLimit: Int, stoppingAtLineBreak: Bool
  ) -> String.Index {
    var end = scalars.startIndex
    var count = 0
    while end != scalars.endIndex, count < readLimit {
      if stoppingAtLineBreak, breaksLine(scalars[end]) { break }
      scalars.formIndex(after: &end)
      count += 1
    }
    return end
  }

  /// What ends a cut line.
  private static let ellipsis: Unicode.Scalar = "…"
  private static let ellipsisLength = String(ellipsis).utf8.count

  /// `cut` ended with `…`: `Lunch…`, not `Lunch …`.
  private static func ellipsized(_ cut: String) -> String {
    withoutTrailingSpaces(cut) + String(ellipsis)
  }

  /// `cut` without the spaces that end it, before an ellipsis.
  private static func withoutTrailingSpaces(_ cut: String) -> String {
    var cut = cut
    while cut.last == " " { cut.removeLast() }
    return cut
  }

  /// Scalars that end a line: what the quote stops at.
  private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }
}
