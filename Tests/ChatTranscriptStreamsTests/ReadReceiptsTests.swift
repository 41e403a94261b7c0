import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscriptStreams

/// How `StreamTranscript` keeps read receipts (`read`) and the local user's last-read mark
/// (`lastRead`), and what it tells its delegate: a reader moving on reloads the two items it
/// left and reached, whatever the crowd, and the unread divider follows the transcript.
@Suite struct ReadReceiptsTests {
  typealias Recorder = RepliesAndReactionsTests.Recorder

  static func message(_ id: String, from sender: String = "ann", incoming: Bool = true) -> String {
    #"{"op":"insert","item":{"id":"\#(id)","type":"text","sender":"\#(sender)","incoming":\#(incoming),"text":"\#(id)"}}"#
  }

  static func read(_ sender: String, upTo id: String) -> String {
    #"{"op":"read","sender":"\#(sender)","upTo":"\#(id)"}"#
  }

  static func lastRead(_ id: String) -> String {
    #"{"op":"lastRead","id":"\#(id)"}"#
  }

  /// A chat of `count` incoming messages `m1`…
  static func chat(messages count: Int) -> Recorder {
    let chat = Recorder()
    for number in 1...count { chat.feed(message("m\(number)")) }
    chat.edits = []
    chat.updateTypes = []
    return chat
  }

  static func readers(of id: String, in chat: Recorder) -> [String]? {
    chat.item(id).map { $0.readReceipt.readers }
  }

  // MARK: read

  @Test func aReaderMovingOnReloadsTheItemsItLeftAndReached() {
    let chat = Self.chat(messages: 4)
    #expect(chat.feed(Self.read("bob", upTo: "m2"), Self.read("yuki", upTo: "m2")) == [])
    #expect(chat.edits == ["replace m2 at 1", "replace m2 at 1"])
    #expect(Self.readers(of: "m2", in: chat) == ["bob", "yuki"])
    chat.edits = []
    chat.feed(Self.read("bob", upTo: "m4"))
    #expect(chat.edits == ["replace m2 at 1", "replace m4 at 3"])
    #expect(Self.readers(of: "m2", in: chat) == ["yuki"])
    #expect(Self.readers(of: "m4", in: chat) == ["bob"])
    #expect(chat.updateTypes == [.normal, .normal, .normal])
    #expect(chat.fullUpdates == 0)
    // What the kit reads: the receipt, in the message model.
    #expect(chat.item("m4").flatMap { MessageModel(of: $0) }?.readReceipt == ReadReceipt(readers: ["bob"]))
  }

