import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A detached tmux session on a server of its own: a real pseudo-terminal for testing the
/// full-screen commands, driven with `send-keys` and read with `capture-pane`.
///
/// Each session has its own server socket in a temporary folder, so tests can run side by side
/// and never touch a tmux the developer is using. The server has no status bar (the pane is
/// the whole window) and keeps a pane after its command exits, so the screen and the
/// terminal's modes can still be inspected.
final class TmuxSession {
  /// The `tmux` executable, or `nil` when it is not installed.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  static var isAvailable: Bool { executable != nil }

  /// A folder for this session's socket and configuration; removed after the server is killed.
  private let folder: TemporaryFolder
  private let socket: URL

  /// Starts `command` (run by `sh -c`) in a `width` × `height` pane.
  init(width: Int, height: Int, command: String) throws {
    folder = try TemporaryFolder(prefix: "tmux")
    socket = folder.url.appendingPathComponent("socket")
    let configuration = folder.url.appendingPathComponent("tmux.conf")
    try "set -g status off\nset -g remain-on-exit on\nset -g history-limit 5000\n".write(
      to: configuration, atomically: true, encoding: .utf8)
    try startServer([
      "-f", configuration.path, "new-session", "-d", "-s", "test", "-x", "\(width)", "-y", "\(height)",
      command,
    ])
  }

  deinit {
    _ = try? run(["kill-server"])
  }

  /// The pane's text, one line per row, trailing spaces removed.
  func screen() throws -> String {
    try run(["capture-pane", "-p", "-t", "test"])
  }

  /// Everything the pane has shown that is still in its history (5,000 lines), then the screen,
  /// with lines the terminal wrapped joined again.
  func history() throws -> String {
    try run(["capture-pane", "-p", "-J", "-S", "-", "-t", "test"])
  }

  /// The pane's text with its colours and attributes as escape sequences.
  func screenWithAttributes() throws -> String {
    try run(["capture-pane", "-e", "-p", "-t", "test"])
  }

  /// Waits until `condition` holds for the screen, checking every few milliseconds.
  ///
  /// - Returns: the last screen read, and whether `condition` held for it before `timeout`.
  func waitForScreen(timeout: Duration = .seconds(60), _ condition: (String) -> Bool) throws -> (
    screen: String, matched: Bool
  ) {
    let deadline = ContinuousClock.now + timeout
    var screen = try self.screen()
    while !condition(screen) {
      if ContinuousClock.now >= deadline { return (screen, false) }
      Thread.sleep(forTimeInterval: 0.01)
      screen = try self.screen()
    }
    return (screen, true)
  }

  /// Types `keys` (tmux key names such as `PageDown`, or plain characters).
  func send(_ keys: String...) throws {
    try send(contentsOf: keys)
  }

  /// Types `keys`, in order.
  func send(contentsOf keys: [String]) throws {
    _ = try run(["send-keys", "-t", "test"] + keys)
  }

  /// Resizes the window (and the pane filling it); the program gets SIGWINCH.
  func resize(width: Int, height: Int) throws {
    _ = try run(["resize-window", "-t", "test", "-x", "\(width)", "-y", "\(height)"])
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", "test", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs the tmux command that starts this session's server, and waits for it.
  ///
  /// Not through Foundation's `Process`: on Linux it learns that a child exited when every
  /// holder of a descriptor the child inherited has closed it, and the server, which stays
  /// behind as a daemon, would hold it forever. `posix_spawn` here closes every descriptor above
  /// standard error in the child.
  private func startServer(_ arguments: [String]) throws {
    guard let executable = Self.executable else { throw TmuxMissing() }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    Self.closeDescriptorsAboveStandardError(in: &actions)
    let argumentStrings = [executable.path, "-S", socket.path] + arguments
    let environmentStrings = Self.environment.map { "\($0.key)=\($0.value)" }
    let argv = argumentStrings.map { strdup($0) } + [nil]
    let envp = environmentStrings.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
    guard result == 0 else { throw SpawnFailed(code: result) }
    var status: Int32 = 0
    // ECHILD: someone else (Foundation's child reaper) collected it; it has exited either way.
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  /// Adds "close every descriptor above 2" to `actions`: with glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, looked up at run time since the
  /// Glibc module does not export it), else one close per descriptor open now.
  private static func closeDescriptorsAboveStandardError(in actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    {
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  /// The environment for tmux: no `TMUX` (a session inside a session), some `TERM`.
  private static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TERM"] = environment["TERM"] ?? "xterm-256color"
    return environment
  }

  /// Runs one tmux command against this session's server and returns its standard output.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw TmuxMissing() }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["-S", socket.path] + arguments
    process.environment = Self.environment
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Thrown when a test uses tmux where it is not installed (tests skip before that).
  struct TmuxMissing: Error {}

  /// Thrown when tmux could not be started.
  struct SpawnFailed: Error {
    var code: Int32
  }
}
