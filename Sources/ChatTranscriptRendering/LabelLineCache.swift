import ChatTranscript
import TextLayout

/// The wrapped lines of the labels a scene drew, kept for the next scene of the same views.
///
/// A transcript drawn page by page builds a scene per page; a message taller than a page
/// would otherwise be wrapped whole for every page it spans, which made drawing one large
/// message quadratic in its size. Entries are found by label and checked against the label's
/// text and width, so a recycled label that shows something else is wrapped again.
///
/// Not thread-safe: use one cache per drawing loop.
public final class LabelLineCache {
  private struct Entry {
    var text: String
    var width: Int
    var visibleText: String
    var lines: [TextLine]
  }

  private var entries: [ObjectIdentifier: Entry] = [:]

  public init() {}

  /// The visible form of `label`'s text and its lines at `width` columns.
  func lines(of label: Label, width: Int, measurer: any TextMeasurer) -> (text: String, lines: [TextLine]) {
    let identity = ObjectIdentifier(label)
    if let entry = entries[identity], entry.width == width, entry.text == label.text {
      return (entry.visibleText, entry.lines)
    }
    let visible = VisibleText.of(label.text)
    let lines = measurer.lines(of: visible, maxWidth: width)
    entries[identity] = Entry(text: label.text, width: width, visibleText: visible, lines: lines)
    return (visible, lines)
  }
}
