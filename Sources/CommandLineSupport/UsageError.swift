/// A command line the tool cannot run; printed with a pointer to `--help`, exit code 2.
public struct UsageError: Error, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
