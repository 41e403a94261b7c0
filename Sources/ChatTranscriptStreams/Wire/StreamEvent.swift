import ChatTranscriptMessages

/// One line of a message stream, decoded: a change to apply to the transcript.
///
/// The cases mirror the wire format's `"op"` values one to one, so a consumer can switch over them
/// exhaustively. Decoding checks shapes and types only; whether an id exists (or already exists, for an
/// insert) depends on the transcript and is checked where the event is applied.
public enum StreamEvent: Sendable, Hashable {
  /// `{"op":"insert","item":…}`, optionally with `"after"` or `"before"`.
  case insert(StreamItem, position: InsertPosition)
  /// `{"op":"update","item":…}`: replace the item that has the same id.
  case update(StreamItem)
  /// `{"op":"status","id":…,"status":…}`: change only the delivery status of an item.
  case status(id: String, DeliveryStatus)
  /// `{"op":"delete","id":…}`.
  case delete(id: String)
  /// `{"op":"prepend","items":[…]}`: a page of older history, oldest first.
  case prepend([StreamItem])
  /// `{"op":"typing","sender":…,"active":…}`: someone started or stopped typing.
  case typing(sender: String, isActive: Bool)
  /// `{"op":"react","id":…,"sender":…,"reaction":…,"active":…}`: a sender gave a reaction to
  /// the item with `id` (`"active"` true or absent) or took theirs back (false). Each sender
  /// counts once per reaction.
  case react(id: String, sender: String, reaction: String, isActive: Bool)
  /// `{"op":"read","sender":…,"upTo":…}`: the participant `sender` has read everything up to
  /// the item with id `upTo`. A reader only moves forward: an item before the one they reached
  /// changes nothing.
  case read(sender: String, upTo: String)
  /// `{"op":"lastRead","id":…}`: the local user (who sends the `"incoming":false` messages) has
  /// read everything up to the item with `id`; the unread divider follows it while newer
  /// incoming messages exist. Only moves forward, as a reader does.
  case lastRead(id: String)
}
