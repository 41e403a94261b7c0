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
    cellLine(fittingIn: columns).line
  }

  /// ``line(fittingIn:)`` and its width in character cells, both from one walk: a bubble cuts
  /// the line to draw it and sizes itself by its width.
  func cellLine(fittingIn columns: Int) -> (line: String, width: Int) {
    guard columns > 0 else { return ("", 0) }
    if let line = printableASCIICellLine(fittingIn: columns) { return line }
    var visible = fullLine(readLimit: Self.readLimit(columns))
    // One walk over the bytes gives the width and where the last cluster that fits with the
    // ellipsis ends; then one slice. (Appending clusters one by one cost about 10,000
    // instructions per quote; a width pass and a cluster-by-cluster pass, half that.)
    let (cut, cutWidth, width): (String?, Int, Int) = visible.withUTF8 { bytes in
      // Printable ASCII is a column a byte: the cut that fits with the ellipsis is found by
      // counting, without a call per cluster.
      if bytes.allSatisfy({ $0 &- 0x20 < 0x5F }) {
        guard bytes.count > columns else { return (nil, 0, bytes.count) }
        let cut = columns - 1
        return (
          String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self), cut, bytes.count
        )
      }
      var width = 0
      var cut = 0
      var cutWidth = 0
      var fits = true
      GraphemeClusters.forEachCluster(inUTF8: bytes) { cluster, clusterWidth in
        if fits, width + clusterWidth + 1 <= columns {
          cut = cluster.upperBound
          cutWidth = width + clusterWidth
        } else {
          fits = false
        }
        width += clusterWidth
      }
      guard width > columns else { return (nil, 0, width) }
      return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self), cutWidth, width)
    }
    guard let cut else { return (visible, width) }
    let kept = Self.withoutTrailingSpaces(cut)
    // Each space taken off was one column; the ellipsis is one.
    return (kept + String(Self.ellipsis), cutWidth - (cut.utf8.count - kept.utf8.count) + 1)
  }

  /// ``cellLine(fittingIn:)`` of a quote whose line, as far as it can show, is printable
  /// ASCII: a column a byte, its own visible form, a cluster a byte. The line is written into
  /// one string of at most `columns + 3` bytes, reading only the `columns + 1` bytes that tell
  /// whether it is cut; `nil` for any other quote.
  ///
  /// Most quotes of an English chat are such lines, and each is cut when a reply is measured
  /// and again when its cell is configured: building the whole line, then its visible form,
  /// then the cut, cost some 8,500 instructions a time.
  private func printableASCIICellLine(fittingIn columns: Int) -> (line: String, width: Int)? {
    guard case .message(let sender, let text) = self else { return nil }
    // The line is cut when it has more than `columns` bytes: the first `columns + 1` decide
    // (and a line is no longer than its parts).
    let decisive = min(columns + 1, 4 + sender.utf8.count + text.utf8.count)
    var isPrintable = true
    var isCut = false
    var length = 0
    let line = String(unsafeUninitializedCapacity: decisive + 3) { buffer in
      /// Appends the bytes of `part` until `decisive` are written, or until a line break when
      /// `stopsAtLineBreak`; `false` at a byte that is not printable ASCII.
      func append(_ part: String, stopsAtLineBreak: Bool) -> Bool {
        var part = part
        return part.withUTF8 { bytes in
          var index = 0
          while index < bytes.count, length < decisive {
            let byte = bytes[index]
            guard byte &- 0x20 < 0x5F else {
              // CR, LF, VT and FF end the quoted line; the other line breaks are not ASCII.
              return stopsAtLineBreak && (0x0A...0x0D).contains(byte)
            }
            buffer[length] = byte
            length += 1
            index += 1
          }
          return true
        }
      }
      guard append("> ", stopsAtLineBreak: false), append(sender, stopsAtLineBreak: false),
        sender.isEmpty || append(": ", stopsAtLineBreak: false), append(text, stopsAtLineBreak: true)
      else {
        isPrintable = false
        return 0
      }
      guard length > columns else { return length }
      // Too wide: the first `columns - 1` clusters (bytes) fit with the ellipsis, without the
      // spaces that end them.
      isCut = true
      length = columns - 1
      while length > 0, buffer[length - 1] == UInt8(ascii: " ") { length -= 1 }
      // `…`, U+2026, in UTF-8.
      (buffer[length], buffer[length + 1], buffer[length + 2]) = (0xE2, 0x80, 0xA6)
      length += 3
      return length
    }
    guard isPrintable else { return nil }
    // The ellipsis is three bytes and one column.
    return (line, isCut ? length - 2 : length)
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
    // In character cells the cut's own walk gives the width.
    guard measurer.measuresInPoints else { return cellLine(fittingIn: width) }
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
      let firstLine = Self.prefix(of: text, readLimit: readLimit, stoppingAtLineBreak: true)
      var name = Self.prefix(of: sender, readLimit: readLimit, stoppingAtLineBreak: false)
      // A line break in a sender's name is a space here (rare: looked for before copying).
      if name.unicodeScalars.contains(where: Self.breaksLine) {
        name = String(String.UnicodeScalarView(name.unicodeScalars.map { Self.breaksLine($0) ? " " : $0 }))
      }
      // A notice or a message without a sender is quoted by its text alone.
      var line = "> "
      line.reserveCapacity(2 + name.utf8.count + 2 + firstLine.utf8.count)
      if !name.isEmpty {
        line += name
        line += ": "
      }
      line += firstLine
      full = line
    case .deleted: full = "> message deleted"
    case .notLoaded: full = "> message not loaded"
    }
    return VisibleText.of(full)
  }

  /// The first `readLimit` scalars of `text`, up to the first line break when
  /// `stoppingAtLineBreak`.
  ///
  /// Read as UTF-8 (a scalar starts at every byte that is not a continuation byte), which is
  /// several times cheaper than stepping through the scalar view.
  private static func prefix(of text: String, readLimit: Int, stoppingAtLineBreak: Bool) -> String {
    var bytesOf = text
    let cut: String? = bytesOf.withUTF8 { bytes in
      var end = 0
      var scalars = 0
      while end < bytes.count {
        let byte = bytes[end]
        if byte & 0xC0 != 0x80 {
          guard scalars < readLimit else { break }
          scalars += 1
          if stoppingAtLineBreak, breaksLine(startingAt: end, in: bytes) { break }
        }
        end += 1
      }
      return end == bytes.count
        ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }
    return cut ?? text
  }

  /// Whether the scalar whose first byte is at `offset` of valid UTF-8 `bytes` ends a line
  /// (``breaksLine(_:)``): LF, VT, FF, CR, NEL (C2 85), LS and PS (E2 80 A8, E2 80 A9).
  private static func breaksLine(startingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch bytes[offset] {
    case 0x0A...0x0D: true
    case 0xC2: offset + 1 < bytes.count && bytes[offset + 1] == 0x85
    case 0xE2:
      offset + 2 < bytes.count && bytes[offset + 1] == 0x80
        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    default: false
    }
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
    // The byte first: only a text that ends in a space pays for reading its last cluster.
    while cut.utf8.last == UInt8(ascii: " "), cut.last == " " { cut.removeLast() }
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
