/// Why the data source changed; the controller keeps the reading position accordingly.
public enum UpdateType: Sendable, Hashable, Comparable {
  /// Messages arrived, changed or left.
  case normal
  /// The data source trimmed itself after `adjustNumberOfItems`.
  case messageCountReduction
  /// A page of history (or of newer items) was loaded.
  case pagination
  /// The first items arrived.
  case firstLoad
  /// The data source replaced what it held with a window of history around an item, after
  /// ``ChatDataSource/loadWindow(aroundItemWithID:)``: the controller that asked shows that
  /// item; the others keep the row they were reading if it is still there.
  case window
  /// Everything may have changed: no diff, every row rebuilt.
  case reload
}

extension UpdateType {
  /// Whether an update of this type ends outstanding page requests: a page arrived, or a
  /// window replaced the history the pages were asked for.
  var answersPageRequests: Bool { self == .pagination || self == .window }
}
