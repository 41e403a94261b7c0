// What a chat backend does with the library: items of its own next to the message kit's,
// one conversation store feeding a phone and a desktop client, each client's rows kept in
// step by the row changes of every update, and the layout handed out as JSON. The section "A
// backend: several clients, row changes, snapshots" of Documentation/GettingStarted.md walks
// through it; a test checks its output.
//
//   swift run backend-sample

import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering

// MARK: 1. The conversation

func at(_ hour: Int, _ minute: Int, day: Int) -> Timestamp? {
  Timestamp(year: 2026, month: 11, day: day, hour: hour, minute: minute)
}

/// A text message; "me" is the user of this backend's clients, everyone else is incoming.
func message(
  _ id: String, from sender: String, _ text: String, _ date: Timestamp?, status: DeliveryStatus? = nil
) -> TextMessageItem {
  TextMessageItem(
    message: MessageModel(
      id: id, type: MessageItemType.text, sender: sender, isIncoming: sender != "me", date: date,
      status: status),
    text: text)
}

let store = ConversationStore(olderPages: [
  [
    message("h1", from: "ana", "Did the staging deploy go through?", at(16, 40, day: 19)),
    message("h2", from: "me", "Yes, all green.", at(16, 52, day: 19), status: .read),
    message("h3", from: "ana", "Great, thanks!", at(16, 53, day: 19)),
  ]
])

// MARK: 2. Builders: the kit's and the backend's own

let cache = TextMetricsCache()
let builders = MessagesKit.builders(theme: CompactTheme(), cache: cache).merging([
  CallEndedItem.itemType: [CallEndedPresenterBuilder()],
  PollItem.itemType: [PollPresenterBuilder(context: MessagePresentationContext(cache: cache))],
]) { kit, ours in kit + ours }

// MARK: 3. Two clients on one store

let phone = Client("phone", width: 40, height: 16, builders: builders, store: store)
let desktop = Client("desktop", width: 100, height: 16, builders: builders, store: store)

/// Brings both clients up to date: the phone on the caller, the desktop measuring its
/// heights off the owner.
@MainActor func applyUpdates(_ step: String) async {
  print("== \(step)")
  phone.controller.applyPendingUpdates()
  await desktop.controller.applyPendingUpdatesInBackground()
}

// MARK: 4. Bursts

store.load([
  message("m1", from: "ana", "Morning! Are we still shipping on Tuesday?", at(9, 12, day: 20)),
  message("m2", from: "me", "If the review passes, yes.", at(9, 15, day: 20), status: .read),
  message("m3", from: "ana", "I'll book the room.", at(9, 16, day: 20)),
  message("m4", from: "ana", "The release notes are in the doc.", at(9, 17, day: 20)),
])
await applyUpdates("first load")

store.append([
  message("m5", from: "ana", "Can you check the migration section?", at(9, 31, day: 20)),
  message("m6", from: "me", "On it.", at(9, 33, day: 20), status: .sending),
  message("m7", from: "me", "Sent you the checklist.", at(9, 34, day: 20), status: .sending),
])
await applyUpdates("new messages")

store.update("m4", as: TextMessageItem.self) {
  $0.text = "The release notes are in the shared doc, under Migration."
}
await applyUpdates("an edit")

store.update("m6", as: TextMessageItem.self) { $0.message.status = .read }
store.update("m7", as: TextMessageItem.self) { $0.message.status = .failed }
await applyUpdates("delivery statuses")

store.remove("m3")
await applyUpdates("a delete")

store.deliverHistoryPage()
await applyUpdates("the page of history arrives (history requests: \(store.historyRequests))")

store.append([
  CallEndedItem(id: "c1", date: at(10, 5, day: 21), minutes: 18),
  PollItem(
    id: "p1", from: "ana", at(10, 7, day: 21), question: "Release day?",
    options: [.init(title: "Tuesday", votes: 1), .init(title: "Wednesday", votes: 0)]),
])
await applyUpdates("a call ends, a poll arrives")

store.update("p1", as: PollItem.self) { $0.options[0].votes += 1 }
await applyUpdates("a vote")

store.moveToBottom("m7", as: TextMessageItem.self) {
  $0.message.status = .sending
  $0.message.date = at(10, 9, day: 21)
}
await applyUpdates("a failed message sent again")

phone.controller.setViewportSize(width: 32, height: 16)
await applyUpdates("the phone turns narrower")

// MARK: 5. The phone's screen

phone.controller.collectionView.scrollToBottom()
print("\(phone.label) screen, \(Int(phone.controller.collectionView.viewport.width)) columns:")
print(PlainTextRenderer().render(phone.controller.collectionView))

// MARK: 6. Rows by id, layout snapshots

for client in [phone, desktop] {
  guard let row = client.controller.row(ofItemWithID: "p1") else { client.fail("no row shows poll p1") }
  print("\(client.label) poll p1 is row \(row)")
  try client.printSnapshot(showing: row..<row + 1)
}
