import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import Testing

@testable import transcript

/// `transcript view`'s search, through ``ViewerScreen`` without a terminal: `/` takes a query,
/// Enter goes to the next message holding it (paging history in as far as it) and selects
/// it, `n` and `N` go on and back round the transcript, Escape cancels.
@Suite struct ViewerSearchTests {
  /// 300 messages, the newest last; `texts` replaces the text of the messages it names.
  static func screen(texts: [Int: String] = [:]) -> ViewerScreen {
    let items: [any ChatItem] = (0..<300).map { index in
      StreamItem(
        id: "m\(index)", type: "text", sender: index % 2 == 0 ? "ann" : "bob", isIncoming: true,
        text: texts[index] ?? "message \(index)")
    }
    let screen = ViewerScreen(
      items: items, theme: CompactTheme(), pageSize: 20, columns: 60, rows: 12, usesColour: false)
    screen.start()
    return screen
  }

  /// Types `text` after `/` and presses Enter.
  static func search(_ text: String, on screen: ViewerScreen) {
    _ = screen.perform(.byte(UInt8(ascii: "/")))
    for byte in text.utf8 { _ = screen.perform(.byte(byte)) }
    _ = screen.perform(.byte(0x0D))
  }

  @Test func enterGoesToAMatchInHistoryNotYetLoadedAndSelectsIt() {
    let screen = Self.screen(texts: [42: "Un ÉCLAIR au café"])
    #expect(screen.transcript.loadedCount == 20)
    Self.search("éclair", on: screen)
    #expect(screen.matchPosition == 42)
    #expect(screen.controller.selectedItemIDs == ["m42"])
    #expect(screen.transcript.loadedCount >= 300 - 42)
    let frame = screen.frame()
    #expect(frame.lines.contains { $0.contains("Un ÉCLAIR au café") })
    #expect(frame.status.text(columns: 60).contains("match at 43"))
  }

  @Test func nAndShiftNGoRoundTheMatchesBothWays() {
    let screen = Self.screen(texts: [10: "a NEEDLE", 150: "needle here", 290: "the Needle"])
    Self.search("needle", on: screen)
    let order = [10, 150, 290]
    guard let first = screen.matchPosition, let start = order.firstIndex(of: first) else {
      Issue.record("the first search found \(String(describing: screen.matchPosition))")
      return
    }
    _ = screen.perform(.byte(UInt8(ascii: "n")))
    #expect(screen.matchPosition == order[(start + 1) % 3])
    _ = screen.perform(.byte(UInt8(ascii: "n")))
    #expect(screen.matchPosition == order[(start + 2) % 3])
    _ = screen.perform(.byte(UInt8(ascii: "N")))
    #expect(screen.matchPosition == order[(start + 1) % 3])
    #expect(screen.controller.selectedItemIDs == ["m\(order[(start + 1) % 3])"])
  }

  @Test func escapeCancelsAndBackspaceTakesWholeCharacters() {
    let screen = Self.screen(texts: [5: "xé"])
    _ = screen.perform(.byte(UInt8(ascii: "/")))
    for byte in "xyé".utf8 { _ = screen.perform(.byte(byte)) }
    _ = screen.perform(.byte(0x7F))
    _ = screen.perform(.byte(0x7F))
    #expect(screen.search.query == "x")
    #expect(screen.frame().status.text(columns: 60).hasPrefix(" /x "))
    _ = screen.perform(.other)
    #expect(!screen.search.isEditing)
    #expect(screen.matchPosition == nil)
    #expect(screen.controller.selectedItemIDs.isEmpty)
  }

  @Test func aQueryWithNoMatchIsSaidInTheStatusBar() {
    let screen = Self.screen()
    Self.search("zebra", on: screen)
    #expect(screen.matchPosition == nil)
    #expect(screen.frame().status.text(columns: 60).contains("no match for zebra"))
  }
}
