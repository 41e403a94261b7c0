import ChatTranscript
import TextLayout

/// What a bubble cell shows around its content, derived from a message and its decoration.
///
/// Cells never see the ``MessageModel``; they are handed this value and turn it into views,
/// so whether a message shows a failed icon or a footer is decided once, here.
public struct MessageViewModel: Sendable, Hashable {
  public var isIncoming: Bool
  /// The sender line over the content; `nil` when none is shown (outgoing messages and all
  /// but the first message of an incoming group).
  public var senderLine: String?
  public var showsAvatar: Bool
  public var showsTail: Bool
  /// Whether the retry icon beside the bubble is shown: outgoing messages that failed.
  public var showsFailedIcon: Bool
  /// Whether the bubble is a tombstone: it shows ``deletedText`` in place of its content,
  /// and no quote, edited mark or reactions.
  public var isDeleted: Bool
  /// Whether the footer marks the message as edited (never a deleted one).
  public var isEdited: Bool
  /// What the bubble's first content line quotes; `nil` when the message is not a reply
  /// (or is deleted).
  public var quote: MessageQuote?
  // The texts below are derived when read: a height needs none of them but the footer's
  // width, and only in cells that show a footer.
  private var sender: String
  private var date: Timestamp?
  private var status: DeliveryStatus?
  private var reactions: [MessageReaction]

  /// What the avatar slot shows: the sender's initial, e.g. `(A)`.
  public var avatarText: String { Self.avatarText(for: sender) }
  /// `10:00`, or `nil` without a date.
  public var dateText: String? { date?.timeOfDayText }
  /// `sending…`, `sent`, `delivered`, `read`, `failed`; `nil` for incoming messages and
  /// messages without a status.
  public var statusText: String? { isIncoming ? nil : status.map(Self.statusText(for:)) }

  /// - Parameters:
  ///   - senderName: the sender as the cell class writes names (see
  ///     ``MessageBubbleCell/displayName(forSender:)``).
  ///   - showsSenderNames: whether incoming groups start with the sender's name at all.
  public init(
    message: MessageModel, decoration: ChatItemDecoration, senderName: String, showsSenderNames: Bool
  ) {
    isIncoming = message.isIncoming
    let startsGroup = decoration.groupPosition == .first || decoration.groupPosition == .single
    senderLine =
      message.isIncoming && showsSenderNames && startsGroup && !senderName.isEmpty ? senderName : nil
    showsAvatar = message.isIncoming && decoration.showsAvatar
    showsTail = decoration.showsTail
    showsFailedIcon = !message.isIncoming && message.status == .failed
    sender = message.sender
    date = message.date
    status = message.status
    isDeleted = message.isDeleted
    isEdited = message.isEdited && !message.isDeleted
    quote = message.isDeleted ? nil : message.quote
    reactions = message.isDeleted ? [] : message.reactions
  }

  /// What a deleted message's bubble shows in place of its content.
  public static let deletedText = "message deleted"
  /// The footer's mark on an edited message.
  public static let editedText = "edited"

  /// The footer a roomy bubble shows: `10:00 · read`, `09:14 · edited · read`.
  public var footerText: String {
    [dateText, isEdited ? Self.editedText : nil, statusText].compactMap { $0 }.joined(separator: " · ")
  }

  private static let footerSeparatorWidth = displayWidth(of: " · ")
  private static let editedWidth = displayWidth(of: editedText)

  /// The columns ``footerText`` takes, without building it (heights need only the width).
  /// Widths add up across the join: the separator starts and ends with a space, so no
  /// cluster spans it.
  public var footerWidth: Int {
    var width = 0
    var parts = 0
    if let dateText {
      width += displayWidth(of: dateText)
      parts += 1
    }
    if isEdited {
      width += Self.editedWidth
      parts += 1
    }
    if let statusText {
      width += displayWidth(of: statusText)
      parts += 1
    }
    return width + max(parts - 1, 0) * Self.footerSeparatorWidth
  }

  /// Whether a bubble with `metrics` ends with a footer row: always when the metrics show
  /// footers, and for an edited message in any bubble, so that a theme without times still
  /// says the text is not the one first sent.
  public func showsFooter(with metrics: BubbleMetrics) -> Bool {
    metrics.showsFooter || isEdited
  }

  /// What the footer of a bubble with `metrics` says: ``footerText`` when the metrics show
  /// footers, else `edited` for an edited message; empty without a footer row.
  public func footerText(for metrics: BubbleMetrics) -> String {
    metrics.showsFooter ? footerText : isEdited ? Self.editedText : ""
  }

  /// The columns ``footerText(for:)`` takes, without building it.
  public func footerWidth(for metrics: BubbleMetrics) -> Int {
    metrics.showsFooter ? footerWidth : isEdited ? Self.editedWidth : 0
  }

  /// The line under the bubble: `👍 2  ❤️ 1`, each reaction with a count above 0, in the
  /// order they first appeared; `nil` when there is none to show (and for a tombstone).
  public var reactionsText: String? {
    // Appended in place: filtering, mapping and joining made three arrays and a string per
    // reaction, for every message measured or configured.
    var text = ""
    var isEmpty = true
    for reaction in reactions where reaction.count > 0 {
      if !isEmpty { text += "  " }
      isEmpty = false
      text += reaction.reaction
      text += " "
      text += String(reaction.count)
    }
    return isEmpty ? nil : text
  }

  /// How a delivery status reads in a footer or status row.
  public static func statusText(for status: DeliveryStatus) -> String {
    switch status {
    case .sending: "sending…"
    case .sent: "sent"
    case .delivered: "delivered"
    case .read: "read"
    case .failed: "failed"
    }
  }

  /// `(A)` for a one-column initial; a two-column initial (CJK, emoji) stands alone to fit
  /// the same three columns; `(?)` without a sender.
  static func avatarText(for sender: String) -> String {
    // The usual sender starts with an ASCII letter or digit not followed by a combining
    // mark: its initial is three bytes away, without Character segmentation or case mapping
    // (this runs for every message height).
    var utf8 = sender.utf8.makeIterator()
    if let first = utf8.next(), ASCIIInitial.isAlphanumeric(first), utf8.next().map({ $0 < 0x80 }) ?? true {
      let bytes: (UInt8, UInt8, UInt8) = (
        UInt8(ascii: "("), ASCIIInitial.uppercased(first), UInt8(ascii: ")")
      )
      return withUnsafeBytes(of: bytes) { String(decoding: $0, as: UTF8.self) }
    }
    guard let first = VisibleText.of(sender).first else { return "(?)" }
    let initial = String(first).uppercased()
    return displayWidth(of: initial) == 1 ? "(\(initial))" : initial
  }
}

/// ASCII tests for ``MessageViewModel/avatarText(for:)``'s fast path.
private enum ASCIIInitial {
  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  static func uppercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
  }
}
