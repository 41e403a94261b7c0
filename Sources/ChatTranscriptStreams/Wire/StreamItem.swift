import ChatTranscript
import ChatTranscriptMessages

/// One chat item as the wire format carries it.
///
/// Only `id` and `type` are required on the wire; every other field is optional and stays `nil` when the
/// line leaves it out (or gives `null`). The type is an open string rather than an enum because a
/// backend may invent types this engine does not know: those items are kept and shown by a fallback
/// presenter instead of being rejected.
///
/// A value with its fields in one shared, copy-on-write storage: a copy is one reference, so
/// the app's items, the data source's and the rows of a laid-out transcript share a single
/// copy of each item (at a million items that is most of the engine's memory), and an item
/// fits in an `any ChatItem` without a box of its own.
public struct StreamItem: Sendable, Hashable {
  private var storage: Storage

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
    storage = Storage(
      Fields(
        id: id, type: type, sender: sender, isIncoming: isIncoming, date: date, status: status, text: text,
        width: width, height: height, caption: caption))
  }

  /// Unique within a transcript; never empty.
  public var id: String {
    get { storage.fields.id }
    set { modify { $0.id = newValue } }
  }
  /// The routing key presenters are chosen by (`"text"`, `"photo"`, …); never empty.
  public var type: String {
    get { storage.fields.type }
    set { modify { $0.type = newValue } }
  }
  /// Who wrote the item.
  public var sender: String? {
    get { storage.fields.sender }
    set { modify { $0.sender = newValue } }
  }
  /// `"incoming"`: whether the item came from someone else (`true`) or from the local user (`false`).
  public var isIncoming: Bool? {
    get { storage.fields.isIncoming }
    set { modify { $0.isIncoming = newValue } }
  }
  /// `"date"`: when the item was sent, to the second.
  public var date: Timestamp? {
    get { storage.fields.date }
    set { modify { $0.date = newValue } }
  }
  /// `"status"`: how far an outgoing message has travelled.
  public var status: DeliveryStatus? {
    get { storage.fields.status }
    set { modify { $0.status = newValue } }
  }
  /// The message text.
  public var text: String? {
    get { storage.fields.text }
    set { modify { $0.text = newValue } }
  }
  /// Photo width in pixels; finite and not negative.
  public var width: Double? {
    get { storage.fields.width }
    set { modify { $0.width = newValue } }
  }
  /// Photo height in pixels; finite and not negative.
  public var height: Double? {
    get { storage.fields.height }
    set { modify { $0.height = newValue } }
  }
  /// Photo caption.
  public var caption: String? {
    get { storage.fields.caption }
    set { modify { $0.caption = newValue } }
  }

  public static func == (lhs: StreamItem, rhs: StreamItem) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }

  /// Changes fields in place when this value is the storage's only owner, else in a copy.
  private mutating func modify(_ body: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    body(&storage.fields)
  }

  private struct Fields: Hashable {
    var id: String
    var type: String
    var sender: String?
    var isIncoming: Bool?
    var date: Timestamp?
    var status: DeliveryStatus?
    var text: String?
    var width: Double?
    var height: Double?
    var caption: String?
  }

  /// Written only through `modify`, which writes only while one value owns the storage: to
  /// every other thread it is immutable.
  private final class Storage: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }
}
