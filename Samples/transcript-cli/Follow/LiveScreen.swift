import ChatTranscript
import ChatTranscriptRendering
import ChatTranscriptStreams
import CommandLineSupport

/// `transcript follow` on a terminal: the newest screenful of the transcript, redrawn in place
/// after every burst, above a status bar.
///
/// Appended messages appear at the bottom; status changes and edits redraw their rows where
/// they are. The screen always follows the bottom (scrolling is `transcript view`'s job). A
/// burst is drawn once, however many events it held, so a slow terminal costs redraws, never
/// events. Colours follow `NO_COLOR`; a resize relayouts at the new width.
final class LiveScreen: FollowDisplay {
  private let controller: ChatTranscriptController
  /// The `--width` asked for, if any; the terminal's width caps it.
  private let requestedWidth: Int?
  private let usesColour: Bool
  private var columns = 80
  private var rows = 24
  private var output = OutputBuffer(fileDescriptor: 1)

  init(session: TranscriptSession, requestedWidth: Int?, usesColour: Bool) {
    controller = session.controller
    self.requestedWidth = requestedWidth
    self.usesColour = usesColour
    fitToTerminal()
  }

  func start(_ progress: FollowProgress) {
    output.append("\u{1B}[H\u{1B}[2J")
    draw(progress)
  }

  func terminalDidResize() {
    fitToTerminal()
  }

  func show(_ changes: ChangeSet, progress: FollowProgress) {
    // A burst holding a page of history is a pagination update, after which the engine keeps
    // the reading position instead of following the bottom; follow mode always follows.
    controller.collectionView.scrollToBottom()
    draw(progress)
  }

  func finish(_ progress: FollowProgress) {
    draw(progress)
    // Leave the last screen in place and the shell's prompt below it.
    output.append("\n")
    output.flush()
  }

  /// Sizes the viewport to the terminal, less the status bar.
  private func fitToTerminal() {
    let size = Terminal.size(of: 1) ?? (columns: 80, rows: 24)
    columns = size.columns
    rows = size.rows
    let width = min(requestedWidth ?? columns, columns)
    controller.setViewportSize(width: Double(width), height: Double(max(rows - 1, 1)))
  }

  private func draw(_ progress: FollowProgress) {
    let collectionView = controller.collectionView
    let text = usesColour ? ANSIRenderer().render(collectionView) : PlainTextRenderer().render(collectionView)
    var left = " \(escapedForDiagnostics(progress.source)) · \(progress.itemCount) items"
    if progress.badLineCount > 0 {
      left += " · \(progress.badLineCount) bad"
      if let diagnostic = progress.lastDiagnostic { left += " · \(diagnostic)" }
    }
    let frame = ScreenFrame(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      status: StatusLine(left: left, right: progress.hasEnded ? "ended " : "following "), rows: rows,
      columns: columns)
    output.append(frame.rendered)
    output.flush()
  }
}
