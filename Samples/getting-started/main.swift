// The walk-through of Documentation/GettingStarted.md, as a program that runs: a data source,
// the message kit's builders and decorator, a builder of your own for an item the kit does
// not know, and a controller drawn to plain text before and after a new message arrives.
//
//   swift run getting-started

import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering

// MARK: 1. An item of your own

/// "Call ended" events: not messages, but they happened at a time, so the kit's decorator
/// reads their date for day separators (through `ConversationItem`).
struct CallEndedItem: ConversationItem, Hashable {
  static let itemType = "call-ended"
  var id: String
  var date: Timestamp?
  var minutes: Int
  var type: String { Self.itemType }
}

// MARK: 2. Its cell, presenter and builder

/// One centred line of text.
final class CallEndedCell: CollectionViewCell {
  let label = Label()

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(label)
    label.styleName = "notice"
  }
}

/// Sizes and configures one call-ended row.
final class CallEndedPresenter: BaseChatItemPresenter<CallEndedCell> {
  private var item: CallEndedItem

  init(item: CallEndedItem) {
    self.item = item
  }

  private var text: String { "call ended · \(item.minutes) min" }

  // Sized off the owner: a `Sendable` snapshot of what the height depends on.
  override var canCalculateHeightInBackground: Bool { true }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    CallEndedHeight()
  }

  override func configure(_ cell: CallEndedCell, decoration: ChatItemDecoration) {
    let width = min(Double(text.count), cell.frame.width)
    cell.label.frame = Rect(x: ((cell.frame.width - width) / 2).rounded(.down), y: 0, width: width, height: 1)
    cell.label.text = text
  }

  override var isItemUpdateSupported: Bool { true }

  override func update(with item: any ChatItem) {
    guard let item = item as? CallEndedItem else { return }
    self.item = item
    refreshVisibleCell()
  }
}

/// What a call-ended row's height depends on (nothing: it is one row), as a `Sendable` value.
struct CallEndedHeight: ChatItemHeightCalculator {
  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { 1 }
}

/// Sizes call-ended rows from the item alone, on any thread, without a presenter.
struct CallEndedHeightMeasurer: ChatItemHeightMeasurer {
  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    guard item is CallEndedItem else { return nil }
    return CallEndedHeight().height(maximumWidth: maximumWidth, decoration: decoration)
  }
}

/// Makes a presenter per call-ended item, and sizes rows that have none.
struct CallEndedBuilder: ChatItemPresenterBuilder {
  var presenterType: any ChatItemPresenter.Type { CallEndedPresenter.self }
  var heightMeasurer: (any ChatItemHeightMeasurer)? { CallEndedHeightMeasurer() }
  func canHandle(_ item: any ChatItem) -> Bool { item is CallEndedItem }
  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let call = item as? CallEndedItem else { return UnsupportedItemPresenter(item: item) }
    return CallEndedPresenter(item: call)
  }
}

// MARK: 3. A data source

/// The conversation: items oldest first, and exact changes told to the controller.
final class Conversation: ChatDataSource {
  weak var delegate: (any ChatDataSourceDelegate)?
  private(set) var chatItems: [any ChatItem]

  init(_ items: [any ChatItem]) {
    chatItems = items
  }

  /// Appends `item` and says exactly what changed, so the controller touches only it.
  func append(_ item: any ChatItem) {
    chatItems.append(item)
    delegate?.chatDataSource(self, didChange: [.insert([item], at: chatItems.count - 1)], type: .normal)
  }
}

// MARK: 4. The controller

func at(_ hour: Int, _ minute: Int, day: Int) -> Timestamp? {
  Timestamp(year: 2026, month: 11, day: day, hour: hour, minute: minute)
}

func message(_ id: String, from sender: String, incoming: Bool = true, _ text: String, _ date: Timestamp?)
  -> TextMessageItem
{
  TextMessageItem(
    message: MessageModel(
      id: id, type: MessageItemType.text, sender: sender, isIncoming: incoming, date: date, status: .sent),
    text: text)
}

let conversation = Conversation([
  message("m1", from: "ana", "Are we still on for the review tomorrow?", at(18, 2, day: 20)),
  message("m2", from: "me", incoming: false, "Yes, 10:00. I will share the slides.", at(18, 4, day: 20)),
  CallEndedItem(id: "c1", date: at(10, 31, day: 21), minutes: 31),
  message("m3", from: "ana", "Thanks, that was useful.", at(10, 33, day: 21)),
])

var builders = MessagesKit.builders(theme: CompactTheme())
builders[CallEndedItem.itemType] = [CallEndedBuilder()]
let controller = ChatTranscriptController(
  buildersByType: builders, decorator: MessagesKit.decorator(), viewport: Viewport(width: 50, height: 14))
controller.dataSource = conversation
controller.requestUpdate(.firstLoad)
controller.applyPendingUpdates()
controller.collectionView.scrollToBottom()
print(PlainTextRenderer().render(controller.collectionView))

// MARK: 5. A new message arrives

controller.onUpdate = { update in
  print("update: \(update.insertedIDs.count) item inserted, \(controller.rowCount) rows")
}
conversation.append(message("m4", from: "me", incoming: false, "Anytime!", at(10, 34, day: 21)))
controller.applyPendingUpdates()
print(PlainTextRenderer().render(controller.collectionView))

// MARK: 6. Heights off the owner

conversation.append(message("m5", from: "ana", "See you!", at(10, 35, day: 21)))
await controller.applyPendingUpdatesInBackground()
print(PlainTextRenderer().render(controller.collectionView))

// MARK: 7. Selecting messages

controller.selectItem(withID: "m4")
controller.selectItem(withID: "m5")
print("selected: \(controller.selectedItemIDs.joined(separator: ", "))")
print(PlainTextRenderer().render(controller.collectionView))
