import ChatTranscript

/// A transcript read in full but handed to the engine one page at a time, newest first.
///
/// `transcript view` opens on the newest page; when the reader scrolls near the top, the
/// controller asks for more (`hasMorePrevious`, `loadPrevious()`), and the next older page
/// arrives as an exact insert at index 0 of type `.pagination`, for which the engine keeps the
/// row the reader is looking at in place. Only pages the reader has come near are presented,
/// measured and laid out, so a transcript of a million messages opens as fast as one page.
final class PagedTranscript: ChatDataSource {
  weak var delegate: (any ChatDataSourceDelegate)?
  /// The whole transcript, oldest first, loaded or not (what a search looks through).
  let allItems: [any ChatItem]
  /// Each item's position in `allItems`, by the id's UTF-8 bytes.
  private let positionOfID: [UTF8Key: Int]
  /// Items per page.
  let pageSize: Int
  /// Where the loaded items start in `allItems`; everything from there on is loaded.
  private(set) var firstLoaded: Int

  /// - Parameters:
  ///   - items: the transcript, oldest first; ids are unique (a ``StreamTranscript`` sees to it).
  ///   - pageSize: items per page, at least 1; the newest page is loaded at once.
  init(items: [any ChatItem], pageSize: Int) {
    allItems = items
    positionOfID = Dictionary(items.enumerated().map { (UTF8Key($1.id), $0) }) { first, _ in first }
    self.pageSize = max(pageSize, 1)
    firstLoaded = max(items.count - self.pageSize, 0)
  }

  /// Items in the whole transcript.
  var totalCount: Int { allItems.count }
  /// Items given to the engine so far.
  var loadedCount: Int { allItems.count - firstLoaded }

  /// The 0-based position of the item with `id` in the whole transcript.
  func position(ofID id: String) -> Int? { positionOfID[UTF8Key(id)] }

  var chatItems: [any ChatItem] { Array(allItems[firstLoaded...]) }

  var hasMorePrevious: Bool { firstLoaded > 0 }

  /// Hands the next older page to the engine as one exact `.pagination` insert at the top.
  func loadPrevious() {
    guard firstLoaded > 0 else { return }
    let start = max(firstLoaded - pageSize, 0)
    let page = Array(allItems[start..<firstLoaded])
    firstLoaded = start
    delegate?.chatDataSource(self, didChange: [.insert(page, at: 0)], type: .pagination)
  }

  /// Loads the older pages up to the one holding the item at `position`, as one `.pagination`
  /// insert: a jump to a message far up (a search match) is one update, not one per page.
  func load(through position: Int) {
    guard firstLoaded > max(position, 0) else { return }
    let pages = (firstLoaded - max(position, 0) + pageSize - 1) / pageSize
    let start = max(firstLoaded - pages * pageSize, 0)
    let loaded = Array(allItems[start..<firstLoaded])
    firstLoaded = start
    delegate?.chatDataSource(self, didChange: [.insert(loaded, at: 0)], type: .pagination)
  }
}
