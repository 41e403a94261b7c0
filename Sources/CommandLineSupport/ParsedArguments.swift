/// Command-line arguments split into options with values, flags and positional arguments.
///
/// Accepts `--name value` and `--name=value`; `--` ends options; a lone `-` is a positional
/// (standard input). Unknown options are usage errors, not silently ignored.
public struct ParsedArguments {
  public private(set) var values: [String: String] = [:]
  public private(set) var flags: Set<String> = []
  public private(set) var positionals: [String] = []

  /// - Parameters:
  ///   - valueOptions: options that take a value (without the leading dashes).
  ///   - flagOptions: options that take none.
  public init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let body = argument.drop { $0 == "-" }
      let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      if valueOptions.contains(name) {
        if parts.count == 2 {
          values[name] = String(parts[1])
        } else if index < arguments.count {
          values[name] = arguments[index]
          index += 1
        } else {
          throw UsageError("--\(name) needs a value")
        }
      } else if flagOptions.contains(name), parts.count == 1 {
        flags.insert(name)
      } else {
        throw UsageError("unknown option \(argument)")
      }
    }
  }

  /// A whole-number option within `range`, or `defaultValue` when absent.
  public func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil)
    throws(UsageError)
    -> Int
  {
    guard let text = values[name] else {
      if let defaultValue { return defaultValue }
      throw UsageError("--\(name) is required")
    }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
    }
    return value
  }

  /// The single input path (`-` for standard input when none is given).
  public func inputPath() throws(UsageError) -> String {
    guard positionals.count <= 1 else { throw UsageError("expected at most one input file") }
    return positionals.first ?? "-"
  }
}

extension ParsedArguments {
  /// Whether `-h` or `--help` was given.
  public var wantsHelp: Bool { !flags.isDisjoint(with: ["help", "h"]) }

  /// A number option of any kind (`Double`), within `range`, or `defaultValue` when absent.
  public func number(_ name: String, in range: ClosedRange<Double>, default defaultValue: Double)
    throws(UsageError)
    -> Double
  {
    guard let text = values[name] else { return defaultValue }
    guard let value = Double(text), range.contains(value) else {
      throw UsageError(
        "--\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
    }
    return value
  }
}
