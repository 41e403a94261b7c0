import CommandLineSupport

/// One line on standard error, rewritten in place with `\r`, saying how far a long run got.
///
/// Only when standard error is a terminal: redirected to a file or a CI log, progress would be
/// thousands of lines of noise, so it prints nothing at all. Redraws at most ten times a second
/// and only between timed operations, so drawing never lands inside a measurement.
final class ProgressLine {
  private let isEnabled: Bool
  private var lastDraw = -Double.infinity
  private var label = ""
  private var isShowing = false

  init(isEnabled: Bool = Terminal.isTerminal(2)) {
    self.isEnabled = isEnabled
  }

  /// Starts a stage: shows `label` at once (a single long call may follow).
  func begin(_ label: String) {
    self.label = label
    draw(label)
  }

  /// Reports `done` of `total` steps of the current stage, at most ten times a second.
  func step(_ done: Int, of total: Int) {
    guard isEnabled else { return }
    let now = Stopwatch.now()
    guard now - lastDraw >= 0.1 else { return }
    draw("\(label): \(done)/\(total)")
  }

  /// Erases the line, so results and diagnostics start on a clean line.
  func clear() {
    guard isEnabled, isShowing else { return }
    write("\r\u{1B}[K")
    isShowing = false
  }

  private func draw(_ text: String) {
    guard isEnabled else { return }
    lastDraw = Stopwatch.now()
    // Clear to the end of the line: the previous text may have been longer.
    write("\r" + text + "\u{1B}[K")
    isShowing = true
  }

  private func write(_ text: String) {
    var output = OutputBuffer(fileDescriptor: 2)
    output.append(text)
    output.flush()
  }
}
