import ChatTranscript

/// What every message has, whatever it shows: who sent it, which way it went, when, and how
/// far it travelled.
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

  public init(
    id: String, type: String, sender: String = "", isIncoming: Bool = true, date: Timestamp? = nil,
    status: DeliveryStatus? = nil
  ) {
    self.id = id
    self.type = type
    self.sender = sender
    self.isIncoming = isIncoming
    self.date = date
    self.status = status
  }

  /// Whether the message is the local user's and waits for the server or failed to reach it.
  public var isPendingOrFailed: Bool {
    !isIncoming && (status == .sending || status == .failed)
  }
}
