/// One edit of the data source's item list, in item indices at the moment it happened.
///
/// Data sources that know what changed report these so the controller touches only the
/// changed items and their neighbours; the alternative, a bare "did update", costs a diff of
/// the whole transcript.
public enum ChatItemsChange: Sendable {
  /// `items` were inserted so the first of them is now at `index`.
  case insert([any ChatItem], at: Int)
  /// The items in `range` were removed.
  case remove(Range<Int>)
  /// The item at `index` was replaced by a new version (same id).
  case replace(any ChatItem, at: Int)
}
