import ChatTranscript

/// What every message has, whatever it shows: who sent it, which way it went, when, how far it
/// travelled, and who has read up to it.
///
/// A value: presenters keep the latest one, view models derive what cells show from it, and
/// the decorator compares neighbours' models to group them.
public struct MessageModel: Sendable, Hashable {
  public var id: String
  public var type: String
  /// Who wrote the message; may be empty when a backend does not say.
  public var sender: String
  /// `true` for messages from someone else, `false` for the local user's own.
  public var isIncoming: Bool
  /// When the message was sent; `nil` when unknown (it then joins its sender's group freely
  /// and never starts a new day).
  public var date: Timestamp?
  /// Delivery progress of an outgoing message; `nil` when the backend does not track it.
  public var status: DeliveryStatus?
  /// Whether the message was edited after it was sent: its time reads `09:14 · edited`.
  public var isEdited: Bool
  /// Whether the message was deleted: it keeps its place and its group as a tombstone that
  /// shows `message deleted` and nothing of what it held.
  public var isDeleted: Bool
  /// What the message quotes when it is a reply; `nil` when it is not.
  public var quote: MessageQuote?
  /// Reactions in the order they first appeared, with counts.
  public var reactions: [MessageReaction]
  /// The other participants whose newest read message this is: `seen by bob, yuki` under it.
  public var readReceipt: ReadReceipt
  /// Whether the local user has read up to this message and newer incoming messages follow
  /// it: the `── new messages ──` divider comes next.
  public var isFollowedByUnreadDivider: Bool

  /// Inlinable: wire items build one on every read of their content (decorating, measuring,
  /// presenting), and built across the module boundary each was copied once more.
  @inlinable public init(
    id: String, type: String, sender: String = "", isIncoming: Bool = true, date: Timestamp? = nil,
    status: DeliveryStatus? = nil, isEdited: Bool = false, isDeleted: Bool = false,
    quote: MessageQuote? = nil, reactions: [MessageReaction] = [], readReceipt: ReadReceipt = ReadReceipt(),
    isFollowedByUnreadDivider: Bool = false
  ) {
    self.id = id
    self.type = type
    self.sender = sender
    self.isIncoming = isIncoming
    self.date = date
    self.status = status
    self.isEdited = isEdited
    self.isDeleted = isDeleted
    self.quote = quote
    self.reactions = reactions
    self.readReceipt = readReceipt
    self.isFollowedByUnreadDivider = isFollowedByUnreadDivider
  }

  /// Whether the message is the local user's and waits for the server or failed to reach it.
  public var isPendingOrFailed: Bool {
    MessageSummary.isPendingOrFailed(isIncoming: isIncoming, status: status)
  }
}
