import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering

/// What `transcript view` shows, and how keys and size changes move it, with no terminal:
/// ``Viewer`` feeds it what the keyboard and signals deliver and writes its frames, and the
/// `view` fuzz target drives it with random keys and sizes.
///
/// History is paged through the engine: the controller is given a ``PagedTranscript`` that
/// starts with the newest page, and asks it for older pages as the reader nears the top; the
/// engine keeps the reader's row in place when a page arrives. A new size relayouts at the new
/// width, keeping the top row in place, or the bottom in view for a reader who was there.
final class ViewerScreen {
  /// What a key did.
  enum KeyOutcome: Equatable {
    case handled
    /// Ctrl-L: the screen may hold garbage, so the next frame must repaint it all.
    case repaintAll
    case quit
  }

  let controller: ChatTranscriptController
  let transcript: PagedTranscript
  private(set) var columns: Int
  private(set) var rows: Int
  private let usesColour: Bool
  /// How long the most recent `applyPendingUpdates()` that had work took.
  private var lastLayoutMilliseconds = 0.0
  /// The query being typed after `/`, and the last one searched for.
  private(set) var search = ViewerSearch()
  /// The position, in the whole transcript, of the message the last search went to.
  private(set) var matchPosition: Int?
  /// What the last search or jump found, for the status bar.
  private var note: String?
  /// The position, in the whole transcript, of the message the unread divider follows: looked
  /// for once, on the first `u` (the items do not change while the viewer runs).
  private lazy var unreadDividerPosition: Int? = transcript.allItems.lastIndex {
    MessageModel(of: $0)?.isFollowedByUnreadDivider == true
  }

