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
  /// Everything may have changed: no diff, every row rebuilt.
  case reload
}
