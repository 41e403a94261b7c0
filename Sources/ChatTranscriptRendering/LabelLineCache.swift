import ChatTranscript
import TextLayout

/// The wrapped lines of the labels a scene drew, kept for the next scene of the same views.
///
/// A transcript drawn page by page builds a scene per page; a message taller than a page
/// would otherwise be wrapped whole for every page it spans, which made drawing one large
/// message quadratic in its size. Entries are kept on the labels themselves, tagged with the
/// cache that made them, and checked against the label's text and width, so a recycled label
/// that shows something else is wrapped again. Only the labels a scene cut off are kept: pages
/// do not overlap, so no other label is drawn again.
///
/// Not thread-safe: use one cache per drawing loop.
public final class LabelLineCache {
  /// One label's lines. It holds its cache, which holds nothing, so an entry found on a label
  /// is known to be this cache's by identity.
  private final class Entry {
    let cache: LabelLineCache
    let text: String
    let width: Int
    let visibleText: String
    let lines: [TextLine]

    init(cache: LabelLineCache, text: String, width: Int, visibleText: String, lines: [TextLine]) {
      self.cache = cache
      self.text = text
      self.width = width
      self.visibleText = visibleText
      self.lines = lines
    }
  }

  /// Whether lines are kept at all: not by the cache a scene makes for itself, which no later
  /// scene sees.
  private let keepsLines: Bool

  public init() {
    keepsLines = true
  }

  /// - Parameter keepsLines: `false` for the cache a scene drawn without one wraps through.
  init(keepsLines: Bool) {
    self.keepsLines = keepsLines
  }

  /// The visible form of `label`'s text and its lines at `width` columns.
  ///
  /// - Parameters:
  ///   - wrapsInColumns: Whether `measurer` wraps in character cells as `TerminalTextMeasurer`
  ///     does: then a line of printable ASCII that fits is its own only line, without
  ///     wrapping it.
  ///   - keeps: Whether the lines are kept for a later scene: the label goes on below this one.
  func lines(
    of label: Label, width: Int, measurer: any TextMeasurer, wrapsInColumns: Bool, keeps: Bool
  ) -> (text: String, lines: [TextLine]) {
    let text = label.text
    if let entry = label.renderingMemo as? Entry, entry.cache === self, entry.width == width,
      entry.text == text
    {
      return (entry.visibleText, entry.lines)
    }
    let visible: String
    let lines: [TextLine]
    if wrapsInColumns, let fitting = Self.fittingASCIILine(of: text, width: width) {
      (visible, lines) = (fitting.text, [fitting.line])
    } else {
      visible = VisibleText.of(text)
      lines = measurer.lines(of: visible, maxWidth: width)
    }
    if keeps && keepsLines {
      label.renderingMemo = Entry(cache: self, text: text, width: width, visibleText: visible, lines: lines)
    }
    return (visible, lines)
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
