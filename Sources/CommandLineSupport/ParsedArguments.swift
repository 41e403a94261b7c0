/// Command-line arguments split into options with values, flags and positional arguments.
///
/// Accepts `--name value` and `--name=value` for names of two or more characters, `-n` for names
/// of one; `--` ends options; a lone `-` is a positional (standard input). Unknown options, and
/// known ones spelled otherwise (`---width`, `-width`, `--h`, `--help=yes`), are usage errors, not
/// silently taken for something else.
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
      guard let (name, attachedValue) = Self.option(spelledAs: argument) else {
        throw UsageError("unknown option \(argument)")
      }
      if valueOptions.contains(name) {
        if let attachedValue {
          values[name] = attachedValue
        } else if index < arguments.count {
          values[name] = arguments[index]
          index += 1
        } else {
          throw UsageError("\(argument) needs a value")
        }
      } else if flagOptions.contains(name) {
        guard attachedValue == nil else { throw UsageError("--\(name) takes no value") }
        flags.insert(name)
      } else {
        throw UsageError("unknown option \(argument)")
      }
    }
  }

  /// The name of the option `argument` spells and the value attached to it with `=`, or `nil`
  /// when it spells none: two dashes go before a name of two or more characters, one dash before
  /// a name of one.
  private static func option(spelledAs argument: String) -> (name: String, attachedValue: String?)? {
    guard argument.hasPrefix("--") else {
      let name = argument.dropFirst()
      return name.count == 1 ? (String(name), nil) : nil
    }
    let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let name = parts[0]
    guard name.count > 1, !name.hasPrefix("-") else { return nil }
    return (String(name), parts.count == 2 ? String(parts[1]) : nil)
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
