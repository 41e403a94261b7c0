import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct MessagesDecoratorTests {
  typealias Position = ChatItemDecoration.GroupPosition

  func positions(_ harness: MessagesHarness, _ ids: [String]) -> [Position?] {
    ids.map { harness.decoration(of: $0)?.groupPosition }
  }

  @Test func consecutiveMessagesOfOneSenderFormAGroup() {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0)),
      textItem("a2", "two", at: at(10, 1)),
      textItem("a3", "three", at: at(10, 2)),
      textItem("b1", "other", from: "bob", at: at(10, 2)),
    ])
    #expect(positions(harness, ["a1", "a2", "a3", "b1"]) == [.first, .middle, .last, .single])
    #expect(harness.decoration(of: "a1") == ChatItemDecoration(bottomMargin: 0, groupPosition: .first))
    #expect(harness.decoration(of: "a2") == ChatItemDecoration(bottomMargin: 0, groupPosition: .middle))
    #expect(
      harness.decoration(of: "a3")
        == ChatItemDecoration(bottomMargin: 1, showsTail: true, showsAvatar: true, groupPosition: .last))
    #expect(harness.rowIDs == ["a1/day", "a1", "a2", "a3", "b1"], "one day, one separator")
  }

  /// Messages closer than the gap group; at the gap or beyond they do not.
  @Test(arguments: [(119, true), (120, false), (600, false), (0, true)])
  func theGapDecides(seconds: Int, grouped: Bool) {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0)),
      textItem("a2", "two", at: Timestamp(secondsSince1970: at(10, 0).secondsSince1970 + Int64(seconds))),
    ])
    #expect(positions(harness, ["a1", "a2"]) == (grouped ? [.first, .last] : [.single, .single]))
  }

  @Test func theGapIsConfigurable() {
    var configuration = MessagesDecorator.Configuration()
    configuration.groupingInterval = 3_600
    configuration.marginInsideGroup = 0.5
    configuration.marginBetweenGroups = 2
    let harness = MessagesHarness(
      [textItem("a1", "one", at: at(10, 0)), textItem("a2", "two", at: at(10, 30))], decorator: configuration)
    #expect(positions(harness, ["a1", "a2"]) == [.first, .last])
    #expect(harness.decoration(of: "a1")?.bottomMargin == 0.5)
    #expect(harness.decoration(of: "a2")?.bottomMargin == 2)
  }

  @Test func directionSeparatesGroupsEvenWithTheSameName() {
    let harness = MessagesHarness([
      textItem("a1", "one", from: "sam", at: at(10, 0)),
      textItem("a2", "two", from: "sam", incoming: false, at: at(10, 0)),
    ])
    #expect(positions(harness, ["a1", "a2"]) == [.single, .single])
    #expect(harness.decoration(of: "a2")?.showsAvatar == false, "outgoing messages have no avatar")
    #expect(harness.decoration(of: "a2")?.showsTail == true)
  }

  @Test func notMessagesBreakGroups() {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0)),
      StreamItem(id: "s1", type: "system", date: at(10, 0), text: "bob joined"),
      textItem("a2", "two", at: at(10, 0)),
      StreamItem(id: "x1", type: "poll"),
      textItem("a3", "three", at: at(10, 0)),
    ])
    #expect(positions(harness, ["a1", "a2", "a3"]) == [.single, .single, .single])
    #expect(harness.decoration(of: "s1")?.bottomMargin == 1)
  }

  @Test func undatedMessagesGroupBySender() {
    let harness = MessagesHarness([
      textItem("a1", "one"), textItem("a2", "two"), textItem("b1", "x", from: "bob"),
    ])
    #expect(positions(harness, ["a1", "a2", "b1"]) == [.first, .last, .single])
    #expect(harness.rowIDs == ["a1", "a2", "b1"], "no dates, no separators")
  }

  @Test func aDayChangeInjectsASeparatorAndEndsTheGroup() {
    let harness = MessagesHarness([
      textItem("a1", "late", at: at(23, 59, 30, day: 21)),
      textItem("a2", "early", at: at(0, 0, 30, day: 22)),
      textItem("a3", "later", at: at(0, 1, 0, day: 22)),
    ])
    #expect(harness.rowIDs == ["a1/day", "a1", "a2/day", "a2", "a3"])
    #expect(positions(harness, ["a1", "a2", "a3"]) == [.single, .first, .last])
    let separator = harness.row("a2/day").map(harness.controller.item(atRow:)) as? TimeSeparatorItem
    #expect(separator?.date == at(0, 0, 30, day: 22))
    #expect(harness.decoration(of: "a2/day")?.bottomMargin == 1)
    #expect(harness.decoration(of: "a1")?.bottomMargin == 1)
  }

  @Test func anUndatedItemBetweenDaysDoesNotCount() {
    let harness = MessagesHarness([
      textItem("a1", "one", at: at(10, 0, day: 21)), StreamItem(id: "x1", type: "poll"),
      textItem("a2", "two", at: at(10, 0, day: 22)),
    ])
    #expect(harness.rowIDs == ["a1/day", "a1", "x1", "a2"])
  }

  @Test func daySeparatorsCanBeTurnedOff() {
    var configuration = MessagesDecorator.Configuration()
    configuration.showsDaySeparators = false
    configuration.showsStatusRows = false
    let harness = MessagesHarness(
      [textItem("a1", "one", at: at(10, 0)), mine("m1", "x", at: at(10, 0), status: .failed)],
      decorator: configuration)
    #expect(harness.rowIDs == ["a1", "m1"])
  }

  // MARK: Status rows

  @Test(arguments: [
    (DeliveryStatus.sending, true), (.failed, true), (.sent, false), (.delivered, false), (.read, false),
  ])
  func statusRowUnderTheLastOutgoingMessage(status: DeliveryStatus, shown: Bool) {
    let harness = MessagesHarness([
      textItem("a1", "hi", at: at(10, 0)), mine("m1", "yo", at: at(10, 1), status: status),
    ])
    #expect(harness.rowIDs == (shown ? ["a1/day", "a1", "m1", "m1/status"] : ["a1/day", "a1", "m1"]))
    if shown {
      let row = harness.row("m1/status")
      #expect((row.map(harness.controller.item(atRow:)) as? MessageStatusItem)?.status == status)
      #expect(harness.decoration(of: "m1")?.bottomMargin == 0, "the message hugs its status row")
      #expect(harness.decoration(of: "m1/status")?.bottomMargin == 1)
    }
  }

  @Test func incomingMessagesNeverGetAStatusRow() {
    let harness = MessagesHarness([textItem("a1", "hi", status: .failed)])
    #expect(harness.rowIDs == ["a1"])
  }

  @Test func onlyTheLastMessageOfAGroupGetsTheStatusRow() {
    let harness = MessagesHarness([
      mine("m1", "one", at: at(10, 0), status: .failed),
      mine("m2", "two", at: at(10, 0), status: .sending),
      mine("m3", "three", at: at(10, 0), status: .sent),
      mine("m4", "four", at: at(10, 5), status: .sending),
    ])
    // m1–m3 form a group ending in a sent message; m4 starts its own group.
    #expect(harness.rowIDs == ["m1/day", "m1", "m2", "m3", "m4", "m4/status"])
    let failed = harness.cell(of: "m1", as: TextMessageCell.self)
    #expect(failed?.failedIcon.isHidden == false, "the failed message keeps its retry icon")
  }

  @Test func theStatusRowFollowsTheEndOfTheGroupAsMessagesArrive() {
    let harness = MessagesHarness([mine("m1", "one", at: at(10, 0), status: .sending)])
    #expect(harness.rowIDs == ["m1/day", "m1", "m1/status"])
    harness.dataSource.append([mine("m2", "two", at: at(10, 0), status: .sending)])
    harness.apply()
    #expect(harness.rowIDs == ["m1/day", "m1", "m2", "m2/status"])
    harness.dataSource.append([textItem("a1", "reply", at: at(10, 1))])
    harness.apply()
    #expect(harness.rowIDs == ["m1/day", "m1", "m2", "m2/status", "a1"])
    harness.dataSource.replace(at: 1, with: mine("m2", "two", at: at(10, 0), status: .sent))
    harness.apply()
    #expect(harness.rowIDs == ["m1/day", "m1", "m2", "a1"])
    harness.dataSource.remove(1..<2)
    harness.apply()
    #expect(harness.rowIDs == ["m1/day", "m1", "m1/status", "a1"], "m1 is last of its group again")
  }

  @Test func injectedRowsKeepTheirPresentersAcrossUpdates() {
    let harness = MessagesHarness([mine("m1", "one", at: at(10, 0), status: .sending)])
    let separator = harness.row("m1/day").map(harness.controller.presenter(atRow:))
    let status = harness.row("m1/status").map(harness.controller.presenter(atRow:))
    harness.dataSource.replace(at: 0, with: mine("m1", "one", at: at(10, 0), status: .failed))
    harness.apply()
    #expect(harness.row("m1/day").map(harness.controller.presenter(atRow:)) === separator)
    #expect(harness.row("m1/status").map(harness.controller.presenter(atRow:)) === status)
    let cell = harness.cell(of: "m1/status", as: MessageStatusCell.self)
    #expect(cell?.label.text == "not delivered")
    #expect(cell?.styleName == "status.failed")
  }

  // MARK: Read receipts and the unread divider

  @Test func theReceiptComesUnderTheMessageAfterItsStatusRow() throws {
    let harness = MessagesHarness([
      readMessage(
        "m1", from: "me", incoming: false, at: at(10, 0), status: .sending, seenBy: ["bob", "yuki"])
    ])
    #expect(harness.rowIDs == ["m1/day", "m1", "m1/status", "m1/seen"])
    #expect(harness.decoration(of: "m1")?.bottomMargin == 0, "the message hugs its rows")
    #expect(harness.decoration(of: "m1/status")?.bottomMargin == 0)
    #expect(harness.decoration(of: "m1/seen")?.bottomMargin == 1)
    let row = try #require(harness.row("m1/seen"))
    #expect(
      (harness.controller.item(atRow: row) as? ReadReceiptItem)?.receipt
        == ReadReceipt(readers: ["bob", "yuki"]))
    let cell = harness.cell(of: "m1/seen", as: ReadReceiptCell.self)
    #expect(cell?.label.text == "seen by bob, yuki")
    #expect(cell?.styleName == "status.seen")
    #expect(!harness.controller.presenter(atRow: row).canBeSelected)
  }

  @Test func aReceiptBelongsToItsMessagesGroup() {
    let harness = MessagesHarness([
      readMessage("a1", at: at(10, 0), seenBy: ["bob"]), readMessage("a2", at: at(10, 1)),
    ])
    #expect(harness.rowIDs == ["a1/day", "a1", "a1/seen", "a2"])
    #expect(positions(harness, ["a1", "a2"]) == [.first, .last])
    #expect(harness.decoration(of: "a1")?.bottomMargin == 0)
    #expect(harness.decoration(of: "a1/seen")?.bottomMargin == 0, "inside the group")
    #expect(harness.decoration(of: "a1")?.showsTail == false)
  }

  /// The divider ends the group, as a new day does: the first new message shows its sender.
  @Test func theUnreadDividerEndsTheGroupOfTheLastReadMessage() throws {
    let harness = MessagesHarness([
      readMessage("a1", at: at(10, 0), unreadAfter: true), readMessage("a2", at: at(10, 1)),
    ])
    #expect(harness.rowIDs == ["a1/day", "a1", "a1/unread", "a2"])
    #expect(positions(harness, ["a1", "a2"]) == [.single, .single])
    #expect(harness.decoration(of: "a1")?.bottomMargin == 1)
    #expect(harness.decoration(of: "a1/unread")?.bottomMargin == 1)
    let row = try #require(harness.row("a1/unread"))
    #expect(!harness.controller.presenter(atRow: row).canBeSelected)
    let lines = harness.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let divider = try #require(lines.first { $0.contains("new messages") })
    // Centred in 40 columns: 18 columns of text, 11 columns each side.
    #expect(divider == String(repeating: " ", count: 11) + "── new messages ──")
    #expect(lines.contains { $0.contains("alice") && !$0.contains("(A)") }, "the sender is named again")
  }

  /// Under a message: its status row, its receipt, the divider; then the next day.
  @Test func rowsUnderAMessageComeInOrder() {
    let harness = MessagesHarness([
      readMessage(
        "m1", from: "me", incoming: false, at: at(10, 0), status: .failed, seenBy: ["bob"], unreadAfter: true),
      readMessage("a1", at: at(10, 0, day: 22)),
    ])
    #expect(harness.rowIDs == ["m1/day", "m1", "m1/status", "m1/seen", "m1/unread", "a1/day", "a1"])
    #expect(harness.decoration(of: "m1/seen")?.bottomMargin == 1)
  }

  @Test func receiptsAndTheDividerCanBeTurnedOff() {
    var configuration = MessagesDecorator.Configuration()
    configuration.showsReadReceipts = false
    configuration.showsUnreadDivider = false
    let harness = MessagesHarness(
      [
        readMessage("a1", at: at(10, 0), seenBy: ["bob"], unreadAfter: true),
        readMessage("a2", at: at(10, 1)),
      ],
      decorator: configuration)
    #expect(harness.rowIDs == ["a1/day", "a1", "a2"])
    #expect(positions(harness, ["a1", "a2"]) == [.first, .last], "no divider, no break")
  }

  @Test func aMovingReceiptReplacesItsRowsInPlace() {
    let harness = MessagesHarness([
      readMessage("a1", at: at(10, 0), seenBy: ["bob"]), readMessage("a2", from: "bob", at: at(10, 1)),
    ])
    let receipt = harness.row("a1/seen").map(harness.controller.presenter(atRow:))
    harness.dataSource.replace(at: 0, with: readMessage("a1", at: at(10, 0), seenBy: ["bob", "yuki"]))
    harness.apply()
    #expect(harness.row("a1/seen").map(harness.controller.presenter(atRow:)) === receipt)
    #expect(harness.cell(of: "a1/seen", as: ReadReceiptCell.self)?.label.text == "seen by bob, yuki")
    harness.dataSource.replace(at: 0, with: readMessage("a1", at: at(10, 0)))
    harness.dataSource.replace(at: 1, with: readMessage("a2", from: "bob", at: at(10, 1), seenBy: ["bob"]))
    harness.apply()
    #expect(harness.rowIDs == ["a1/day", "a1", "a2", "a2/seen"])
  }

  @Test func prependedHistoryMovesTheDaySeparator() {
    let harness = MessagesHarness([textItem("a2", "today", at: at(10, 0))])
    harness.dataSource.insert(
      [textItem("a1", "earlier today", from: "bob", at: at(9, 0))], at: 0, type: .pagination)
    harness.apply()
    #expect(harness.rowIDs == ["a1/day", "a1", "a2"])
  }

  /// Decorating a run (each item read once) answers exactly as decorating item by item,
  /// including at the run's ends, whose neighbours lie outside it.
  @Test func aRunDecoratesAsItemByItem() {
    var random = SeededRandom(seed: 11)
    let senders = ["alice", "bob", "me"]
    let items: [any ChatItem] = (0..<400).map { index in
      let sender = senders[random.below(senders.count)]
      let minute = 60 * 9 + index * random.int(in: 0...40)
      let date = random.below(12) == 0 ? nil : at(minute / 60 % 24, minute % 60, day: 21 + minute / 1_440)
      switch random.below(12) {
      case 0: return StreamItem(id: "s\(index)", type: "system", date: date, text: "notice")
      case 1: return TypingIndicatorItem(senders: [sender])
      case 2: return StreamItem(id: "x\(index)", type: "poll", date: date)
      default:
        let status = DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)]
        return textItem("m\(index)", "text", from: sender, incoming: sender != "me", at: date, status: status)
      }
    }
    let decorator = MessagesDecorator()
    func summary(_ decorated: DecoratedItems) -> String {
      let injected = (decorated.leading + decorated.trailing).map { "\($0.item.id) \($0.decoration)" }
      return "\(decorated.decoration) \(injected)"
    }
    for range in [0..<400, 1..<399, 37..<38, 100..<250, 399..<400] {
      let byRun = decorator.decorate(DecorationRun(items: items, range: range)).map(summary)
      let byItem = range.map { summary(decorator.decorate(DecorationContext(items: items, index: $0))) }
      let mismatch = zip(byRun, byItem).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(byRun.count == byItem.count, "range \(range)")
      #expect(mismatch == nil, "range \(range), item \(range.lowerBound + (mismatch?.offset ?? 0))")
    }
  }

  /// A replacement changes no decoration when nothing the rules read changed (a reaction, an
  /// edit, a new text), only the message's own when its status or readers changed, and its
  /// neighbours' when what groups or separates it changed.
  @Test func theImpactOfAReplacementFollowsWhatTheRulesRead() {
    let decorator = MessagesDecorator()
    let message = MessageModel(id: "m1", type: "text", sender: "bob", date: at(9, 0), status: .sent)
    let item = TextMessageItem(message: message, text: "hi")
    func impact(text: String = "hi", _ change: (inout MessageModel) -> Void = { _ in }) -> DecorationImpact {
      var copy = message
      change(&copy)
      return decorator.impactOfReplacing(item, with: TextMessageItem(message: copy, text: text))
    }
    #expect(impact(text: "hello") == .none)
    #expect(impact { $0.reactions = [MessageReaction(reaction: "👍", count: 1)] } == .none)
    #expect(impact { $0.isEdited = true } == .none)
    #expect(impact { $0.isDeleted = true } == .none)
    #expect(impact { $0.status = .failed } == .item)
    #expect(impact { $0.readReceipt = ReadReceipt(readers: ["omar"]) } == .item)
    #expect(impact { $0.sender = "yuki" } == .neighbours)
    #expect(impact { $0.isIncoming = false } == .neighbours)
    #expect(impact { $0.date = at(9, 1) } == .neighbours)
    #expect(impact { $0.isFollowedByUnreadDivider = true } == .neighbours)
    let notice = SystemNoticeItem(id: "m1", text: "hi", date: at(9, 0))
    #expect(decorator.impactOfReplacing(item, with: notice) == .neighbours)
  }

  /// Incremental updates (re-decorating one item each way) end where a full rebuild does:
  /// the decorator's reach of 1 is enough for groups, days, status rows, and, `withReads`,
  /// receipts and the unread divider (which ends a group).
  @Test(arguments: [false, true])
  func incrementalUpdatesMatchAFullRebuild(withReads: Bool) {
    let seed = SeededRandom.seed(fromEnvironment: "MESSAGES_DECORATOR_SEED", default: 7)
    var random = SeededRandom(seed: seed)
    let senders = ["alice", "bob", "me"]
    var next = 0
    func makeItem() -> any ChatItem {
      next += 1
      let sender = senders[random.below(senders.count)]
      let minute = 60 * 9 + next * random.int(in: 0...3)
      let date = at(minute / 60 % 24, minute % 60, day: 21 + minute / 1_440)
      if random.below(10) == 0 {
        return StreamItem(id: "s\(next)", type: "system", date: date, text: "notice \(next)")
      }
      let status = DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)]
      if withReads, random.below(2) == 0 {
        return readMessage(
          "m\(next)", from: sender, incoming: sender != "me", at: date, status: status,
          seenBy: Array(["bob", "yuki", "omar", "eve"].prefix(random.below(5))),
          unreadAfter: random.below(4) == 0)
      }
      return textItem(
        "m\(next)", "text \(next)", from: sender, incoming: sender != "me", at: date, status: status)
    }
    let harness = MessagesHarness((0..<12).map { _ in makeItem() }, width: 50, height: 12)
    for step in 0..<150 {
      let items = harness.dataSource.items
      switch random.below(4) {
      case 0: harness.dataSource.insert([makeItem()], at: random.below(items.count + 1))
      case 1 where items.count > 2:
        let index = random.below(items.count)
        harness.dataSource.remove(index..<index + 1)
      case 2 where !items.isEmpty:
        let index = random.below(items.count)
        if var item = items[index] as? StreamItem {
          if random.below(3) == 0 {
            // Only the text: no decoration changes, and none is made again.
            item.text = "edited \(step)"
          } else {
            item.status = DeliveryStatus.allCases[random.below(DeliveryStatus.allCases.count)]
          }
          harness.dataSource.replace(at: index, with: item)
        } else if let item = items[index] as? TextMessageItem {
          // A reader arrives or moves on; the mark comes or goes.
          var message = item.message
          message.readReceipt = ReadReceipt(readers: message.readReceipt.isEmpty ? ["zoe"] : [])
          message.isFollowedByUnreadDivider = random.below(2) == 0
          harness.dataSource.replace(at: index, with: TextMessageItem(message: message, text: item.text))
        }
      default: harness.dataSource.append([makeItem()])
      }
      if random.below(3) == 0 { harness.apply() }
      harness.apply()
      let fresh = MessagesHarness(harness.dataSource.items, width: 50, height: 12)
      #expect(harness.layoutDump == fresh.layoutDump, "seed \(seed), step \(step), reads \(withReads)")
      let decorations = (0..<harness.controller.rowCount).map(harness.controller.decoration(atRow:))
      let expected = (0..<fresh.controller.rowCount).map(fresh.controller.decoration(atRow:))
      #expect(decorations == expected, "seed \(seed), step \(step)")
      if harness.layoutDump != fresh.layoutDump { break }
    }
  }
}
