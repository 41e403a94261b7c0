/// One JSON object on one line, fields in the order they were added.
struct JSONObject {
  private var fields: [String] = []

  mutating func add(_ key: String, _ value: String) {
    fields.append("\"\(key)\":\"\(value)\"")
  }

  mutating func add(_ key: String, _ value: Int) {
    fields.append("\"\(key)\":\(value)")
  }

  mutating func add(_ key: String, _ value: Double) {
    fields.append("\"\(key)\":\(value.isFinite ? String(value) : "null")")
  }

  var line: String { "{" + fields.joined(separator: ",") + "}" }
}
