/// The transcript's items and the paging a controller may ask for.
///
/// Belongs to the same owner as the controller. After changing its items it tells its
/// delegate (the controller), either precisely (`didChange`) or coarsely (`didUpdate`).
public protocol ChatDataSource: AnyObject {
  /// Every item, oldest first. Read in full only for coarse updates.
  var chatItems: [any ChatItem] { get }
  var hasMorePrevious: Bool { get }
  var hasMoreNext: Bool { get }
  /// Loads a page of older items; answers later with an update of type `.pagination`.
  ///
  /// Controllers ask once per edge until that update arrives, so a request that fails must
  /// still answer: `delegate?.chatDataSourceDidUpdate(self, type: .pagination)` with nothing
  /// changed (or `chatDataSource(_:didChange: [], type: .pagination)`) ends it, and the next
  /// scroll to the edge asks again.
  func loadPrevious()
  /// Loads a page of newer items; answers later with an update of type `.pagination`, as
  /// ``loadPrevious()`` does, failures included.
  func loadNext()
  /// Trims the items to about `preferredMaxCount` around `focusPosition` (0 = oldest end,
  /// 1 = newest end), then reports `.messageCountReduction`. Returns whether it trimmed.
  func adjustNumberOfItems(preferredMaxCount: Int, focusPosition: Double) -> Bool
  /// Replaces the items held with a window of history around the item `id`, for a data source
  /// that holds only part of a long conversation: how a controller jumps to a message it has
  /// no row for (a search hit, a quoted reply, the unread divider).
  ///
  /// Answers, now or later, with an update of type ``UpdateType/window``; the controller that
  /// asked then shows the item where it was asked to and asks for no page until the reader
  /// scrolls. A window answers outstanding page requests too: pages asked for the old window
  /// are not expected to arrive.
  ///
  /// - Returns: whether a window is coming; `false` (the default) for an id the data source
  ///   does not know, or a data source that holds every item.
  func loadWindow(aroundItemWithID id: String) -> Bool
  /// The controller listening for changes.
  var delegate: (any ChatDataSourceDelegate)? { get set }
}

extension ChatDataSource {
  public var hasMorePrevious: Bool { false }
  public var hasMoreNext: Bool { false }
  public func loadPrevious() {}
  public func loadNext() {}
  public func adjustNumberOfItems(preferredMaxCount: Int, focusPosition: Double) -> Bool { false }
  public func loadWindow(aroundItemWithID id: String) -> Bool { false }
}

/// Hears about data-source changes.
public protocol ChatDataSourceDelegate: AnyObject {
  /// Something changed; the listener diffs `chatItems` against what it had.
  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType)
  /// These exact edits happened, in order.
  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType)
}
