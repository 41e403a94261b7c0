import ChatTranscript
import TestSupport
import Testing

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

  @Test func onlyWireItemsAnswerAsWireItems() {
    let wire: any ChatItem = Self.original
    let other: any ChatItem = TestItem(id: "t")
    #expect(wire.wireItem == Self.original)
    #expect(other.wireItem == nil)
  }
}
