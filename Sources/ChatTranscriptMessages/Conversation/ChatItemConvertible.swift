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

extension TimeSeparatorItem: ChatItemConvertible {
  public init?(converting item: any ChatItem) {
    guard let separator = item as? TimeSeparatorItem else { return nil }
    self = separator
  }
}

extension MessageStatusItem: ChatItemConvertible {
  public init?(converting item: any ChatItem) {
    guard let status = item as? MessageStatusItem else { return nil }
    self = status
  }
}

extension TypingIndicatorItem: ChatItemConvertible {
  public init?(converting item: any ChatItem) {
    guard let typing = item as? TypingIndicatorItem else { return nil }
    self = typing
  }
}