  @Test func aReaderOnlyMovesForward() {
    let chat = Self.chat(messages: 4)
    chat.feed(Self.read("bob", upTo: "m3"))
    chat.edits = []
    #expect(chat.feed(Self.read("bob", upTo: "m1"), Self.read("bob", upTo: "m3")) == [])
    #expect(chat.edits == [])
    #expect(Self.readers(of: "m3", in: chat) == ["bob"])
    // Order in the transcript, not in time: an item inserted before bob's is behind him.
    chat.feed(#"{"op":"insert","item":{"id":"x","type":"text"},"before":"m3"}"#)
    chat.edits = []
    chat.feed(Self.read("bob", upTo: "x"))
    #expect(chat.edits == [])
  }

  @Test(arguments: [
    (1, "seen by r0"), (2, "seen by r0, r1"), (3, "seen by r0, r1, r2"),
    (4, "seen by r0, r1, r2 and 1 other"),
    (5, "seen by r0, r1, r2 and 2 others"), (1_000, "seen by r0, r1, r2 and 997 others"),
  ])
  func theRowNamesThreeInTheOrderTheyCameAndCountsTheRest(count: Int, text: String) throws {
    let chat = Self.chat(messages: 2)
    for index in 0..<count { chat.feed(Self.read("r\(index)", upTo: "m2")) }
    let receipt = try #require(chat.item("m2")?.readReceipt)
    #expect(ReadReceiptPresenter<ReadReceiptCell>.text(for: receipt) == text)
    // m1 is behind them: a read of it moves nobody.
    chat.feed(Self.read("r0", upTo: "m1"))
    #expect(chat.item("m2")?.readReceipt == receipt)
  }

  @Test func theFirstReaderMovingOnNamesTheNextInLine() {
    let chat = Self.chat(messages: 2)
    for index in 0..<5 { chat.feed(Self.read("r\(index)", upTo: "m1")) }
    chat.feed(Self.read("r1", upTo: "m2"))
    #expect(chat.item("m1")?.readReceipt == ReadReceipt(readers: ["r0", "r2", "r3", "r4"]))
    #expect(chat.item("m2")?.readReceipt == ReadReceipt(readers: ["r1"]))
  }

  @Test func readersAreToldApartByTheirBytes() {
    let chat = Self.chat(messages: 2)
    chat.feed(Self.read(#"caf\u00e9"#, upTo: "m2"), Self.read(#"cafe\u0301"#, upTo: "m1"))
    #expect(chat.item("m2")?.readReceipt.readers.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8)])
    #expect(chat.item("m1")?.readReceipt.readers.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8)])
    #expect(chat.transcript.readerStorage.readers == 2)
  }

  @Test func unknownIdsAndEmptyFieldsAreBadLines() {
    let chat = Self.chat(messages: 1)
    let diagnostics = chat.feed(
      Self.read("bob", upTo: "m9"), Self.read("bob", upTo: #"\u001b[2J"#), #"{"op":"read","sender":"bob"}"#,
      #"{"op":"read","sender":"","upTo":"m1"}"#, Self.lastRead("m9"), #"{"op":"lastRead","id":""}"#)
    #expect(
      diagnostics == [
        #"chat.ndjson:1: "upTo": unknown id "m9""#, #"chat.ndjson:2: "upTo": unknown id "\u{1B}[2J""#,
        #"chat.ndjson:3: missing "upTo""#, #"chat.ndjson:4: empty "sender""#,
        #"chat.ndjson:5: unknown id "m9""#,
        #"chat.ndjson:6: empty "id""#,
      ])
    #expect(chat.edits == [])
    #expect(chat.transcript.readerStorage.readers == 0)
  }

  @Test func anUpdateKeepsTheReceiptAndTheDivider() {
    let chat = Self.chat(messages: 3)
    chat.feed(Self.read("bob", upTo: "m2"), Self.lastRead("m2"))
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true)
    chat.edits = []
    chat.feed(
      #"{"op":"update","item":{"id":"m2","type":"text","sender":"ann","text":"edited","edited":true}}"#)
    #expect(chat.edits == ["replace m2 at 1"])
    #expect(chat.item("m2")?.readReceipt == ReadReceipt(readers: ["bob"]))
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true)
    chat.feed(#"{"op":"status","id":"m2","status":"read"}"#)
    #expect(chat.item("m2")?.readReceipt == ReadReceipt(readers: ["bob"]))
  }

  /// A deleted item's receipt goes with it and its readers are forgotten: the next read of an
  /// earlier item places them there.
  @Test func deletingAnItemForgetsItsReaders() {
    let chat = Self.chat(messages: 3)
    chat.feed(Self.read("bob", upTo: "m2"), Self.read("yuki", upTo: "m2"), Self.read("eve", upTo: "m3"))
    #expect(
      chat.transcript.readerStorage == (
        readers: 3, itemsWithReaders: 2, capacity: chat.transcript.readerStorage.capacity
      ))
    chat.edits = []
    chat.feed(#"{"op":"delete","id":"m2"}"#)
    #expect(chat.edits == ["remove 1..<2"])
    #expect(chat.transcript.readerStorage.readers == 1)
    #expect(chat.transcript.readerStorage.itemsWithReaders == 1)
    chat.feed(Self.read("bob", upTo: "m1"), #"{"op":"insert","item":{"id":"m2","type":"text"}}"#)
    #expect(Self.readers(of: "m1", in: chat) == ["bob"])
    #expect(Self.readers(of: "m2", in: chat) == [])
  }

  /// What is stored follows the readers of the items there are now, not every name ever seen.
  @Test func readerStorageFollowsTheItemsThereAre() {
    let chat = Self.chat(messages: 100)
    for index in 0..<10_000 { chat.feed(Self.read("r\(index)", upTo: "m\(1 + index % 100)")) }
    #expect(chat.transcript.readerStorage.readers == 10_000)
    #expect(chat.transcript.readerStorage.itemsWithReaders == 100)
    for number in 1...99 { chat.feed(#"{"op":"delete","id":"m\#(number)"}"#) }
    #expect(chat.transcript.readerStorage.readers == 100)
    #expect(chat.transcript.readerStorage.itemsWithReaders == 1)
    #expect(chat.transcript.readerStorage.capacity < 1_000)
    chat.feed(#"{"op":"delete","id":"m100"}"#)
    #expect(chat.transcript.readerStorage == (readers: 0, itemsWithReaders: 0, capacity: 0))
  }

  /// A flood of names reading one message and moving on together: every event reloads the two
  /// items and no more, each item names three and counts the rest, and storage is one entry
  /// per reader (the items the crowd left are let go).
  @Test func aCrowdOfReadersCostsTwoItemsPerEvent() {
    let chat = Self.chat(messages: 3)
    let crowd = 20_000
    for index in 0..<crowd { chat.feed(Self.read("r\(index)", upTo: "m1")) }
    chat.edits = []
    for index in 0..<crowd { chat.feed(Self.read("r\(index)", upTo: "m2")) }
    #expect(chat.edits.count == 2 * crowd)
    #expect(Set(chat.edits) == ["replace m1 at 0", "replace m2 at 1"])
    #expect(
      chat.item("m2")?.readReceipt == ReadReceipt(readers: ["r0", "r1", "r2"], otherReaderCount: crowd - 3))
    #expect(chat.item("m1")?.readReceipt.isEmpty == true)
    let storage = chat.transcript.readerStorage
    #expect(storage.readers == crowd)
    #expect(storage.itemsWithReaders == 1)
    #expect(storage.capacity < 4 * crowd)
  }

  // MARK: lastRead

  @Test func theDividerFollowsTheMarkWhileIncomingMessagesFollowIt() {
    let chat = Recorder()
    chat.feed(Self.message("m1"), Self.message("m2", from: "me", incoming: false))
    chat.edits = []
    chat.feed(Self.lastRead("m2"))
    #expect(chat.edits == [], "nothing new after m2: no divider, nothing to reload")
    chat.feed(Self.message("m3", from: "me", incoming: false))
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == false, "the local user's own message is no news")
    chat.edits = []
    chat.feed(Self.message("m4"))
    #expect(chat.edits == ["insert m4 at 3", "replace m2 at 1"])
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true)
    #expect(chat.item("m2").flatMap { MessageModel(of: $0) }?.isFollowedByUnreadDivider == true)
    // Once it shows, another message costs only its insert.
    chat.edits = []
    chat.feed(Self.message("m5"))
    #expect(chat.edits == ["insert m5 at 4"])
    #expect(chat.updateTypes.allSatisfy { $0 == .normal })
  }

  @Test func theMarkOnlyMovesForward() {
    let chat = Self.chat(messages: 4)
    chat.feed(Self.lastRead("m2"))
    #expect(chat.edits == ["replace m2 at 1"])
    chat.edits = []
    chat.feed(Self.lastRead("m1"), Self.lastRead("m2"))
    #expect(chat.edits == [])
    chat.feed(Self.lastRead("m3"))
    #expect(chat.edits == ["replace m2 at 1", "replace m3 at 2"])
    chat.edits = []
    chat.feed(Self.lastRead("m4"))
    #expect(chat.edits == ["replace m3 at 2"], "all read: the divider goes")
    #expect(
      chat.transcript.chatItems.compactMap { $0 as? StreamItem }.allSatisfy { !$0.isFollowedByUnreadDivider })
  }

  @Test func deletingOrTombstoningTheLastNewMessageHidesTheDivider() {
    let chat = Self.chat(messages: 4)
    chat.feed(Self.lastRead("m2"))
    chat.feed(#"{"op":"delete","id":"m4"}"#)
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true)
    chat.edits = []
    chat.feed(#"{"op":"update","item":{"id":"m3","type":"text","sender":"ann","deleted":true}}"#)
    #expect(chat.edits == ["replace m3 at 2", "replace m2 at 1"])
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == false)
    chat.feed(#"{"op":"insert","item":{"id":"p1","type":"photo","sender":"ann"},"after":"m2"}"#)
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true, "a photo is news too")
  }

  @Test func historyArrivesAlreadyRead() {
    let chat = Self.chat(messages: 2)
    chat.feed(Self.lastRead("m2"))
    chat.edits = []
    chat.feed(#"{"op":"prepend","items":[{"id":"h1","type":"text","sender":"ann"}]}"#)
    #expect(chat.edits == ["insert h1 at 0"])
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == false)
  }

  /// The mark moves to the item before a deleted marked item, so the divider stays in place;
  /// without one, there is no mark until the next `lastRead`.
  @Test func deletingTheMarkedItemMovesTheMarkBack() {
    let chat = Self.chat(messages: 4)
    chat.feed(Self.lastRead("m3"))
    chat.edits = []
    chat.feed(#"{"op":"delete","id":"m3"}"#)
    #expect(chat.edits == ["remove 2..<3", "replace m2 at 1"])
    #expect(chat.item("m2")?.isFollowedByUnreadDivider == true)
    chat.feed(#"{"op":"delete","id":"m2"}"#, #"{"op":"delete","id":"m1"}"#)
    #expect(
      chat.transcript.chatItems.compactMap { $0 as? StreamItem }.allSatisfy { !$0.isFollowedByUnreadDivider })
    chat.feed(Self.message("m5"))
    #expect(chat.item("m4")?.isFollowedByUnreadDivider == false, "no mark: no divider")
    chat.feed(Self.lastRead("m4"))
    #expect(chat.item("m4")?.isFollowedByUnreadDivider == true)
  }

  // MARK: Against a plain model

  /// Random inserts, deletes, updates, pages, reads and marks: after every event the items
  /// show what a plain array model says (each reader's newest read, in order; the divider
  /// after the mark while incoming messages follow), and the edits the delegate heard, applied
  /// to a copy of the list, give the transcript's items.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func receiptsAndTheDividerMatchAPlainModel(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let transcript = StreamTranscript()
    let mirror = MirroringDelegate()
    transcript.delegate = mirror
    var model = ReadModel()
    for step in 0..<1_500 {
      let event = model.randomEvent(using: &random)
      let expectedErrors = model.apply(event)
      let errors = transcript.apply(event)
      #expect(errors.count == expectedErrors, "seed \(seed), step \(step): \(event)")
      let items = transcript.chatItems.compactMap { $0 as? StreamItem }
      let place = "seed \(seed), step \(step): \(event)"
      #expect(items.map(\.id) == model.items.map(\.id), "\(place)")
      let wrongReceipt = items.first { $0.readReceipt != model.receipt(of: $0.id) }
      #expect(wrongReceipt == nil, "\(place): the readers of \(wrongReceipt?.id ?? "")")
      let divider = items.filter(\.isFollowedByUnreadDivider).map(\.id)
      #expect(divider == model.dividerAfter.map { [$0] } ?? [], "\(place)")
      #expect(mirror.items == items, "\(place): the edits do not give the items")
      #expect(transcript.readerStorage.readers == model.readerCount, "\(place)")
      // Stop at the first step that differs: the ones after it only repeat it.
      guard wrongReceipt == nil, divider == model.dividerAfter.map({ [$0] }) ?? [], mirror.items == items
      else {
        break
      }
    }
  }
}

/// Applies the exact edits a data source reports to a list of its own.
private final class MirroringDelegate: ChatDataSourceDelegate {
  var items: [StreamItem] = []

  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
    items = dataSource.chatItems.compactMap { $0 as? StreamItem }
  }

  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    for change in changes {
      switch change {
      case .insert(let new, let index):
        items.insert(contentsOf: new.compactMap { $0 as? StreamItem }, at: index)
      case .remove(let range): items.removeSubrange(range)
      case .replace(let item, let index):
        if let item = item as? StreamItem { items[index] = item }
      }
    }
  }
}

/// `read` and `lastRead` as `Documentation/WireFormat.md` says, over a plain array of items.
private struct ReadModel {
  var items: [(id: String, countsAsUnread: Bool)] = []
  /// Each reader's newest read item.
  var readerAt: [String: String] = [:]
  /// Each item's readers, in the order they reached it.
  var readersOf: [String: [String]] = [:]
  var mark: String?
  /// Items made so far, for fresh ids.
  var made = 0

  static let readers = ["ann", "bob", "yuki", "omar", "eve", "zoe"]

  var readerCount: Int { readerAt.count }

  func position(of id: String) -> Int? { items.firstIndex { $0.id == id } }

  func receipt(of id: String) -> ReadReceipt { ReadReceipt(readers: readersOf[id] ?? []) }

  var dividerAfter: String? {
    guard let mark, let index = position(of: mark) else { return nil }
    return items[(index + 1)...].contains { $0.countsAsUnread } ? mark : nil
  }

  static func randomItem(id: String, using random: inout SeededRandom) -> StreamItem {
    let type = ["text", "text", "text", "photo", "system"][random.below(5)]
    let incoming: Bool? = [true, false, nil][random.below(3)]
    let deleted: Bool? = random.below(8) == 0 ? true : nil
    return StreamItem(id: id, type: type, sender: "ann", isIncoming: incoming, text: id, isDeleted: deleted)
  }

  mutating func randomEvent(using random: inout SeededRandom) -> StreamEvent {
    let existing = items.isEmpty ? "none" : items[random.below(items.count)].id
    func newItem() -> StreamItem {
      made += 1
      return Self.randomItem(id: "i\(made)", using: &random)
    }
    switch random.below(20) {
    case 0..<4: return .insert(newItem(), position: .end)
    case 4: return .insert(newItem(), position: random.chance(0.5) ? .after(existing) : .before(existing))
    case 5..<7: return .delete(id: existing)
    case 7:
      var item = Self.randomItem(id: existing, using: &random)
      item.id = existing
      return .update(item)
    case 8: return .prepend((0..<random.int(in: 1...3)).map { _ in newItem() })
    case 9..<16: return .read(sender: Self.readers[random.below(Self.readers.count)], upTo: existing)
    case 16..<19: return .lastRead(id: existing)
    default: return .status(id: existing, .read)
    }
  }

  /// Applies `event`; returns how many errors the transcript must report.
  mutating func apply(_ event: StreamEvent) -> Int {
    switch event {
    case .insert(let item, let position):
      let index: Int
      switch position {
      case .end: index = items.count
      case .after(let anchor):
        guard let found = self.position(of: anchor) else { return 1 }
        index = found + 1
      case .before(let anchor):
        guard let found = self.position(of: anchor) else { return 1 }
        index = found
      }
      items.insert((item.id, item.countsAsUnread), at: index)
    case .delete(let id):
      guard let index = position(of: id) else { return 1 }
      items.remove(at: index)
      for reader in readersOf.removeValue(forKey: id) ?? [] { readerAt[reader] = nil }
      if mark == id { mark = index > 0 ? items[index - 1].id : nil }
    case .update(let item):
      guard let index = position(of: item.id) else { return 1 }
      items[index].countsAsUnread = item.countsAsUnread
    case .prepend(let page):
      items.insert(contentsOf: page.map { ($0.id, $0.countsAsUnread) }, at: 0)
    case .read(let reader, let upTo):
      guard let index = position(of: upTo) else { return 1 }
      if let current = readerAt[reader] {
        guard let currentIndex = position(of: current), currentIndex < index else { return 0 }
        readersOf[current]?.removeAll { $0 == reader }
        if readersOf[current]?.isEmpty == true { readersOf[current] = nil }
      }
      readerAt[reader] = upTo
      readersOf[upTo, default: []].append(reader)
    case .lastRead(let id):
      guard let index = position(of: id) else { return 1 }
      if let mark, let markIndex = position(of: mark), markIndex >= index { return 0 }
      mark = id
    case .status(let id, _):
      return position(of: id) == nil ? 1 : 0
    case .typing, .react:
      break
    }
    return 0
  }
}
