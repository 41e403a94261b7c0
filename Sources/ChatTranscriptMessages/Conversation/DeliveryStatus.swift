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

extension DeliveryStatus {
  /// Recognises a status from its UTF-8 spelling without making a `String`.
  ///
  /// - Complexity: O(1): the length and first byte pick the one candidate worth comparing.
  package init?(wireName bytes: UnsafeRawBufferPointer) {
    let candidate: DeliveryStatus
    switch (bytes.count, bytes.first) {
    case (7, UInt8(ascii: "s")): candidate = .sending
    case (4, UInt8(ascii: "s")): candidate = .sent
    case (9, UInt8(ascii: "d")): candidate = .delivered
    case (4, UInt8(ascii: "r")): candidate = .read
    case (6, UInt8(ascii: "f")): candidate = .failed
    default: return nil
    }
    guard candidate.rawValue.utf8.elementsEqual(bytes) else { return nil }
    self = candidate
  }
}
