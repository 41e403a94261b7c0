/// The fields of a message that place it among its neighbours and decide the rows that follow
/// it: what ``MessagesDecorator`` reads of every message of a transcript.
///
/// A part of ``MessageModel``: an item that builds its model on each read (the wire format's
/// items do) gives these without making the rest, its id, type, quote and reactions, which
/// decorating a million messages read and threw away.
public struct MessageSummary: Sendable, Hashable {
  /// Who sent the message; groups are runs of one sender's messages.
  public var sender: String
  public var isIncoming: Bool
  public var date: Timestamp?
  public var status: DeliveryStatus?
  public var readReceipt: ReadReceipt
  public var isFollowedByUnreadDivider: Bool

  public init(
    sender: String, isIncoming: Bool, date: Timestamp?, status: DeliveryStatus?, readReceipt: ReadReceipt,
    isFollowedByUnreadDivider: Bool
  ) {
    self.sender = sender
    self.isIncoming = isIncoming
    self.date = date
    self.status = status
    self.readReceipt = readReceipt
    self.isFollowedByUnreadDivider = isFollowedByUnreadDivider
  }

  /// The summary of `message`.
  public init(_ message: MessageModel) {
    self.init(
      sender: message.sender, isIncoming: message.isIncoming, date: message.date, status: message.status,
      readReceipt: message.readReceipt, isFollowedByUnreadDivider: message.isFollowedByUnreadDivider)
  }

  /// ``MessageModel/isPendingOrFailed``.
  public var isPendingOrFailed: Bool {
    Self.isPendingOrFailed(isIncoming: isIncoming, status: status)
  }

  /// Whether the local user's message is still on its way or failed: the one rule for the
  /// model and the summary.
  static func isPendingOrFailed(isIncoming: Bool, status: DeliveryStatus?) -> Bool {
    !isIncoming && (status == .sending || status == .failed)
  }
}
