import ChatTranscript
import ChatTranscriptMessages

/// One chat item as the wire format carries it.
///
/// Only `id` and `type` are required on the wire; every other field is optional and stays `nil` when the
/// line leaves it out (or gives `null`). The type is an open string rather than an enum because a
/// backend may invent types this engine does not know: those items are kept and shown by a fallback
/// presenter instead of being rejected. Fields the wire format does not define are kept too, as
/// ``extraFields``, so a backend's own item types (a poll with its question and options) pass through
/// decoding, the transcript and the encoder unchanged, and its presenters can read them.
///
/// A value with its fields in one shared, copy-on-write storage: a copy is one reference, so
/// the app's items, the data source's and the rows of a laid-out transcript share a single
/// copy of each item (at a million items that is most of the engine's memory), and an item
/// fits in an `any ChatItem` without a box of its own.
public struct StreamItem: Sendable, Hashable {
  private var storage: Storage

  /// Creates an item; only the id and the type are required.
  ///
  /// - Parameter extraFields: Fields the wire format does not define, written after the known ones.
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
    caption: String? = nil,
    replyTo: String? = nil,
    isEdited: Bool? = nil,
    isDeleted: Bool? = nil,
    reactions: [MessageReaction] = [],
    extraFields: [ExtraField] = []
  ) {
    self.init(
      id: id, type: type, sender: sender, isIncoming: isIncoming, date: date, status: status, text: text,
      width: width, height: height, caption: caption, isEdited: isEdited, isDeleted: isDeleted,
      rare: RareFields(replyTo: replyTo, reactions: reactions, extraFields: extraFields))
  }

  /// Creates an item from fields the decoder has read.
  ///
  /// - Parameter rare: The fields most items lack; kept only when one is set. `nil` when the caller
  ///   knows none is, which spares a plain message making and freeing an empty set of them.
  init(
    id: String, type: String, sender: String?, isIncoming: Bool?, date: Timestamp?, status: DeliveryStatus?,
    text: String?, width: Double?, height: Double?, caption: String?, isEdited: Bool?, isDeleted: Bool?,
    rare: RareFields?
  ) {
    storage = Storage(
      Fields(
        id: id, type: type, sender: sender, date: date, isIncoming: isIncoming, isEdited: isEdited,
        isDeleted: isDeleted, text: text, width: width, status: status, height: height, caption: caption,
        rare: rare.flatMap(RareBox.boxing)))
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
    set {
      modify { $0.text = newValue }
      storage.forget()
    }
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
  /// `"replyTo"`: the id of the message this one quotes.
  public var replyTo: String? {
    get { storage.fields.rare?.fields.replyTo }
    set { modify { $0.rareFields.replyTo = newValue } }
  }
  /// `"edited"`: whether the message was edited.
  public var isEdited: Bool? {
    get { storage.fields.isEdited }
    set { modify { $0.isEdited = newValue } }
  }
  /// `"deleted"`: whether the message was deleted; it stays in the transcript as a tombstone.
  public var isDeleted: Bool? {
    get { storage.fields.isDeleted }
    set { modify { $0.isDeleted = newValue } }
  }
  /// `"reactions"`: reactions and their counts, in the order of the line's object.
  ///
  /// In a ``StreamTranscript`` the counts also hold the reactions its `react` events added,
  /// so the item says what is shown.
  public var reactions: [MessageReaction] {
    get { storage.fields.rare?.fields.reactions ?? [] }
    set { modify { $0.rareFields.reactions = newValue } }
  }
  /// What the message quoted by ``replyTo`` looks like now, as the transcript holding this
  /// item resolved it; `nil` for an item no transcript resolved. Never on the wire.
  public internal(set) var quote: MessageQuote? {
    get { storage.fields.rare?.fields.quote }
    set { modify { $0.rareFields.quote = newValue } }
  }
  /// The other participants whose newest read message this item is, as the transcript holding
  /// it keeps them (`read` events); empty for an item no transcript resolved. Never on the wire.
  public internal(set) var readReceipt: ReadReceipt {
    get { storage.fields.rare?.fields.readReceipt ?? ReadReceipt() }
    set { modify { $0.rareFields.readReceipt = newValue } }
  }
  /// Whether the local user has read up to this item (`lastRead`) and newer incoming messages
  /// follow it in the transcript holding it, so the unread divider comes next. Never on the wire.
  public internal(set) var isFollowedByUnreadDivider: Bool {
    get { storage.fields.rare?.fields.isFollowedByUnreadDivider ?? false }
    set { modify { $0.rareFields.isFollowedByUnreadDivider = newValue } }
  }
  /// The fields of the item's object that the wire format does not define, in the order of the line.
  ///
  /// The decoder keeps each unknown key, as written, with its value's JSON text exactly as it is on the
  /// line, and the encoder writes them back after the known fields, so they survive a round trip byte
  /// for byte. Read them with ``extraField(_:)`` and the typed readers such as
  /// ``string(forExtraField:)``. Names should be unique: the encoder writes every field given, and the
  /// decoder keeps only the last of a repeated name. Empty, and free, for items without such fields;
  /// they take part in equality and hashing like every other field.
  public var extraFields: [ExtraField] {
    get { storage.fields.rare?.fields.extraFields ?? [] }
    set { modify { $0.rareFields.extraFields = newValue } }
  }

  public static func == (lhs: StreamItem, rhs: StreamItem) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }

  /// Whether `other` shows the same in the item's own row: every field but the receipt and the
  /// divider flag, which rows of their own show.
  ///
  /// Compares the rare fields as values: boxing them anew without the reads allocated two
  /// objects per comparison, and every edit compares the rows it touches.
  func hasSameOwnRow(as other: StreamItem) -> Bool {
    if storage === other.storage { return true }
    var lhs = storage.fields
    var rhs = other.storage.fields
    let sameRare =
      lhs.rare === rhs.rare
      || (lhs.rare?.fields.withoutReads ?? RareFields()) == (rhs.rare?.fields.withoutReads ?? RareFields())
    lhs.rare = nil
    rhs.rare = nil
    return sameRare && lhs == rhs
  }

  /// Changes the fields in place, or in a copy of them when they are shared. A copy keeps
  /// how the text wrapped: only a new text (``text``'s setter) forgets it, so a status, a
  /// reaction or a quote resolved leaves the wrapping as it was.
  private mutating func modify(_ body: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&storage) {
      let copy = Storage(storage.fields)
      copy.remember(asIn: storage)
      storage = copy
    }
    body(&storage.fields)
  }

  /// The fields, ordered so that each one-byte optional fills the padding after a nine-byte one:
  /// 136 bytes rather than 144, so the storage object with its 16-byte header takes a 160-byte block
  /// of glibc's malloc rather than a 176-byte one.
  private struct Fields: Hashable {
    var id: String
    var type: String
    var sender: String?
    var date: Timestamp?
    var isIncoming: Bool?
    var isEdited: Bool?
    var isDeleted: Bool?
    var text: String?
    var width: Double?
    var status: DeliveryStatus?
    var height: Double?
    var caption: String?
    /// `nil` when none of the rare fields is set, so that making, copying and freeing a plain
    /// message never retains or releases anything for them.
    var rare: RareBox?

    /// The rare fields as a value; setting them boxes them anew (the box is shared by copies).
    var rareFields: RareFields {
      get { rare?.fields ?? RareFields() }
      set { rare = RareBox.boxing(newValue) }
    }
  }

  /// Fields most items lack: a reply's id and quote, reactions, unknown fields, and what a
  /// transcript shows of who has read up to the item.
  struct RareFields: Hashable {
    var replyTo: String?
    var quote: MessageQuote?
    var reactions: [MessageReaction] = []
    var extraFields: [ExtraField] = []
    var readReceipt = ReadReceipt()
    var isFollowedByUnreadDivider = false

    var isEmpty: Bool {
      replyTo == nil && quote == nil && reactions.isEmpty && extraFields.isEmpty && readReceipt.isEmpty
        && !isFollowedByUnreadDivider
    }

    /// The fields without what a transcript shows of reads.
    var withoutReads: RareFields {
      var fields = self
      fields.readReceipt = ReadReceipt()
      fields.isFollowedByUnreadDivider = false
      return fields
    }
  }

  /// The rare fields behind one reference; never changed once made.
  final class RareBox: Hashable, Sendable {
    let fields: RareFields

    private init(_ fields: RareFields) {
      self.fields = fields
    }

    /// The fields in a box, or `nil` when there is nothing to keep.
    ///
    /// Checked before making the box: a failable class initializer allocates the object first, so
    /// every plain message paid an allocation and a free.
    static func boxing(_ fields: RareFields) -> RareBox? {
      fields.isEmpty ? nil : RareBox(fields)
    }

    static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  /// The fields, and how the text last wrapped: the storage is the item's
  /// ``TextMetricsMemo``, so remembering costs no allocation of its own.
  ///
  /// The fields are written only through `modify`, which writes only while one value owns the
  /// storage: to every other thread they are immutable. For the same reason no access can
  /// overlap a write, so the run-time exclusivity check that every read of a field paid is left
  /// out. The memo's word is atomic: any thread measuring the item may write it.
  private final class Storage: TextMetricsMemo, @unchecked Sendable {
    @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }

    override func remembers(_ text: String) -> Bool {
      fields.text?.hasSameBytes(as: text) ?? false
    }
  }

  /// A text message's storage keeps how its text wrapped (``TextMetricsMemo``).
  public var textMetricsMemo: TextMetricsMemo? {
    storage.fields.type == MessageItemType.text ? storage : nil
  }
}
