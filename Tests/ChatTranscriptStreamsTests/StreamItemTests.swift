import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// Wire items share one storage between copies; they must still behave as plain values.
@Suite struct StreamItemTests {
  private static let original = StreamItem(
    id: "m1", type: "text", sender: "ana", isIncoming: true, status: .sent, text: "hello", width: 3,
    height: 4, caption: "c")

  @Test func aChangedCopyLeavesTheOriginalAlone() {
    var copy = Self.original
    copy.status = .read
    copy.text = "edited"
    #expect(Self.original.status == .sent)
    #expect(Self.original.text == "hello")
    #expect(copy.status == .read && copy.text == "edited")
    #expect(copy != Self.original)
    // Every field is written and read back.
    copy.id = "m2"
    copy.type = "photo"
    copy.sender = nil
    copy.isIncoming = false
    copy.date = Timestamp(secondsSince1970: 60)
    copy.width = nil
    copy.height = 9
    copy.caption = nil
    #expect(
      copy
        == StreamItem(
          id: "m2", type: "photo", isIncoming: false, date: Timestamp(secondsSince1970: 60), status: .read,
          text: "edited", height: 9))
  }

  @Test func equalValuesAreEqualAndHashAlikeWhateverTheirStorage() {
    let rebuilt = StreamItem(
      id: "m1", type: "text", sender: "ana", isIncoming: true, status: .sent, text: "hello", width: 3,
      height: 4, caption: "c")
    #expect(rebuilt == Self.original)
    #expect(Set([rebuilt, Self.original, Self.original]).count == 1)
    var changedBack = Self.original
    changedBack.text = "other"
    changedBack.text = "hello"
    #expect(changedBack == Self.original)
    #expect(changedBack.hashValue == Self.original.hashValue)
  }

  /// The message kit reads wire items through ``ConversationItems``: its own shapes for the
  /// three types it draws, a date for every item, a message model only for messages.
  @Test func theKitReadsWireItemsAsItsOwnShapes() {
    let date = Timestamp(secondsSince1970: 86_400)
    let text: any ChatItem = StreamItem(
      id: "t", type: "text", sender: "ana", isIncoming: false, date: date, status: .failed, text: "hi")
    let model = MessageModel(
      id: "t", type: "text", sender: "ana", isIncoming: false, date: date, status: .failed)
    #expect(ConversationItems.content(of: text) == .text(TextMessageItem(message: model, text: "hi")))
    #expect(ConversationItems.messageModel(of: text) == model)

    let photo: any ChatItem = StreamItem(id: "p", type: "photo", width: 1_200, height: 800)
    let photoModel = MessageModel(id: "p", type: "photo")  // a missing "incoming" reads as incoming
    #expect(
      ConversationItems.content(of: photo)
        == .photo(PhotoMessageItem(message: photoModel, pixelWidth: 1_200, pixelHeight: 800)))

    let notice: any ChatItem = StreamItem(id: "s", type: "system", date: date)
    #expect(ConversationItems.content(of: notice) == .notice(SystemNoticeItem(id: "s", text: "", date: date)))
    #expect(ConversationItems.messageModel(of: notice) == nil)
    #expect(ConversationItems.date(of: notice) == date)

    let poll: any ChatItem = StreamItem(id: "q", type: "poll", sender: "bob", date: date)
    #expect(ConversationItems.content(of: poll) == nil)
    #expect(ConversationItems.messageModel(of: poll) == nil)
    #expect(ConversationItems.date(of: poll) == date)

    let foreign: any ChatItem = TestItem(id: "x")
    #expect(ConversationItems.content(of: foreign) == nil && ConversationItems.date(of: foreign) == nil)
  }

  /// A wire item gives the decorator its summary from its own fields: for every item of a
  /// seeded stream, with the statuses, quotes, receipts and the divider its transcript
  /// resolved, it must be the summary of the item's message model, and `nil` for the items
  /// that are not messages.
  @Test(arguments: [1, 7, 23] as [UInt64]) func aWireItemSummarizesItsOwnMessage(seed: UInt64) {
    let transcript = StreamTranscript()
    for event in SyntheticTranscript(count: 3_000, seed: seed) { transcript.apply(event) }
    let items = transcript.chatItems.compactMap { $0 as? StreamItem }
    #expect(items.count == transcript.count)
    #expect(items.allSatisfy { $0.messageSummary == $0.messageModel.map(MessageSummary.init) })
    #expect(items.contains { !$0.readReceipt.isEmpty } && items.contains { $0.status != nil })
    #expect(items.contains { $0.isFollowedByUnreadDivider })
    let notice = StreamItem(id: "s", type: "system", sender: "ana", date: Timestamp(secondsSince1970: 60))
    #expect(notice.messageSummary == nil)
  }
}
