import Foundation

/// One line of a Unicode break test file (LineBreakTest.txt, GraphemeBreakTest.txt).
struct ConformanceCase: CustomStringConvertible, Sendable {
  /// The line number in the file, for naming failures.
  var line: Int
  var scalars: [Unicode.Scalar]
  /// The offsets marked ÷, excluding 0 (no rule breaks before the first scalar here).
  var breaks: [Int]

  var description: String {
    "line \(line): " + scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }
}

/// Reads the conformance vectors committed next to the tests.
enum ConformanceVectors {
  /// `Tests/TextLayoutTests/Vectors`, found from this file's path (no bundle needed).
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Vectors")

  /// The cases of `name`, in file order.
  static func cases(in name: String) throws -> [ConformanceCase] {
    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    var cases: [ConformanceCase] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      var scalars: [Unicode.Scalar] = []
      var breaks: [Int] = []
      for token in content.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        switch token {
        case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
        case "×": break
        default:
          guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw VectorError(message: "\(name):\(index + 1): bad token \(token)")
          }
          scalars.append(scalar)
        }
      }
      if !scalars.isEmpty {
        cases.append(ConformanceCase(line: index + 1, scalars: scalars, breaks: breaks))
      }
    }
    return cases
  }
}

struct VectorError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
