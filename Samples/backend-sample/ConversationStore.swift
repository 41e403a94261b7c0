import ChatTranscript

/// The backend's copy of one conversation: its items oldest first, the history the server
/// still holds, and every edit reported exactly.
///
/// One data source for every client. Each client's controller sets itself as the store's
/// `dataSource`; the engine then shares the store's one `delegate` among them, so each
/// controller hears every change, and a page of history they all reach is asked for once.
final class ConversationStore: ChatDataSource {
  weak var delegate: (any ChatDataSourceDelegate)?
  private(set) var chatItems: [any ChatItem] = []
  /// Older pages the server still has, the newest page first.
  private var olderPages: [[any ChatItem]]
  /// How many times the clients asked for a page of history.
  private(set) var historyRequests = 0

  init(olderPages: [[any ChatItem]]) {
    self.olderPages = olderPages
  }

  var hasMorePrevious: Bool { !olderPages.isEmpty }

  /// A client neared the top: the request goes to the server, which answers later
  /// (``deliverHistoryPage()``).
  func loadPrevious() {
    historyRequests += 1
    print("server  asked for a page of history (request \(historyRequests))")
  }

  /// The newest page of the conversation, the first thing a client shows.
  func load(_ items: [any ChatItem]) {
    let start = chatItems.count
    chatItems += items
    delegate?.chatDataSource(self, didChange: [.insert(items, at: start)], type: .firstLoad)
  }

  /// The server's answer to ``loadPrevious()``: the next older page, above everything.
  func deliverHistoryPage() {
    guard !olderPages.isEmpty else { return }
    let page = olderPages.removeFirst()
    chatItems.insert(contentsOf: page, at: 0)
    delegate?.chatDataSource(self, didChange: [.insert(page, at: 0)], type: .pagination)
  }

  /// New items at the bottom.
  func append(_ items: [any ChatItem]) {
    let start = chatItems.count
    chatItems += items
    delegate?.chatDataSource(self, didChange: [.insert(items, at: start)], type: .normal)
  }

  /// Changes the item `id` of type `Item` in place (an edit, a status, a vote): the same id,
  /// new content.
  func update<Item: ChatItem>(_ id: String, as type: Item.Type, _ change: (inout Item) -> Void) {
    guard let index = index(of: id), var item = chatItems[index] as? Item else {
      preconditionFailure("no \(Item.self) with id \(id)")
    }
    change(&item)
    chatItems[index] = item
    delegate?.chatDataSource(self, didChange: [.replace(item, at: index)], type: .normal)
  }

  /// Changes the item `id` of type `Item` and moves it to the bottom (a failed message sent
  /// again): one removal and one insertion, which clients see as a move.
  func moveToBottom<Item: ChatItem>(_ id: String, as type: Item.Type, _ change: (inout Item) -> Void) {
    guard let index = index(of: id), var item = chatItems.remove(at: index) as? Item else {
      preconditionFailure("no \(Item.self) with id \(id)")
    }
    change(&item)
    chatItems.append(item)
    delegate?.chatDataSource(
      self, didChange: [.remove(index..<index + 1), .insert([item], at: chatItems.count - 1)], type: .normal)
  }

  /// Removes the item `id`.
  func remove(_ id: String) {
    guard let index = index(of: id) else { preconditionFailure("no item with id \(id)") }
    chatItems.remove(at: index)
    delegate?.chatDataSource(self, didChange: [.remove(index..<index + 1)], type: .normal)
  }

  /// - Complexity: O(n); a store of long conversations keeps an index by id.
  private func index(of id: String) -> Int? {
    chatItems.firstIndex { $0.id == id }
  }
}
