import ChatTranscript
import ChatTranscriptMessages
import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen viewer behind `transcript view`: a ``ViewerScreen`` on a raw terminal.
///
/// The keyboard is read on a thread of its own and signals arrive through Dispatch, all
/// posted to one ``Inbox``; the screen (and its controller) stays on the main thread, which
/// handles a burst of keys at once and draws once per burst. Resizes (SIGWINCH, and a size
/// check after every burst) go to the screen, which relayouts at the new width.
final class Viewer {
  private let screen: ViewerScreen
  private let terminal: RawTerminal
  private let keyboard: Int32
  private let inbox = Inbox<ViewerMessage>()
  private var decoder = KeyDecoder()
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
    screen = ViewerScreen(
      items: items, theme: theme, pageSize: pageSize, columns: size.columns, rows: size.rows,
      usesColour: usesColour)
    self.keyboard = keyboard
    self.terminal = terminal
  }

  /// Shows the newest page and handles keys until `q`, Ctrl-C or the end of keyboard input.
  ///
  /// A terminating signal restores the terminal and then ends the process by that signal.
  func run() {
    screen.start()

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
      inbox.waitForMessages { message in
        guard !quits else { return }
        switch message {
        case .input(let bytes):
          for key in decoder.keys(from: bytes) where !quits {
            switch screen.perform(key) {
            case .handled: break
            case .repaintAll: output.append("\u{1B}[2J")
            case .quit: quits = true
            }
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
        if let size = Terminal.size(of: 1) { screen.resize(columns: size.columns, rows: size.rows) }
        screen.applyUpdates()
        draw()
      }
    }
    terminal.restore()
    signals.cancel()
  }

  private func draw() {
    output.append(screen.frame().rendered)
    output.flush()
  }
}
