import Foundation

/// Runs a built executable of this package and captures what it did.
public struct CommandResult: Sendable {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String

  public init(status: Int32, standardOutput: String, standardError: String) {
    self.status = status
    self.standardOutput = standardOutput
    self.standardError = standardError
  }
}

public enum CommandRunner {
  /// The folder holding the built products (next to the test bundle).
  public static var productsDirectory: URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // Swift Testing may run from the .xctest bundle or a helper inside it.
    while url.pathExtension == "xctest" || url.lastPathComponent == "Contents" {
      url.deleteLastPathComponent()
    }
    return url
  }

  /// The package root, found from this source file.
  public static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Runs `executable` with `arguments` from the package root, feeding `input` on stdin.
  public static func run(
    _ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent(executable)
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    let writer = Thread {
      if let input { standardInput.fileHandleForWriting.write(input) }
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = ReadAll(error.fileHandleForReading)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.wait(), as: UTF8.self))
  }
}

/// Drains a pipe on its own thread so a chatty stderr cannot block the process.
private final class ReadAll: @unchecked Sendable {
  // Written once by the reading thread before `done` is signalled; read after waiting on it.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }.start()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
