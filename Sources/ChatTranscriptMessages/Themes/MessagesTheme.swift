import ChatTranscript

/// A look for the transcript: which cell class shows each item type.
///
/// Themes are pure type choices. Presenters are generic over their cell, and a cell class
/// carries its own sizes (``MessageBubbleCell/metrics``) and wording
/// (``MessageBubbleCell/displayName(forSender:)``), so picking other cell classes changes
/// heights, layout and text while the controller, the presenters and the decorator stay as
/// they are. A new theme subclasses the cells it wants to change and names them here;
/// everything not named keeps the default cell.
public protocol MessagesTheme: Sendable {
  associatedtype TextCell: TextMessageCell = TextMessageCell
  associatedtype PhotoCell: PhotoMessageCell = PhotoMessageCell
  associatedtype NoticeCell: SystemNoticeCell = SystemNoticeCell
  associatedtype SeparatorCell: TimeSeparatorCell = TimeSeparatorCell
  associatedtype StatusCell: MessageStatusCell = MessageStatusCell
  associatedtype TypingCell: TypingIndicatorCell = TypingIndicatorCell
  associatedtype ReceiptCell: ReadReceiptCell = ReadReceiptCell
  associatedtype DividerCell: UnreadDividerCell = UnreadDividerCell
}
