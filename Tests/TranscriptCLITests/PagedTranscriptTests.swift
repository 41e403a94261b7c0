import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Testing

@testable import transcript

@Suite struct PagedTranscriptTests {
  static func items(_ count: Int) -> [any ChatItem] {
    (0..<count).map {
      StreamItem(id: "m\($0)", type: "text", sender: "ann", isIncoming: true, text: "message \($0)")
    }
  }

  /// Records what a data source reports.
  final class Recorder: ChatDataSourceDelegate {
    var changes: [(changes: [ChatItemsChange], type: UpdateType)] = []
    func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {}
    func chatDataSource(
      _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
    ) {
      self.changes.append((changes, type))
    }
  }

  @Test func startsWithTheNewestPageAndHandsOutOlderPagesAsPaginationInserts() throws {
    let paged = PagedTranscript(items: Self.items(450), pageSize: 200)
    let recorder = Recorder()
    paged.delegate = recorder
    #expect(paged.chatItems.map(\.id) == (250..<450).map { "m\($0)" })
    #expect(paged.hasMorePrevious)

    paged.loadPrevious()
    paged.loadPrevious()
    #expect(!paged.hasMorePrevious)
    #expect(paged.loadedCount == 450)
    #expect(paged.chatItems.map(\.id) == (0..<450).map { "m\($0)" })
    #expect(recorder.changes.map(\.type) == [.pagination, .pagination])
    let pages = recorder.changes.map { record -> [String] in
      guard case .insert(let items, at: 0) = record.changes.first else { return [] }
      return items.map(\.id)
    }
    #expect(pages == [(50..<250).map { "m\($0)" }, (0..<50).map { "m\($0)" }])

    paged.loadPrevious()
    #expect(recorder.changes.count == 2, "nothing more to load")
    #expect(paged.position(ofID: "m7") == 7)
  }

  /// A jump far up loads whole pages as far as the item, in one pagination insert.
  @Test func loadingThroughAPositionIsOneInsertOfWholePages() {
    let paged = PagedTranscript(items: Self.items(1_000), pageSize: 100)
    let recorder = Recorder()
    paged.delegate = recorder
    paged.load(through: 455)
    #expect(paged.loadedCount == 600, "pages 400..<900 and the newest")
    #expect(recorder.changes.count == 1)
    guard case .insert(let items, at: 0) = recorder.changes.first?.changes.first else {
      Issue.record("not an insert at the top: \(recorder.changes)")
      return
    }
    #expect(items.map(\.id) == (400..<900).map { "m\($0)" })
    paged.load(through: 455)
    #expect(recorder.changes.count == 1, "already loaded")
  }

  /// Through the engine: scrolling to the top asks for the next page, and the row the reader
  /// was looking at stays where it was.
  @Test func theControllerPagesInHistoryAndKeepsTheReadingPosition() throws {
    let paged = PagedTranscript(items: Self.items(1_000), pageSize: 100)
    let controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: CompactTheme()), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: 40, height: 10))
    controller.dataSource = paged
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    controller.collectionView.scrollToBottom()
    controller.applyPendingUpdates()
    #expect(paged.loadedCount == 100)

    controller.collectionView.setContentOffset(5)
    let topRow = try #require(controller.row(atY: 5))
    let topID = controller.item(atRow: topRow).id
    controller.applyPendingUpdates()
    #expect(paged.loadedCount == 200)
    let offset = controller.collectionView.viewport.contentOffset
    let row = try #require(controller.row(atY: offset))
    #expect(controller.item(atRow: row).id == topID)
    #expect(controller.frame(ofRow: row).minY <= offset)
  }
}
