import ChatTranscript
import ChatTranscriptStreams

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

  /// `text` as a JSON string literal, escaped as the stream encoder escapes it.
  static func quoted(_ text: String) -> String {
    StreamEncoder.quoted(text)
  }
}
