/// A command line the tool cannot run; printed with a pointer to `--help`, exit code 2.
struct UsageError: Error, CustomStringConvertible {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
