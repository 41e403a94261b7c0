/// A phone's look, in points: bubbles with ``BubbleMetrics/phone`` sizes, notices and
/// one-line rows inset to match.
///
/// Lay out with a `PointTextMeasurer` (whose line height sizes every line) and, for photos
/// and spacing in points, ``MessageLayoutConfiguration/phone`` and
/// ``MessagesDecorator/Configuration/phone``:
///
/// ```swift
/// let measurer = PointTextMeasurer(font: font, size: 15)
/// let controller = ChatTranscriptController(
///   buildersByType: MessagesKit.builders(theme: PhoneTheme(), measurer: measurer, configuration: .phone),
///   decorator: MessagesKit.decorator(.phone), viewport: Viewport(width: 390, height: 844))
/// ```
///
/// With the terminal measurer it still lays out, but its sizes are then columns: 36 columns
/// of avatar slot.
public struct PhoneTheme: MessagesTheme {
  public typealias TextCell = PhoneTextMessageCell
  public typealias PhotoCell = PhonePhotoMessageCell
  public typealias NoticeCell = PhoneSystemNoticeCell
  public typealias StatusCell = PhoneMessageStatusCell
  public typealias TypingCell = PhoneTypingIndicatorCell
  public typealias ReceiptCell = PhoneReadReceiptCell

  public init() {}
}
