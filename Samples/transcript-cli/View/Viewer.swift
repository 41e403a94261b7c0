import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen viewer behind `transcript view`: a scrollable transcript above a status bar.
///
/// History is paged through the engine: the controller is given a ``PagedTranscript`` that
/// starts with the newest page, and asks it for older pages as the reader nears the top; the
/// engine keeps the reader's row in place when a page arrives. Resizes (SIGWINCH, and a size
/// check after every key) relayout at the new width, keeping the top row in place, or the
/// bottom in view for a reader who was at the bottom.
///
/// The keyboard is read on a thread of its own and signals arrive through Dispatch, all
/// posted to one ``Inbox``; the controller stays on the main thread, which handles a burst of
/// keys at once and draws once per burst.
final class Viewer {
  private let controller: ChatTranscriptController
  private let transcript: PagedTranscript
  private let terminal: RawTerminal
  private let keyboard: Int32
  private let usesColour: Bool
  private let inbox = Inbox<ViewerMessage>()
  private var decoder = KeyDecoder()
  private var columns: Int
  private var rows: Int
  /// How long the most recent `applyPendingUpdates()` that had work took.
  private var lastLayoutMilliseconds = 0.0
  private var output = OutputBuffer(fileDescriptor: 1)

  /// - Parameters:
  ///   - items: the whole transcript, oldest first.
  ///   - pageSize: items handed to the engine per page of history.
  ///   - keyboard: the terminal descriptor keys are read from.
  ///   - terminal: that terminal's mode switcher.
  init(
    items: [any ChatItem], theme: any MessagesTheme, pageSize: Int, keyboard: Int32, terminal: RawTerminal,
    usesColour: Bool
  ) {
    let size = Terminal.size(of: 1) ?? (columns: 80, rows: 24)
    columns = size.columns
    rows = size.rows
    transcript = PagedTranscript(items: items, pageSize: pageSize)
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: theme), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(size.columns), height: Double(max(size.rows - 1, 1))))
    controller.dataSource = transcript
    self.keyboard = keyboard
    self.terminal = terminal
    self.usesColour = usesColour
  }

  /// Shows the newest page and handles keys until `q`, Ctrl-C or the end of keyboard input.
  ///
  /// A terminating signal restores the terminal and then ends the process by that signal.
  func run() {
    controller.requestUpdate(.firstLoad)
    applyUpdates()
    controller.collectionView.scrollToBottom()
    applyUpdates()

    // Signals first: from the moment the terminal is raw, a terminating one must restore it.
    let inbox = self.inbox
    let signals = SignalForwarder([SIGWINCH, SIGTERM, SIGINT, SIGHUP]) { number in
      inbox.post(number == SIGWINCH ? .resized : .terminate(signal: number))
    }
    terminal.enter()
    KeyboardThread.start(reading: keyboard, into: inbox)
    draw()
    var quits = false
    while !quits {
      for message in inbox.waitForMessages() where !quits {
        switch message {
        case .input(let bytes):
          for key in decoder.keys(from: bytes) where !quits {
            quits = !perform(key)
          }
        case .keyboardClosed:
          quits = true
        case .resized:
          break  // the size is checked below, after every burst
        case .terminate(let number):
          terminal.restore()
          signals.cancel()
          _ = raise(number)
          exit(128 + number)
        }
      }
      if !quits {
        fitToTerminal()
        applyUpdates()
        draw()
      }
    }
    terminal.restore()
    signals.cancel()
  }

  // MARK: Keys

  /// Acts on one key; `false` when it quits.
  private func perform(_ key: Key) -> Bool {
    let collectionView = controller.collectionView
    let page = max(Int(collectionView.viewport.height) - 1, 1)
    switch key {
    case .up, .byte(UInt8(ascii: "k")): scroll(by: -1)
    case .down, .byte(UInt8(ascii: "j")), .byte(0x0D): scroll(by: 1)
    case .pageUp, .byte(UInt8(ascii: "b")): scroll(by: -page)
    case .pageDown, .byte(UInt8(ascii: " ")): scroll(by: page)
    case .home, .byte(UInt8(ascii: "g")): scrollToBeginning()
    case .end, .byte(UInt8(ascii: "G")): collectionView.scrollToBottom()
    case .byte(UInt8(ascii: "q")), .byte(UInt8(ascii: "Q")), .byte(0x03), .byte(0x04): return false
    case .byte(0x0C): output.append("\u{1B}[2J")  // Ctrl-L: the next draw repaints everything
    default: break
    }
    applyUpdates()
    return true
  }

  /// Scrolls by `rows`; near the top the engine asks for the next older page by itself.
  private func scroll(by rows: Int) {
    let collectionView = controller.collectionView
    collectionView.setContentOffset(collectionView.viewport.contentOffset + Double(rows))
  }

  /// Goes to the first item of the transcript.
  ///
  /// Each step scrolls to the top of what is loaded; the engine, seeing the viewport at the
  /// top, asks for the next older page, which arrives above the reader. Paging stays the
  /// engine's business: this only moves the viewport, one page at a time, until the data
  /// source has no more history (or a step loads nothing, which would otherwise loop).
  private func scrollToBeginning() {
    let collectionView = controller.collectionView
    while transcript.hasMorePrevious {
      let loadedBefore = transcript.loadedCount
      collectionView.scrollToTop()
      applyUpdates()
      if transcript.loadedCount == loadedBefore { break }
    }
    collectionView.scrollToTop()
  }

  // MARK: Layout and drawing

  /// Applies what the data source and the viewport asked for, timing it for the status bar.
  private func applyUpdates() {
    guard controller.hasPendingUpdates else { return }
    let elapsed = ContinuousClock().measure { controller.applyPendingUpdates() }
    let (seconds, attoseconds) = elapsed.components
    lastLayoutMilliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  /// Follows a change of the terminal's size: the engine keeps the top row in place; a
  /// reader at the bottom stays at the bottom.
  private func fitToTerminal() {
    guard let size = Terminal.size(of: 1), size.columns != columns || size.rows != rows else { return }
    columns = size.columns
    rows = size.rows
    let collectionView = controller.collectionView
    let wasAtBottom = collectionView.isScrolledToBottom()
    controller.setViewportSize(width: Double(columns), height: Double(max(rows - 1, 1)))
    applyUpdates()
    if wasAtBottom { collectionView.scrollToBottom() }
    applyUpdates()
  }

  private func draw() {
    let collectionView = controller.collectionView
    let text = usesColour ? ANSIRenderer().render(collectionView) : PlainTextRenderer().render(collectionView)
    let frame = ScreenFrame(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      status: statusLine, rows: rows, columns: columns)
    output.append(frame.rendered)
    output.flush()
  }

  /// Items loaded of all, the item at the top, the last layout time and the keys.
  private var statusLine: StatusLine {
    var left = " \(transcript.loadedCount)/\(transcript.totalCount) items"
    if let top = topItemNumber { left += " · at \(top)" }
    let time = "layout \(Self.formatted(milliseconds: lastLayoutMilliseconds)) ms"
    // The fullest right-hand side that fits beside the counts.
    let candidates = ["\(time) · ↑↓ PgUp PgDn g G q ", "\(time) · q quits ", "q quits "]
    for right in candidates where StatusLine(left: left, right: right).fits(columns: columns) {
      return StatusLine(left: left, right: right)
    }
    return StatusLine(left: left, right: "q quits ")
  }

  /// The 1-based position, in the whole transcript, of the first item at the top of the
  /// viewport (rows the decorator injected, like day separators, are skipped).
  private var topItemNumber: Int? {
    guard var row = controller.row(atY: controller.collectionView.viewport.contentOffset) else { return nil }
    while row < controller.rowCount {
      if let position = transcript.position(ofID: controller.item(atRow: row).id) { return position + 1 }
      row += 1
    }
    return nil
  }

  /// Milliseconds with one decimal, right-aligned in five columns so the status bar does not
  /// jitter (and tests can mask the number without the layout around it changing).
  static func formatted(milliseconds: Double) -> String {
    let tenths = Int((min(max(milliseconds, 0), 1e9) * 10).rounded())
    let text = "\(tenths / 10).\(tenths % 10)"
    return String(repeating: " ", count: max(5 - text.count, 0)) + text
  }
}
