#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as a full-screen program needs it — raw keys, the alternate screen, no
/// cursor — and back as it was.
///
/// Raw mode delivers every key at once and unechoed, with no line editing and no signals from
/// Ctrl-C (the viewer reads it as a key). The alternate screen keeps the shell's screen intact
/// underneath. `restore()` undoes everything and may be called any number of times: on `q`, at
/// the end of keyboard input, on a terminating signal and when the object goes away.
final class RawTerminal {
  private let keyboard: Int32
  private let screen: Int32
  private let original: termios
  private var isRaw = false

  /// Reads the keyboard's current settings; `nil` when `keyboard` is not a terminal.
  ///
  /// - Parameters:
  ///   - keyboard: the descriptor keys are read from (standard input or `/dev/tty`).
  ///   - screen: the descriptor the picture is written to.
  init?(keyboard: Int32, screen: Int32) {
    var settings = termios()
    guard tcgetattr(keyboard, &settings) == 0 else { return nil }
    self.keyboard = keyboard
    self.screen = screen
    original = settings
  }

  /// Switches to raw keys, the alternate screen and a hidden cursor.
  func enter() {
    guard !isRaw else { return }
    var raw = original
    cfmakeraw(&raw)
    _ = tcsetattr(keyboard, TCSANOW, &raw)
    isRaw = true
    send("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
  }

  /// Puts the terminal back as `init` found it.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    send("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    var settings = original
    _ = tcsetattr(keyboard, TCSANOW, &settings)
  }

  deinit {
    restore()
  }

  private func send(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var written = 0
      while written < bytes.count {
        let result = write(screen, bytes.baseAddress?.advanced(by: written), bytes.count - written)
        if result < 0, errno == EINTR { continue }
        if result <= 0 { return }
        written += result
      }
    }
  }
}
