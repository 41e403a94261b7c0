/// A bad line of a stream: where it was and why it was skipped, printed as `file:line: message`.
public struct StreamDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The file name as the user gave it (`-` or `<stdin>` for standard input).
  public var source: String
  /// 1-based line number.
  public var line: Int
  public var message: String

  public init(source: String, line: Int, message: String) {
    self.source = source
    self.line = line
    self.message = message
  }

  /// `file:line: message`, the file name escaped: it comes from the command line, and a name can
  /// hold anything but `/` and NUL.
  public var description: String { "\(escapedForDiagnostics(source)):\(line): \(message)" }
}
