import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import Synchronization
import TestSupport
import TextLayout

/// A time on 21 November 2026 (a Saturday), or another day of that month, in UTC.
func at(_ hour: Int, _ minute: Int, _ second: Int = 0, day: Int = 21) -> Timestamp {
  Timestamp(year: 2026, month: 11, day: day, hour: hour, minute: minute, second: second)
    ?? Timestamp(secondsSince1970: 0)
}

/// A wire text message, as the CLI and backends deliver them.
func textItem(
  _ id: String, _ text: String, from sender: String = "alice", incoming: Bool = true,
  at date: Timestamp? = nil,
  status: DeliveryStatus? = nil
) -> StreamItem {
  StreamItem(
    id: id, type: "text", sender: sender, isIncoming: incoming, date: date, status: status, text: text)
}

/// A wire text message from the local user.
func mine(_ id: String, _ text: String, at date: Timestamp? = nil, status: DeliveryStatus? = .sent)
  -> StreamItem
{
  textItem(id, text, from: "me", incoming: false, at: date, status: status)
}

/// A text message of the kit's own type, as a library user without streams makes one, with
/// who has read up to it and whether the unread divider follows it.
func readMessage(
  _ id: String, from sender: String = "alice", incoming: Bool = true, at date: Timestamp? = nil,
  status: DeliveryStatus? = nil, seenBy readers: [String] = [], unreadAfter: Bool = false
) -> TextMessageItem {
  TextMessageItem(
    message: MessageModel(
      id: id, type: "text", sender: sender, isIncoming: incoming, date: date, status: status,
      readReceipt: ReadReceipt(readers: readers), isFollowedByUnreadDivider: unreadAfter),
    text: "text \(id)")
}

/// A wire photo message.
func photoItem(
  _ id: String, width: Double?, height: Double?, caption: String? = nil, from sender: String = "alice",
  incoming: Bool = true, at date: Timestamp? = nil, status: DeliveryStatus? = nil
) -> StreamItem {
  StreamItem(
    id: id, type: "photo", sender: sender, isIncoming: incoming, date: date, status: status, width: width,
    height: height, caption: caption)
}

/// Counts every measurement, from any thread (an atomic, which the thread sanitizer follows).
final class CountingMeasurer: TextMeasurer {
  private let counter = Atomic(0)
  private let base = TerminalTextMeasurer()

  var count: Int { counter.load(ordering: .acquiring) }

  func measure(_ text: String, maxWidth: Int) -> TextMetrics {
    counter.wrappingAdd(1, ordering: .acquiringAndReleasing)
    return base.measure(text, maxWidth: maxWidth)
  }

  func lines(of text: String, maxWidth: Int) -> [TextLine] {
    base.lines(of: text, maxWidth: maxWidth)
  }
}

/// Records what the presenters report, in order.
final class RecordingHandler: MessageInteractionHandler {
  private(set) var events: [String] = []

  func userDidTapBubble(of message: MessageModel) { events.append("bubble \(message.id)") }
  func userDidTapAvatar(of message: MessageModel) { events.append("avatar \(message.sender)") }
  func userDidRequestRetry(of message: MessageModel) { events.append("retry \(message.id)") }
  func userDidCopy(_ text: String, from message: MessageModel) {
    events.append("copy \(message.id): \(text)")
  }
}

/// A transcript controller with this module's builders and decorator over an array.
final class MessagesHarness {
  let dataSource: ArrayDataSource
  let controller: ChatTranscriptController
  let handler = RecordingHandler()
  let measurer = CountingMeasurer()
  let cache: TextMetricsCache

  init<Theme: MessagesTheme>(
    _ items: [any ChatItem], theme: Theme, width: Double = 40, height: Double = 30,
    decorator: MessagesDecorator.Configuration = .init(), layout: MessageLayoutConfiguration = .init(),
    cacheCapacity: Int = 20_000
  ) {
    cache = TextMetricsCache(capacity: cacheCapacity)
    dataSource = ArrayDataSource(items)
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(
        theme: theme, interactionHandler: handler, measurer: measurer, configuration: layout, cache: cache),
      decorator: MessagesKit.decorator(decorator), viewport: Viewport(width: width, height: height))
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
  }

  convenience init(
    _ items: [any ChatItem], width: Double = 40, height: Double = 30,
    decorator: MessagesDecorator.Configuration = .init(), layout: MessageLayoutConfiguration = .init()
  ) {
    self.init(
      items, theme: CompactTheme(), width: width, height: height, decorator: decorator, layout: layout)
  }

  /// `id y height` per row, top to bottom.
  var layoutDump: [String] {
    controller.rowFrames.map { "\($0.id) \(Int($0.frame.minY)) \(Int($0.frame.height))" }
  }

  /// Row ids, top to bottom.
  var rowIDs: [String] { controller.rowFrames.map(\.id) }

  /// The row of the item with `id`, else of the row the decorator injected with `id` (`m1/day`,
  /// `m1/status`), which `row(ofItemWithID:)` never finds.
  func row(_ id: String) -> Int? {
    controller.row(ofItemWithID: id) ?? controller.rowFrames.firstIndex { $0.isInjected && $0.id == id }
  }

  func decoration(of id: String) -> ChatItemDecoration? {
    row(id).map { controller.decoration(atRow: $0) }
  }

  /// The visible cell showing `id`, if any.
  func cell<Cell: CollectionViewCell>(of id: String, as type: Cell.Type = Cell.self) -> Cell? {
    row(id).flatMap { controller.collectionView.cell(forRow: $0) as? Cell }
  }

  /// The viewport as plain text.
  var screen: String { PlainTextRenderer().render(controller.collectionView) }

  func apply() {
    controller.applyPendingUpdates()
  }
}
