import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A write to standard output that fails ends the command with `transcript: write error: REASON`
/// and status 2 instead of exiting 0 with nothing written; a reader that closes its pipe still
/// ends it by SIGPIPE, quietly.
@Suite struct OutputErrorCommandTests {
  static let commands: [[String]] = [
    ["layout", "Samples/Data/conversation.ndjson"],
    ["measure", "--wrap", "40", "Samples/Data/conversation.ndjson"],
    ["render", "--format", "plain", "Samples/Data/conversation.ndjson"],
    ["render", "--format", "html", "Samples/Data/conversation.ndjson"],
    ["follow", "Samples/Data/conversation.ndjson"], ["generate", "--count", "10"],
  ]

  @Test(arguments: commands)
  func aFullDiskIsAWriteError(command: [String]) throws {
    let result = try Self.run(
      command, standardOutput: try #require(FileHandle(forWritingAtPath: "/dev/full")))
    #expect(result.status == 2)
    #expect(result.reason == .exit)
    #expect(result.standardError == "transcript: write error: No space left on device\n")
  }

  /// `generate | head -1`, from a shell (SIGPIPE has its default action): the command is killed
  /// by SIGPIPE once `head` has gone, and says nothing.
  @Test func aClosedPipeEndsTheCommandQuietly() throws {
    let (status, standardError) = try Self.runUntilThePipeCloses(ignoringSIGPIPE: false)
    #expect(status.signal == SIGPIPE)
    #expect(standardError == "")
  }

  /// A parent that ignores SIGPIPE passes that on; then the closed pipe is a write error.
  @Test func aClosedPipeWithSIGPIPEIgnoredIsAWriteError() throws {
    let (status, standardError) = try Self.runUntilThePipeCloses(ignoringSIGPIPE: true)
    #expect(status.signal == nil)
    #expect(status.exitStatus == 2)
    #expect(standardError == "transcript: write error: Broken pipe\n")
  }

  /// Starts `transcript generate --count 100000` with SIGPIPE ignored or at its default action,
  /// reads a little of its output, closes the pipe and waits for the command to end.
  ///
  /// `posix_spawn` rather than `Process`, which passes on the test process's own disposition.
  static func runUntilThePipeCloses(ignoringSIGPIPE: Bool) throws -> (
    status: (signal: Int32?, exitStatus: Int32), standardError: String
  ) {
    var output: [Int32] = [0, 0]
    var error: [Int32] = [0, 0]
    try #require(pipe(&output) == 0 && pipe(&error) == 0)
    // Close-on-exec, so that a command another test starts cannot hold this pipe open.
    for descriptor in output + error { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, error[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, ignoringSIGPIPE ? 0 : Int16(POSIX_SPAWN_SETSIGDEF))
    let previous = signal(SIGPIPE, ignoringSIGPIPE ? SIG_IGN : SIG_DFL)
    defer { signal(SIGPIPE, previous) }

    let executable = CommandRunner.productsDirectory.appendingPathComponent("transcript").path
    let arguments = [executable, "generate", "--count", "100000"]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
    close(output[1])
    close(error[1])
    #expect(spawned == 0)

    var firstBytes = [UInt8](repeating: 0, count: 100)
    #expect(read(output[0], &firstBytes, firstBytes.count) > 0)
    close(output[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let errorText = FileHandle(fileDescriptor: error[0], closeOnDealloc: true).readDataToEndOfFile()
    let signal = status & 0x7F
    return ((signal == 0 ? nil : signal, (status >> 8) & 0xFF), String(decoding: errorText, as: UTF8.self))
  }

  /// Runs the built `transcript` with `arguments` from the package root, its standard output on
  /// `standardOutput`.
  static func run(_ arguments: [String], standardOutput: FileHandle) throws -> (
    status: Int32, reason: Process.TerminationReason, standardError: String
  ) {
    let process = Process()
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("transcript")
    process.arguments = arguments
    process.currentDirectoryURL = CommandRunner.packageRoot
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = standardOutput
    let error = Pipe()
    process.standardError = error
    try process.run()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, String(decoding: errorData, as: UTF8.self))
  }
}
