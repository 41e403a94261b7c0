import ChatTranscript
import TextLayout

/// One-call setup of everything this module offers a transcript: the presenter builders for
/// a theme and the message decorator.
///
/// ```swift
/// let controller = ChatTranscriptController(
///   buildersByType: MessagesKit.builders(theme: RoomyTheme(), interactionHandler: app),
///   decorator: MessagesKit.decorator(), viewport: viewport)
/// ```
public enum MessagesKit {
  /// Builders for every item type this module presents, keyed by ``MessageItemType``:
  /// text, photo and system items (as module structs or wire `StreamItem`s), the typing
  /// row, and the separators, status rows, read receipts and unread divider
  /// ``MessagesDecorator`` injects.
  ///
  /// - Parameters:
  ///   - theme: chooses the cell class of each item type.
  ///   - interactionHandler: receives taps, retries and copies; held weakly.
  ///   - measurer: measures texts (terminal columns by default); its unit is the unit of
  ///     every width, and of every height with `lineHeight`.
  ///   - lineHeight: the height of one line of text; `nil` takes the measurer's (a
  ///     `PointTextMeasurer`'s line height in points, else 1, a terminal row).
  ///   - configuration: bubble width share, sender names, photo scale.
  ///   - cache: text metrics shared by presenters, calculators and cells; pass one cache to
  ///     several controllers to share measurements.
  public static func builders<Theme: MessagesTheme>(
    theme: Theme,
    interactionHandler: (any MessageInteractionHandler)? = nil,
    measurer: any TextMeasurer = TerminalTextMeasurer(),
    lineHeight: Double? = nil,
    configuration: MessageLayoutConfiguration = MessageLayoutConfiguration(),
    cache: TextMetricsCache = TextMetricsCache()
  ) -> [String: [any ChatItemPresenterBuilder]] {
    let context = MessagePresentationContext(
      configuration: configuration, measurer: measurer, lineHeight: lineHeight, cache: cache,
      interactionHandler: interactionHandler)
    return [
      MessageItemType.text: [TextMessagePresenterBuilder<Theme.TextCell>(context: context)],
      MessageItemType.photo: [PhotoMessagePresenterBuilder<Theme.PhotoCell>(context: context)],
      MessageItemType.system: [SystemNoticePresenterBuilder<Theme.NoticeCell>(context: context)],
      MessageItemType.typing: [TypingIndicatorPresenterBuilder<Theme.TypingCell>(context: context)],
      MessageItemType.timeSeparator: [TimeSeparatorPresenterBuilder<Theme.SeparatorCell>(context: context)],
      MessageItemType.messageStatus: [MessageStatusPresenterBuilder<Theme.StatusCell>(context: context)],
      MessageItemType.readReceipt: [ReadReceiptPresenterBuilder<Theme.ReceiptCell>(context: context)],
      MessageItemType.unreadDivider: [UnreadDividerPresenterBuilder<Theme.DividerCell>(context: context)],
    ]
  }

  /// The themes this module ships, by the name a command line or a setting uses.
  public static let themesByName: [String: any MessagesTheme] = [
    "compact": CompactTheme(), "roomy": RoomyTheme(),
  ]

  /// The message decorator: groups, day separators, status rows, read receipts, the unread
  /// divider (see ``MessagesDecorator``).
  public static func decorator(
    _ configuration: MessagesDecorator.Configuration = MessagesDecorator.Configuration()
  ) -> MessagesDecorator {
    MessagesDecorator(configuration: configuration)
  }
}
