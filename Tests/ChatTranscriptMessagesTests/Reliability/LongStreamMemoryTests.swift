import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscriptStreams

/// A long stream in which almost every message is deleted again must leave behind only what
/// the live messages need: no ids in the stream's index, presenters, rows or cells of deleted
/// messages, and caches no bigger than their capacity. Counted, not timed.
@Suite struct LongStreamMemoryTests {
  /// Keeps a presenter without keeping it alive.
  struct WeakPresenter {
    weak var presenter: (any ChatItemPresenter)?
    let id: String
  }

  static let messageCount = 12_000
  /// Messages alive at once: more than one chunk of rows, so chunks come and go.
  static let liveCount = 700

  /// One NDJSON line per event, with statuses and edits on live messages now and then.
  static func churn(using random: inout SeededRandom) -> [[UInt8]] {
    var lines: [String] = []
    for number in 0..<messageCount {
      let sender = ["ann", "bob", "me"][random.below(3)]
      lines.append(
        #"{"op":"insert","item":{"id":"c\#(number)","type":"text","sender":"\#(sender)","#
          + #""incoming":\#(sender != "me"),"date":"2026-11-21T10:00:00Z","text":"churn \#(number)"}}"#)
      let live = max(number - liveCount + 1, 0)...number
      if random.below(10) == 0 {
        lines.append(#"{"op":"status","id":"c\#(random.int(in: live))","status":"read"}"#)
      }
      if random.below(20) == 0 {
        lines.append(
          #"{"op":"update","item":{"id":"c\#(random.int(in: live))","type":"text","text":"edited"}}"#)
      }
      if number >= liveCount {
        lines.append(#"{"op":"delete","id":"c\#(number - liveCount)"}"#)
      }
    }
    return lines.map { Array($0.utf8) }
  }

  @Test func churnLeavesOnlyWhatLiveMessagesNeed() throws {
    let seed = SeededRandom.seed(fromEnvironment: "LONG_STREAM_SEED", default: 5)
    var random = SeededRandom(seed: seed)
    var configuration = ChatTranscriptController.Configuration()
    configuration.heightCacheCapacity = 2_000
    let session = StreamSession(width: 60, height: 24, configuration: configuration)
    let lines = Self.churn(using: &random)

    // Feed in bursts, remembering (weakly) the presenter of every 50th message once it shows.
    var watched: [WeakPresenter] = []
    var watchedIDs: Set<String> = []
    var fed = 0
    while fed < lines.count {
      let burst = Array(lines[fed..<min(fed + 1 + random.below(200), lines.count)])
      #expect(session.feed(burst, longestBurst: burst.count, using: &random).isEmpty)
      fed += burst.count
      for row in 0..<session.controller.rowCount {
        let id = session.controller.item(atRow: row).id
        guard id.hasPrefix("c"), let number = Int(id.dropFirst()), number.isMultiple(of: 50),
          watchedIDs.insert(id).inserted
        else { continue }
        watched.append(WeakPresenter(presenter: session.controller.presenter(atRow: row), id: id))
      }
    }

    let transcript = session.transcript
    let controller = session.controller
    let liveIDs = Set(transcript.chatItems.map(\.id))
    #expect(transcript.count == Self.liveCount)
    #expect(transcript.indexedIDCount == transcript.count, "the id index holds deleted ids")
    #expect(controller.itemCount == transcript.count)
    // Rows: the live messages and what the decorator injects around them, nothing else.
    for row in 0..<controller.rowCount {
      let id = controller.item(atRow: row).id
      #expect(liveIDs.contains(String(id.prefix { $0 != "/" })), "row \(row) is \(id)")
    }

    // Presenters of deleted messages are gone; those of live ones are the rows' own.
    #expect(watched.count == Self.messageCount / 50)
    for entry in watched where !liveIDs.contains(entry.id) {
      #expect(entry.presenter == nil, "the presenter of deleted \(entry.id) is still alive")
    }

    // Cells: a screenful and the reuse pool, every one accounted for, however many messages.
    let collectionView = controller.collectionView
    let created = collectionView.cellsCreated.values.reduce(0, +)
    let pooled = collectionView.pooledCellCounts.values.reduce(0, +)
    #expect(created == collectionView.visibleCells.count + pooled)
    #expect(created <= 3 * 24, "\(created) cells for a 24-row viewport")
    for (row, _) in collectionView.visibleCells {
      #expect(row < controller.rowCount)
    }

    // Caches stay within their capacity, whatever passed through them.
    #expect(controller.cachedHeightCount <= configuration.heightCacheCapacity)
  }
}
