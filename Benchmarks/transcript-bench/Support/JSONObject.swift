/// One JSON object on one line, fields in the order they were added.
///
/// Benchmark output is read by scripts, so every string is escaped (a scenario name is safe,
/// but an input path or a reuse identifier might not be) and non-finite numbers become `null`.
struct JSONObject {
  private var fields: [String] = []

  mutating func add(_ key: String, _ value: String) {
    fields.append(Self.quoted(key) + ":" + Self.quoted(value))
  }

  mutating func add(_ key: String, _ value: Int) {
    fields.append(Self.quoted(key) + ":\(value)")
  }

  mutating func add(_ key: String, _ value: Double) {
    fields.append(Self.quoted(key) + ":" + (value.isFinite ? String(value) : "null"))
  }

  mutating func add(_ key: String, _ value: Bool) {
    fields.append(Self.quoted(key) + ":\(value)")
  }

  /// Nests `object` under `key`.
  mutating func add(_ key: String, _ object: JSONObject) {
    fields.append(Self.quoted(key) + ":" + object.line)
  }

  /// Appends the fields of `other` after this object's own.
  mutating func append(contentsOf other: JSONObject) {
    fields.append(contentsOf: other.fields)
  }

  var line: String { "{" + fields.joined(separator: ",") + "}" }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
