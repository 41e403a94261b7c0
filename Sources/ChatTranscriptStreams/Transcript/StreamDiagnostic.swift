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

  public var description: String { "\(source):\(line): \(message)" }
}
