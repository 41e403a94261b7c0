import Foundation
import TestSupport

/// A temporary folder with a shell script that runs `transcript` in a tmux pane and leaves
/// behind what the test cannot see on the screen: the process id (`pid`), the exit status
/// (`status`) and the terminal's settings before and after (`stty-before`, `stty-after`).
/// The folder goes away with the object.
final class TerminalScript {
  static let transcript = CommandRunner.productsDirectory.appendingPathComponent("transcript").path

  private let folder: TemporaryFolder
  /// Where the script runs and leaves its files.
  var directory: URL { folder.url }

  init() throws {
    folder = try TemporaryFolder(prefix: "terminal")
  }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String {
    folder.path(name)
  }

  /// Writes the script and returns the command line that runs it.
  ///
  /// - Parameters:
  ///   - arguments: the arguments of `transcript`; relative paths start in the folder.
  ///   - input: a file for standard input instead of the terminal.
  ///   - noColor: set `NO_COLOR=1` (else it is unset, whatever the test's environment says).
  func command(_ arguments: [String], input: String? = nil, noColor: Bool = false) throws -> String {
    let command = ([Self.transcript] + arguments).map(Self.quoted).joined(separator: " ")
    let redirect = input.map { " < " + Self.quoted($0) } ?? ""
    let script = """
      \(noColor ? "export NO_COLOR=1" : "unset NO_COLOR")
      cd \(Self.quoted(directory.path))
      stty -g > stty-before
      sh -c 'echo $$ > pid; exec "$@"' sh \(command)\(redirect)
      echo $? > status
      stty -g > stty-after

      """
    let url = directory.appendingPathComponent("run.sh")
    try script.write(to: url, atomically: true, encoding: .utf8)
    return "sh " + Self.quoted(url.path)
  }

  /// Waits until the file `name`, which the script writes, exists and is not empty.
  func waitForFile(_ name: String, timeout: Duration = .seconds(60)) -> String? {
    let url = directory.appendingPathComponent(name)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  /// `text` in single quotes for `sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: #"'\''"#) + "'"
  }
}
