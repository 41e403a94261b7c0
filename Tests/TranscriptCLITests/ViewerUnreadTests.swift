import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Testing

@testable import transcript

/// `transcript view`'s `u`, through ``ViewerScreen`` without a terminal: it goes to the unread
/// divider, paging history in as far as it, or says there is none.
@Suite struct ViewerUnreadTests {
  /// 300 incoming messages applied as `transcript view` applies a stream, the local user's
  /// last-read mark on `m<lastRead>` when given.
  static func screen(lastRead: Int?) -> ViewerScreen {
    let stream = StreamTranscript()
    for index in 0..<300 {
      let item = StreamItem(
        id: "m\(index)", type: "text", sender: index % 2 == 0 ? "ann" : "bob", isIncoming: true,
        text: "message \(index)")
      stream.apply(.insert(item, position: .end))
    }
    if let lastRead { stream.apply(.lastRead(id: "m\(lastRead)")) }
    let screen = ViewerScreen(
      items: stream.chatItems, theme: CompactTheme(), pageSize: 20, columns: 60, rows: 12, usesColour: false)
    screen.start()
    return screen
  }

  @Test func uGoesToTheDividerInHistoryNotYetLoaded() throws {
    let screen = Self.screen(lastRead: 42)
    #expect(screen.transcript.loadedCount == 20)
    #expect(!screen.frame().lines.contains { $0.contains("new messages") })
    #expect(screen.perform(.byte(UInt8(ascii: "u"))) == .handled)
    #expect(screen.transcript.loadedCount >= 300 - 42)
    let frame = screen.frame()
    let divider = try #require(frame.lines.firstIndex { $0.contains("── new messages ──") })
    // The last message read above it, the first new one below.
    #expect(frame.lines[..<divider].contains { $0.contains("message 42") })
    #expect(frame.lines[divider...].contains { $0.contains("message 43") })
    #expect(frame.status.text(columns: 60).contains("new messages from 44"))
  }

  @Test func uSaysSoWhenThereIsNoDivider() {
    for lastRead in [nil, 299] as [Int?] {
      let screen = Self.screen(lastRead: lastRead)
      let before = screen.frame().lines
      _ = screen.perform(.byte(UInt8(ascii: "u")))
      #expect(screen.frame().lines == before, "\(String(describing: lastRead))")
      #expect(screen.transcript.loadedCount == 20)
      #expect(screen.frame().status.text(columns: 60).contains("no new messages"))
    }
  }

  @Test func helpListsTheKey() {
    #expect(ViewCommand.help.contains("\n  u                   the unread divider"))
  }
}
