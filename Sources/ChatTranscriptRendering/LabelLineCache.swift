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

  /// More kept labels than this means scenes that are not pages in order: start afresh
  /// rather than grow.
  private static let capacity = 64

  private let entries = Locked<[Entry]>([])

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
    if let cache, let entry = cache.entry(text: text, width: width, keeps: keeps) {
      return (entry.visibleText, entry.lines, entry.drawsEveryCluster)
    }
    let visible: String
    let lines: [TextLine]
    var drawsEveryCluster = false
    if wrapsInColumns, let fitting = fittingASCIILine(of: text, width: width) {
      (visible, lines, drawsEveryCluster) = (fitting.text, [fitting.line], true)
    } else {
      visible = VisibleText.of(text)
      if let terminal = measurer as? TerminalTextMeasurer {
        (lines, drawsEveryCluster) = terminal.drawnLines(of: visible, maxWidth: width)
      } else {
        lines = measurer.lines(of: visible, maxWidth: width)
      }
    }
    if keeps, let cache {
      let entry = Entry(
        text: text, width: width, visibleText: visible, lines: lines, drawsEveryCluster: drawsEveryCluster)
      cache.entries.withLock { entries in
        if entries.count >= capacity { entries.removeAll() }
        entries.append(entry)
      }
    }
    return (visible, lines, drawsEveryCluster)
  }

  /// The kept lines of `text` at `width`, if any; let go unless `keeps`.
  private func entry(text: String, width: Int, keeps: Bool) -> Entry? {
    entries.withLock { entries in
      guard !entries.isEmpty,
        let index = entries.firstIndex(where: { $0.width == width && $0.text == text })
      else { return nil }
      let entry = entries[index]
      if !keeps { entries.remove(at: index) }
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
