import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// A builder's measurer must give every item the height its presenter gives: a row is sized
/// by one or the other depending on whether it has been on screen, and the layout must not
/// tell the difference.
@Suite struct HeightMeasurerTests {
  @Test(arguments: SyntheticTranscript.Language.allCases)
  func measurersAgreeWithPresenters(language: SyntheticTranscript.Language) throws {
    let seed = SeededRandom.seed(fromEnvironment: "MEASURER_SEED", default: 11)
    var random = SeededRandom(seed: seed)
    var items: [any ChatItem] = []
    for case .insert(let item, _) in SyntheticTranscript(count: 600, seed: seed, language: language) {
      items.append(item)
      // The rows the decorator injects, and the module's own item structs.
      if let date = item.date, random.below(8) == 0 {
        items.append(TimeSeparatorItem(precedingItemWithID: item.id, date: date))
      }
      if let status = item.status, random.below(8) == 0 {
        items.append(MessageStatusItem(messageID: item.id, status: status))
      }
      if item.type == MessageItemType.text, random.below(8) == 0 {
        items.append(try #require(TextMessageItem(converting: item)))
      }
    }
    items.append(TypingIndicatorItem(senders: ["ana"]))
    items.append(
      SystemNoticeItem(id: "n1", text: "ana joined the conversation and said hello to everyone", date: nil))
    items.append(StreamItem(id: "n2", type: MessageItemType.system, text: "the topic changed"))
    items.append(
      ReadReceiptItem(messageID: "n2", receipt: ReadReceipt(readers: ["bob", "yuki", "omar", "eve"])))
    items.append(UnreadDividerItem(followingItemWithID: "n2"))
    #expect(Set(items.map(\.type)) == Set(MessagesKit.builders(theme: CompactTheme()).keys))

    // The terminal themes in columns, and the phone theme in points with a real font.
    // Narrow widths wrap even short texts, where insets and margins show; each item is also
    // measured at a random width from `randomFrom` up.
    typealias Layout = (builders: [String: [any ChatItemPresenterBuilder]], widths: [Double], randomFrom: Int)
    var layouts: [Layout] = []
    for theme in [MessagesKit.themesByName["compact"]!, MessagesKit.themesByName["roomy"]!] {
      layouts.append(
        (MessagesKit.builders(theme: theme, cache: TextMetricsCache(capacity: 0)), [12, 30], 20))
    }
    let phone = MessagesKit.builders(
      theme: PhoneTheme(), measurer: try TestFont.dejaVuSansMeasurer(), configuration: .phone,
      cache: TextMetricsCache(capacity: 0))
    layouts.append((phone, [60, 390], 200))
    for (builders, fixedWidths, randomFrom) in layouts {
      let factory = ChatItemPresenterFactory(builders)
      var compared = 0
      for item in items {
        guard let measurer = builders[item.type]?.first?.heightMeasurer else {
          Issue.record("no measurer for \(item.type)")
          continue
        }
        let presenter = factory.makePresenter(for: item)
        for width in fixedWidths + [Double(randomFrom + random.below(5 * randomFrom))] {
          let decoration = ChatItemDecoration(
            bottomMargin: Double(random.below(3)), showsTail: random.below(2) == 0,
            showsAvatar: random.below(2) == 0,
            groupPosition: [.single, .first, .middle, .last][random.below(4)])
          let measured = measurer.height(of: item, maximumWidth: width, decoration: decoration)
          let presented = presenter.heightForCell(maximumWidth: width, decoration: decoration)
          #expect(measured == presented, "\(item.type) \(item.id) at width \(width), seed \(seed)")
        }
        compared += 1
      }
      #expect(compared == items.count)
    }
  }

  @Test func measurersRefuseItemsTheirBuildersDoNotHandle() {
    let builders = MessagesKit.builders(theme: CompactTheme())
    let photo = StreamItem(id: "p", type: MessageItemType.photo, width: 10, height: 10)
    let text = StreamItem(id: "t", type: MessageItemType.text, text: "hi")
    let textMeasurer = builders[MessageItemType.text]?.first?.heightMeasurer
    let photoMeasurer = builders[MessageItemType.photo]?.first?.heightMeasurer
    let separatorMeasurer = builders[MessageItemType.timeSeparator]?.first?.heightMeasurer
    #expect(textMeasurer?.height(of: photo, maximumWidth: 40, decoration: .plain) == nil)
    #expect(photoMeasurer?.height(of: text, maximumWidth: 40, decoration: .plain) == nil)
    #expect(separatorMeasurer?.height(of: text, maximumWidth: 40, decoration: .plain) == nil)
    #expect(textMeasurer?.height(of: text, maximumWidth: 40, decoration: .plain) != nil)
  }
}
