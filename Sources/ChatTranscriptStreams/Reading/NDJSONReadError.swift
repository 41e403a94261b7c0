/// Why an NDJSON stream could not be opened or read further.
///
/// `description` is ready for stderr (`cannot open FILE: reason`, `read error: reason`, the file name
/// escaped as in diagnostics); the reason is the operating system's text for the `errno` value.
public struct NDJSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
  enum Code: Sendable, Hashable {
    case cannotOpen(path: String, reason: String)
    case readFailed(reason: String)
  }

  let code: Code

  init(_ code: Code) {
    self.code = code
  }

  public var description: String {
    switch code {
    case .cannotOpen(let path, let reason): "cannot open \(escapedForDiagnostics(path)): \(reason)"
    case .readFailed(let reason): "read error: \(reason)"
    }
  }

  /// Opening `path` failed for `reason`.
  public static func cannotOpen(_ path: String, reason: String) -> Self {
    Self(.cannotOpen(path: path, reason: reason))
  }

  /// Reading failed for `reason`.
  public static func readFailed(reason: String) -> Self { Self(.readFailed(reason: reason)) }
}
