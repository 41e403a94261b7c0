/// Where an inserted item goes in the transcript.
///
/// The wire format says this with the optional `"after"` / `"before"` fields of an insert; without either
/// the item is appended. The ids are not checked here: whether they exist is the transcript's business.
public enum InsertPosition: Sendable, Hashable {
  /// Append after the last item (the usual case for a new message).
  case end
  /// Insert right after the item with this id.
  case after(String)
  /// Insert right before the item with this id.
  case before(String)
}
