import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing

/// Writes "First Last" senders as "Last, First": a theme is nothing but cell classes.
final class LastNameFirstTextCell: TextMessageCell {
  override class func displayName(forSender sender: String) -> String {
    let parts = sender.split(separator: " ")
    guard parts.count > 1, let last = parts.last else { return sender }
    return "\(last), \(parts.dropLast().joined(separator: " "))"
  }
}

struct DirectoryTheme: MessagesTheme {
  typealias TextCell = LastNameFirstTextCell
}

@Suite struct ThemeTests {
  static let items: [any ChatItem] = [
    textItem("a1", "The quick brown fox jumps over the lazy dog", from: "Ada Lovelace", at: at(10, 0)),
    mine("m1", "Nice", at: at(10, 1), status: .read),
    photoItem("p1", width: 1200, height: 800, from: "Ada Lovelace", at: at(10, 2)),
  ]

  /// The same controller code for every theme: only the builders' theme differs.
  func makeController(theme: some MessagesTheme, width: Double) -> ChatTranscriptController {
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: theme), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: 40))
    let dataSource = ArrayDataSource(Self.items)
    controller.dataSource = dataSource
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return controller
  }

  func dump(_ controller: ChatTranscriptController) -> [String] {
    controller.rowFrames.map { "\($0.id) \(Int($0.frame.minY)) \(Int($0.frame.height))" }
  }

  func cellClasses(_ controller: ChatTranscriptController) -> [String] {
    controller.collectionView.visibleCells.map { String(describing: type(of: $0.cell)) }
  }

  @Test(arguments: [40.0, 80.0, 120.0])
  func switchingThemesChangesCellsAndHeightsOnly(width: Double) {
    let compact = makeController(theme: CompactTheme(), width: width)
    let roomy = makeController(theme: RoomyTheme(), width: width)
    #expect(
      cellClasses(compact) == ["TimeSeparatorCell", "TextMessageCell", "TextMessageCell", "PhotoMessageCell"])
    #expect(
      cellClasses(roomy)
        == ["TimeSeparatorCell", "RoomyTextMessageCell", "RoomyTextMessageCell", "RoomyPhotoMessageCell"])
    #expect(compact.rowFrames.map(\.id) == roomy.rowFrames.map(\.id))
    for row in 0..<compact.rowCount where compact.item(atRow: row).type == "text" {
      #expect(roomy.frame(ofRow: row).height > compact.frame(ofRow: row).height, "footer rows")
    }
  }

  @Test func exactRowsPerTheme() {
    #expect(
      dump(makeController(theme: CompactTheme(), width: 40)) == ["a1/day 0 1", "a1 2 3", "m1 6 1", "p1 8 10"])
    // Roomy: text wraps at 23 columns, plus footers; photos up to 14 rows (27×9 at 40 columns).
    #expect(
      dump(makeController(theme: RoomyTheme(), width: 40)) == ["a1/day 0 1", "a1 2 4", "m1 7 2", "p1 10 11"])
  }

  /// What a command line does with `--theme NAME`: an existential, opened by the call.
  @Test func themesChosenByNameWork() throws {
    let compact = try #require(MessagesKit.themesByName["compact"])
    let roomy = try #require(MessagesKit.themesByName["roomy"])
    // Separator 1 + 1, alice 2 + 1, "Nice" 1 + 1, photo 1 + 10 + 1.
    #expect(makeController(theme: compact, width: 80).contentHeight == 19)
    // Footers add a row to each bubble; the photo may be 14 rows tall.
    #expect(makeController(theme: roomy, width: 80).contentHeight == 26)
    #expect(MessagesKit.themesByName.keys.sorted() == ["compact", "roomy"])
  }

  @Test func aCustomCellWritesNamesItsOwnWay() throws {
    let directory = makeController(theme: DirectoryTheme(), width: 40)
    let compact = makeController(theme: CompactTheme(), width: 40)
    let custom = try #require(directory.collectionView.cell(forRow: 1) as? LastNameFirstTextCell)
    let plain = try #require(compact.collectionView.cell(forRow: 1) as? TextMessageCell)
    #expect(custom.senderLabel.text == "Lovelace, Ada")
    #expect(plain.senderLabel.text == "Ada Lovelace")
    // The photo keeps the default cell, and so the default name order.
    let photo = try #require(directory.collectionView.cell(forRow: 3) as? PhotoMessageCell)
    #expect(photo.senderLabel.text == "Ada Lovelace")
  }
}
