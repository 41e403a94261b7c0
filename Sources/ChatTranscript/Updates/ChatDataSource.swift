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
  /// The controller listening for changes.
  var delegate: (any ChatDataSourceDelegate)? { get set }
}

extension ChatDataSource {
  public var hasMorePrevious: Bool { false }
  public var hasMoreNext: Bool { false }
  public func loadPrevious() {}
  public func loadNext() {}
  public func adjustNumberOfItems(preferredMaxCount: Int, focusPosition: Double) -> Bool { false }
}

/// Hears about data-source changes.
public protocol ChatDataSourceDelegate: AnyObject {
  /// Something changed; the listener diffs `chatItems` against what it had.
  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType)
  /// These exact edits happened, in order.
  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType)
}
