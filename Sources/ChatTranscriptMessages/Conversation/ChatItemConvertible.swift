import ChatTranscript

/// Item types a presenter can take in several shapes: its own struct, or the wire item of
/// its type. Presenters and builders accept whatever converts.
public protocol ChatItemConvertible: ChatItem {
  /// `item` as this type, or `nil` when it is something else.
  init?(converting item: any ChatItem)
}

extension TextMessageItem: ChatItemConvertible {}
extension PhotoMessageItem: ChatItemConvertible {}
extension SystemNoticeItem: ChatItemConvertible {}

extension ChatItemConvertible {
  /// `item` when it is of this very type: the default for items that take no other shape (the
  /// rows the decorator injects, the typing row).
  public init?(converting item: any ChatItem) {
    guard let same = item as? Self else { return nil }
    self = same
  }
}

extension TimeSeparatorItem: ChatItemConvertible {}
extension MessageStatusItem: ChatItemConvertible {}
extension ReadReceiptItem: ChatItemConvertible {}
extension UnreadDividerItem: ChatItemConvertible {}
extension TypingIndicatorItem: ChatItemConvertible {}
