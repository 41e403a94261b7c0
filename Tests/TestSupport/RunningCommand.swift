import Foundation
import Synchronization

/// A built executable of this package that is still running: the test writes to its standard
/// input over time and watches its output as it arrives (what `CommandRunner.run` cannot do,
/// since it writes all input first and reads all output at the end).
public final class RunningCommand {
  private let process: Process
  private let input: FileHandle
  private let output: PipeRecorder
  private let error: PipeRecorder

  /// Starts `executable` with `arguments` from the package root.
  public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent(executable)
    process.arguments = arguments
    process.currentDirectoryURL = CommandRunner.packageRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    self.process = process
    input = standardInput.fileHandleForWriting
    output = PipeRecorder(standardOutput.fileHandleForReading)
    error = PipeRecorder(standardError.fileHandleForReading)
  }

  /// Everything written to standard output so far.
  public var standardOutput: String { output.text }
  /// Everything written to standard error so far.
  public var standardError: String { error.text }

  /// Writes `text` to the command's standard input at once.
  public func write(_ text: String) throws {
    try input.write(contentsOf: Data(text.utf8))
  }

  /// Closes standard input: the command sees the end of its input.
  public func closeInput() throws {
    try input.close()
  }

  /// Waits until `condition` holds for (standard output, standard error), checking every few
  /// milliseconds, for at most `timeout`.
  ///
  /// - Returns: whether it held before the deadline.
  @discardableResult
  public func waitFor(
    timeout: Duration = .seconds(60), _ condition: (_ output: String, _ error: String) -> Bool
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if condition(output.text, error.text) { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return condition(output.text, error.text)
  }

  /// Waits for the command to exit and returns everything it wrote.
  public func waitForExit() -> CommandResult {
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, standardOutput: String(decoding: output.waitForEnd(), as: UTF8.self),
      standardError: String(decoding: error.waitForEnd(), as: UTF8.self))
  }
}

/// Collects what a pipe delivers, on a thread of its own, as it arrives.
private final class PipeRecorder: Sendable {
  private let data = Mutex(Data())
  private let ended = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.data.withLock { $0.append(chunk) }
      }
      self.ended.signal()
    }.start()
  }

  var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

  /// Waits for the writer to close the pipe; returns everything it wrote.
  func waitForEnd() -> Data {
    ended.wait()
    ended.signal()
    return data.withLock { $0 }
  }
}
