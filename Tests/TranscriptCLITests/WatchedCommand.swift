import Foundation
import Synchronization
import TestSupport

/// The built `transcript`, run while the test watches its peak memory: its standard input is a
/// pipe the test writes, its standard output a pipe the test reads only once it says so (so the
/// command can be made to wait on a full pipe).
///
/// The peak is the kernel's high-water mark of the resident set (`VmHWM` in `/proc/PID/status`),
/// read every few milliseconds while the command runs: a count, not a timing.
final class WatchedCommand {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let error = Pipe()
  private let watched = Watched()
  private let readers = DispatchGroup()
  private var isReadingOutput = false

  /// - Parameter environment: the command's environment; the test's own when `nil`.
  init(_ arguments: [String], environment: [String: String]? = nil) throws {
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("transcript")
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.currentDirectoryURL = CommandRunner.packageRoot
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    drain(error) { $0.error.append($1) }
    let status = "/proc/\(process.processIdentifier)/status"
    Thread { [watched] in
      while !watched.state.withLock({ $0.hasExited }) {
        if let kilobytes = Self.highWaterMark(status) {
          watched.state.withLock { $0.peakKilobytes = max($0.peakKilobytes, kilobytes) }
        }
        Thread.sleep(forTimeInterval: 0.002)
      }
    }.start()
  }

  /// The command's process id, while it runs.
  var processIdentifier: Int32 { process.processIdentifier }

  /// The most memory the command has held so far, in kilobytes.
  var peakKilobytes: Int { watched.state.withLock { $0.peakKilobytes } }

  /// Writes `bytes` to the command's standard input; waits while the pipe is full.
  func write(_ bytes: some Sequence<UInt8>) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  /// Closes standard input: the command sees the end of its input.
  func closeInput() throws {
    try input.fileHandleForWriting.close()
  }

  /// Starts reading standard output; until then the command waits once the pipe is full.
  func startReadingOutput() {
    guard !isReadingOutput else { return }
    isReadingOutput = true
    drain(output) { $0.output.append($1) }
  }

  /// Waits for the command to exit, reading its output meanwhile.
  func waitForExit() -> CommandResult {
    startReadingOutput()
    process.waitUntilExit()
    watched.state.withLock { $0.hasExited = true }
    readers.wait()
    return watched.state.withLock {
      CommandResult(
        status: process.terminationStatus, standardOutput: String(decoding: $0.output, as: UTF8.self),
        standardError: String(decoding: $0.error, as: UTF8.self))
    }
  }

  /// Reads `pipe` on a thread of its own until the command closes it, handing each chunk to
  /// `keep`.
  private func drain(_ pipe: Pipe, keep: @escaping @Sendable (inout Watched.State, Data) -> Void) {
    let handle = pipe.fileHandleForReading
    readers.enter()
    Thread { [readers, watched] in
      while case let chunk = handle.availableData, !chunk.isEmpty {
        watched.state.withLock { keep(&$0, chunk) }
      }
      readers.leave()
    }.start()
  }

  /// What the watching threads learn: the command's output so far and its peak memory.
  private final class Watched: Sendable {
    struct State {
      var output = Data()
      var error = Data()
      var peakKilobytes = 0
      var hasExited = false
    }
    let state = Mutex(State())
  }

  /// `VmHWM` of a `/proc/PID/status` file, in kilobytes; `nil` once the process is gone.
  private static func highWaterMark(_ statusPath: String) -> Int? {
    guard let status = try? String(contentsOfFile: statusPath, encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
