import ChatTranscript
import ChatTranscriptMessages
import Dispatch
import Synchronization
import TestSupport
import Testing

/// An event a backend invents: not a message, but it happened at a time.
struct CallEndedItem: ConversationItem, Hashable {
  var id: String
  var type: String { "call-ended" }
  var date: Timestamp?
}

/// A message type of the app's own, drawn by its own builder.
struct PollItem: MessageItem, Hashable {
  var message: MessageModel
  var question: String
  var id: String { message.id }
  var type: String { message.type }
}

/// The kit reads any ``ConversationItem`` through ``ConversationItems``, whose answer per type
/// is cached: what it says must be what the item says, for every type, on every thread.
@Suite struct ConversationItemsTests {
  @Test func itemsOfEveryKindAreReadAsTheySay() {
    let date = at(10, 0)
    let model = MessageModel(id: "p", type: "poll", sender: "bob", date: date)
    let items: [any ChatItem] = [
      CallEndedItem(id: "c", date: date), PollItem(message: model, question: "lunch?"),
      TextMessageItem(message: MessageModel(id: "t", type: "text"), text: "hi"),
      SystemNoticeItem(id: "s", text: "joined", date: date), TestItem(id: "x"),
    ]
    // Twice: the first read of a type fills the cache, the second is answered from it.
    for _ in 0..<2 {
      #expect(items.map { ConversationItems.date(of: $0) } == [date, date, nil, date, nil])
      #expect(items.map { ConversationItems.messageModel(of: $0)?.id } == [nil, "p", "t", nil, nil])
      #expect(
        ConversationItems.content(of: items[2])
          == .text(TextMessageItem(message: MessageModel(id: "t", type: "text"), text: "hi")))
      #expect(
        ConversationItems.content(of: items[0]) == nil && ConversationItems.content(of: items[1]) == nil)
    }
  }

  /// A custom dated item is read for day separators like the kit's own items: a call that
  /// ended on the 22nd starts that day, so the message after it on the same day does not.
  @Test func aCustomDatedItemTakesPartInDaySeparators() {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0, day: 21)),
      CallEndedItem(id: "call", date: at(23, 59, day: 22)),
      textItem("a2", "two", at: at(10, 0, day: 22)),
    ])
    #expect(harness.rowIDs.filter { $0.hasSuffix("/day") } == ["a1/day", "call/day"])
  }

  /// Many threads reading many types at once (run under the thread sanitizer in CI): every
  /// answer is right, whichever thread filled the cache.
  @Test func concurrentReadersAgree() {
    let items: [any ChatItem] = (0..<400).map { index in
      switch index % 4 {
      case 0: CallEndedItem(id: "c\(index)", date: Timestamp(secondsSince1970: Int64(index)))
      case 1: PollItem(message: MessageModel(id: "p\(index)", type: "poll"), question: "?")
      case 2: SystemNoticeItem(id: "s\(index)", text: "", date: Timestamp(secondsSince1970: Int64(index)))
      default: TestItem(id: "x\(index)")
      }
    }
    let wrong = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for (index, item) in items.enumerated() {
        let expected: Timestamp? =
          index % 4 == 0 || index % 4 == 2 ? Timestamp(secondsSince1970: Int64(index)) : nil
        if ConversationItems.date(of: item) != expected { wrong.add(1, ordering: .relaxed) }
      }
    }
    #expect(wrong.load(ordering: .relaxed) == 0)
  }
}