  /// - Parameters:
  ///   - items: the whole transcript, oldest first.
  ///   - pageSize: items handed to the engine per page of history.
  ///   - columns, rows: the screen's size in cells; the last row is the status bar.
  init(
    items: [any ChatItem], theme: any MessagesTheme, pageSize: Int, columns: Int, rows: Int, usesColour: Bool
  ) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 1)
    transcript = PagedTranscript(items: items, pageSize: pageSize)
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: theme), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(self.columns), height: Double(max(self.rows - 1, 1))))
    controller.dataSource = transcript
    self.usesColour = usesColour
  }

  /// Loads the newest page and shows its bottom.
  func start() {
    controller.requestUpdate(.firstLoad)
    applyUpdates()
    controller.collectionView.scrollToBottom()
    applyUpdates()
  }

  // MARK: Keys

  func perform(_ key: Key) -> KeyOutcome {
    if search.isEditing {
      if case .search = search.edit(with: key) {
        matchPosition = nil
        goToMatch(forward: true)
      }
      return .handled
    }
    let collectionView = controller.collectionView
    let page = max(Int(collectionView.viewport.height) - 1, 1)
    var outcome = KeyOutcome.handled
    switch key {
    case .up, .byte(UInt8(ascii: "k")): scroll(by: -1)
    case .down, .byte(UInt8(ascii: "j")), .byte(0x0D): scroll(by: 1)
    case .pageUp, .byte(UInt8(ascii: "b")): scroll(by: -page)
    case .pageDown, .byte(UInt8(ascii: " ")): scroll(by: page)
    case .home, .byte(UInt8(ascii: "g")): scrollToBeginning()
    case .end, .byte(UInt8(ascii: "G")): collectionView.scrollToBottom()
    case .byte(UInt8(ascii: "q")), .byte(UInt8(ascii: "Q")), .byte(0x03), .byte(0x04): return .quit
    case .byte(0x0C): outcome = .repaintAll
    case .byte(UInt8(ascii: "/")): search.begin()
    case .byte(UInt8(ascii: "n")): goToMatch(forward: true)
    case .byte(UInt8(ascii: "N")): goToMatch(forward: false)
    case .byte(UInt8(ascii: "u")): goToUnreadDivider()
    default: break
    }
    applyUpdates()
    return outcome
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

  /// Goes to the next (or previous) message holding the last query, from the last match or
  /// else from the item at the top, loading history as far as it, and selects it.
  private func goToMatch(forward: Bool) {
    let query = search.lastQuery
    guard !query.isEmpty else { return }
    let top = topItemNumber.map { $0 - 1 }
    let from = matchPosition ?? top.map { forward ? $0 - 1 : $0 + 1 }
    guard let position = ViewerSearch.match(of: query, in: transcript.allItems, after: from, forward: forward)
    else {
      note = "no match for \(query)"
      return
    }
    matchPosition = position
    transcript.load(through: position)
    applyUpdates()
    let id = transcript.allItems[position].id
    controller.deselectAll()
    controller.selectItem(withID: id)
    _ = controller.scrollToItem(withID: id, at: .center)
    applyUpdates()
    note = "match at \(position + 1)"
  }

  /// Goes to the unread divider, loading history as far as it, and centres it: the last
  /// messages read above, the new ones below. Says so when there is none.
  private func goToUnreadDivider() {
    guard let position = unreadDividerPosition else {
      note = "no new messages"
      return
    }
    transcript.load(through: position)
    applyUpdates()
    let id = transcript.allItems[position].id
    let divider = RowID(id: UnreadDividerItem(followingItemWithID: id).id, isInjected: true)
    guard let row = controller.row(ofItemWithID: id) else { return }
    // The divider comes after the message's status row and receipt, if it has them.
    let end = min(row + 4, controller.rowCount)
    guard let dividerRow = (row + 1..<end).first(where: { controller.rowID(atRow: $0) == divider }) else {
      return
    }
    controller.collectionView.scrollToRow(dividerRow, at: .center)
    applyUpdates()
    note = "new messages from \(position + 2)"
  }

  // MARK: Size, layout and drawing

  /// Follows a change of the screen's size: the engine keeps the top row in place; a reader at
  /// the bottom stays at the bottom.
  func resize(columns: Int, rows: Int) {
    let columns = max(columns, 1)
    let rows = max(rows, 1)
    guard columns != self.columns || rows != self.rows else { return }
    self.columns = columns
    self.rows = rows
    let collectionView = controller.collectionView
    let wasAtBottom = collectionView.isScrolledToBottom()
    controller.setViewportSize(width: Double(columns), height: Double(max(rows - 1, 1)))
    applyUpdates()
    if wasAtBottom { collectionView.scrollToBottom() }
    applyUpdates()
  }

  /// Applies what the data source and the viewport asked for, timing it for the status bar.
  func applyUpdates() {
    guard controller.hasPendingUpdates else { return }
    let elapsed = ContinuousClock().measure { controller.applyPendingUpdates() }
    let (seconds, attoseconds) = elapsed.components
    lastLayoutMilliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  /// The screen as it stands: the viewport's rows and the status bar.
  func frame() -> ScreenFrame {
    let collectionView = controller.collectionView
    let text = usesColour ? ANSIRenderer().render(collectionView) : PlainTextRenderer().render(collectionView)
    return ScreenFrame(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      status: statusLine, rows: rows, columns: columns)
  }

  /// Items loaded of all, the item at the top, the last layout time and the keys.
  var statusLine: StatusLine {
    if search.isEditing {
      return StatusLine(left: " /" + search.query, right: "Enter searches · Esc cancels ")
    }
    var left = " \(transcript.loadedCount)/\(transcript.totalCount) items"
    if let top = topItemNumber { left += " · at \(top)" }
    if let note { left += " · \(note)" }
    let time = "layout \(Self.formatted(milliseconds: lastLayoutMilliseconds)) ms"
    // The fullest right-hand side that fits beside the counts.
    let candidates = ["\(time) · ↑↓ PgUp PgDn g G / n N u q ", "\(time) · q quits ", "q quits "]
    for right in candidates where StatusLine(left: left, right: right).fits(columns: columns) {
      return StatusLine(left: left, right: right)
    }
    return StatusLine(left: left, right: "q quits ")
  }

  /// The 1-based position, in the whole transcript, of the first item at the top of the
  /// viewport (rows the decorator injected, like day separators, are skipped).
  var topItemNumber: Int? {
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
