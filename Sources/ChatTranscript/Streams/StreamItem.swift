/// One chat item as the wire format carries it.
///
/// Only `id` and `type` are required on the wire; every other field is optional and stays `nil` when the
/// line leaves it out (or gives `null`). The type is an open string rather than an enum because a
/// backend may invent types this engine does not know: those items are kept and shown by a fallback
/// presenter instead of being rejected.
public struct StreamItem: Sendable, Hashable {
  /// Unique within a transcript; never empty.
  public var id: String
  /// The routing key presenters are chosen by (`"text"`, `"photo"`, …); never empty.
  public var type: String
  /// Who wrote the item.
  public var sender: String?
  /// `"incoming"`: whether the item came from someone else (`true`) or from the local user (`false`).
  public var isIncoming: Bool?
  /// `"date"`: when the item was sent, to the second.
  public var date: Timestamp?
  /// `"status"`: how far an outgoing message has travelled.
  public var status: DeliveryStatus?
  /// The message text.
  public var text: String?
  /// Photo width in pixels; finite and not negative.
  public var width: Double?
  /// Photo height in pixels; finite and not negative.
  public var height: Double?
  /// Photo caption.
  public var caption: String?

  /// Creates an item; only the id and the type are required.
  public init(
    id: String,
    type: String,
    sender: String? = nil,
    isIncoming: Bool? = nil,
    date: Timestamp? = nil,
    status: DeliveryStatus? = nil,
    text: String? = nil,
    width: Double? = nil,
    height: Double? = nil,
    caption: String? = nil
  ) {
    self.id = id
    self.type = type
    self.sender = sender
    self.isIncoming = isIncoming
    self.date = date
    self.status = status
    self.text = text
    self.width = width
    self.height = height
    self.caption = caption
  }
}
