/// How far an outgoing message has travelled, as the wire format's `"status"` field names it.
///
/// The raw values are the exact wire spellings, so `DeliveryStatus(rawValue:)` is the decoder's lookup
/// and `rawValue` is what an encoder writes back.
public enum DeliveryStatus: String, Sendable, Hashable, CaseIterable {
  /// The client has queued the message but the server has not confirmed it yet.
  case sending
  /// The server has accepted the message.
  case sent
  /// The message has reached the recipient's device.
  case delivered
  /// The recipient has seen the message.
  case read
  /// Sending failed; the user may retry.
  case failed
}
