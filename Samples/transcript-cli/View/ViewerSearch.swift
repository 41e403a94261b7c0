import ChatTranscript
import ChatTranscriptMessages
import Foundation

/// `transcript view`'s search: the query typed after `/`, and the messages whose text holds it.
///
/// The query is kept as the bytes typed (a key arrives as one byte, so a letter outside ASCII
/// comes in pieces) and read as UTF-8. Matching ignores case the Unicode way (`ÉCLAIR` finds
/// `éclair`, `STRASSE` finds `straße`), over every message of the transcript, loaded or not:
/// the viewer then pages history in as far as the match.
struct ViewerSearch {
  /// Whether keys go to the query (after `/`, until Enter or Escape).
  private(set) var isEditing = false
  private var typed: [UInt8] = []
  /// The query of the last search that ran.
  private(set) var lastQuery = ""

  /// The query as typed so far.
  var query: String { String(decoding: typed, as: UTF8.self) }

  /// Starts a new query.
  mutating func begin() {
    isEditing = true
    typed.removeAll()
  }

  /// What a key does while the query is being typed.
  enum Edit: Equatable {
    /// The key changed the query (or was ignored).
    case editing
    /// Enter: search for the query.
    case search(String)
    /// Escape or Ctrl-C: no search.
    case cancelled
  }

  /// Applies `key` to the query being typed.
  mutating func edit(with key: Key) -> Edit {
    switch key {
    case .byte(0x0D), .byte(0x0A):
      isEditing = false
      lastQuery = query
      return .search(lastQuery)
    case .other, .byte(0x03), .byte(0x07):
      isEditing = false
      return .cancelled
    case .byte(0x7F), .byte(0x08):
      // Backspace takes the last character, however many bytes it was typed as.
      var scalars = query.unicodeScalars
      if !scalars.isEmpty { scalars.removeLast() }
      typed = Array(String(scalars).utf8)
    case .byte(let byte) where byte >= 0x20:
      typed.append(byte)
    default:
      break
    }
    return .editing
  }

  /// The position of the next message (or the previous one, `forward` false) after
  /// `position` whose text holds `query`, wrapping round the transcript; `nil` when none does.
  ///
  /// - Complexity: O(n) in the transcript's text: a search the reader asked for.
  static func match(
    of query: String, in items: [any ChatItem], after position: Int?, forward: Bool
  ) -> Int? {
    guard !query.isEmpty, !items.isEmpty else { return nil }
    let start = position ?? (forward ? -1 : items.count)
    for step in 1...items.count {
      let index = ((start + (forward ? step : -step)) % items.count + items.count) % items.count
      if let text = searchableText(of: items[index]),
        text.range(of: query, options: [.caseInsensitive]) != nil
      {
        return index
      }
    }
    return nil
  }

  /// The text a reader would search in an item: a message's text, a photo's caption.
  private static func searchableText(of item: any ChatItem) -> String? {
    if let message = TextMessageItem(converting: item), !message.message.isDeleted { return message.text }
    if let photo = PhotoMessageItem(converting: item), !photo.message.isDeleted { return photo.caption }
    return nil
  }
}
