@_spi(Internals) import ChatTranscript
import TextLayout

/// The wrapped lines of the labels a scene drew, kept for the next scene of the same views.
///
/// A transcript drawn page by page builds a scene per page; a message taller than a page
/// would otherwise be wrapped whole for every page it spans, which made drawing one large
/// message quadratic in its size. Only the labels a scene cut off at its bottom are kept, and
/// a kept label is let go once a scene draws it without cutting it off again: pages do not
/// overlap, so the cache holds a label or two, not a page.
///
/// Entries are found by text and width, which are all the lines depend on, not by the label:
/// consecutive pages may be laid out in different views (``LentPage``), so the label that
/// goes on in the next page is often another one showing the same text. Texts are compared,
/// never hashed: the label across a page's edge is the only large one, and its text is the
/// same string as the one kept, which compares at once.
///
/// It also keeps the lines of short labels that come back on every page (a bubble's tail, a
/// delivery status, a reaction's count), in a small table found by the text's own two words
/// rather than by hashing it: a hit is a copy of one string or an equal small string, and
/// drawing a transcript stops wrapping the same `◀` a million times.
///
/// Locked, so that scenes can be wrapped on another thread than the views were read on
/// (``SceneDraft``); scenes that share a cache should still be built in page order.
public final class LabelLineCache: Sendable {
  private struct Entry: Sendable {
    let text: String
    let width: Int
    let visibleText: String
    let lines: [TextLine]
    let drawsEveryCluster: Bool
  }

  private struct State: Sendable {
    /// Labels cut off at the bottom of the last scene.
    var kept: [Entry] = []
    /// Short labels, one per slot of their words and width.
    var repeated = [Entry?](repeating: nil, count: LabelLineCache.repeatedSlots)
  }

  /// More kept labels than this means scenes that are not pages in order: start afresh
  /// rather than grow.
  private static let capacity = 64
  /// Slots of the table of short labels.
  private static let repeatedSlots = 256
  /// The longest label, in UTF-8 bytes, the table of short labels keeps: what fits in a
  /// string's own two words.
  private static let longestRepeated = 15

  private let state = Locked(State())

  public init() {}

  /// The visible form of `text`, shown by a label, its lines at `width` columns, and whether
  /// each line is drawn as its bytes: every cluster of the text but its line breaks has a
  /// width (known only of terminal columns; `false` with other measurers).
  ///
  /// - Parameters:
  ///   - wrapsInColumns: Whether `measurer` wraps in character cells as `TerminalTextMeasurer`
  ///     does: then a line of printable ASCII that fits is its own only line, without
  ///     wrapping it.
  ///   - keeps: Whether the lines are kept for a later scene: the label goes on below this one.
  ///   - cache: where lines are kept; `nil` wraps and keeps nothing.
  static func lines(
    of text: String, width: Int, measurer: any TextMeasurer, wrapsInColumns: Bool, keeps: Bool,
    in cache: LabelLineCache?
  ) -> (text: String, lines: [TextLine], drawsEveryCluster: Bool) {
    if wrapsInColumns, let fitting = fittingASCIILine(of: text, width: width) {
      return (fitting.text, [fitting.line], true)
    }
    // Short labels are only found in the table; the short label in a new slot replaces the
    // one there.
    let slot = text.utf8.count <= longestRepeated ? repeatedSlot(of: text, width: width) : nil
    if let cache, let entry = cache.entry(text: text, width: width, slot: slot, keeps: keeps) {
      return (entry.visibleText, entry.lines, entry.drawsEveryCluster)
    }
    let visible = VisibleText.of(text)
    let lines: [TextLine]
    var drawsEveryCluster = false
    if let terminal = measurer as? TerminalTextMeasurer {
      (lines, drawsEveryCluster) = terminal.drawnLines(of: visible, maxWidth: width)
    } else {
      lines = measurer.lines(of: visible, maxWidth: width)
    }
    if let cache, keeps || slot != nil {
      let entry = Entry(
        text: text, width: width, visibleText: visible, lines: lines, drawsEveryCluster: drawsEveryCluster)
      cache.state.withLock { state in
        if let slot {
          state.repeated[slot] = entry
        } else {
          if state.kept.count >= capacity { state.kept.removeAll() }
          state.kept.append(entry)
        }
      }
    }
    return (visible, lines, drawsEveryCluster)
  }

  /// The slot of the table of short labels for `text` at `width`.
  private static func repeatedSlot(of text: String, width: Int) -> Int {
    let (count, bytes) = String.words(of: text)
    let key = count ^ bytes &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: width)
    let mixed = key &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 56) & (repeatedSlots - 1)
  }

  /// The lines of `text` at `width` kept here, if any: in `slot` of the table of short
  /// labels, or among the labels cut off at the bottom of the last scene, which are let go
  /// unless `keeps`.
  private func entry(text: String, width: Int, slot: Int?, keeps: Bool) -> Entry? {
    state.withLock { state in
      if let slot {
        guard let entry = state.repeated[slot], entry.width == width,
          String.words(of: entry.text) == String.words(of: text)
        else { return nil }
        return entry
      }
      guard !state.kept.isEmpty,
        let index = state.kept.firstIndex(where: { $0.width == width && $0.text == text })
      else { return nil }
      let entry = state.kept[index]
      if !keeps { state.kept.remove(at: index) }
      return entry
    }
  }

  /// The one line of `text` when it is printable ASCII, ends in no space and fits in `width`
  /// columns (each byte a column, no break needed and nothing to make visible, so wrapping
  /// it gives just that), with the text its range indexes. `nil` otherwise.
  private static func fittingASCIILine(of text: String, width: Int) -> (text: String, line: TextLine)? {
    var text = text
    let fits = text.withUTF8 { bytes in
      bytes.count <= width && bytes.last != UInt8(ascii: " ") && bytes.allSatisfy { $0 &- 0x20 < 0x5F }
    }
    guard fits else { return nil }
    return (text, TextLine(range: text.startIndex..<text.endIndex, width: text.utf8.count))
  }
}
