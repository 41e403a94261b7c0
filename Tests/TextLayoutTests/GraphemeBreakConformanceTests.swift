import Testing
import TextLayout

/// UAX #29 conformance: every case of GraphemeBreakTest.txt (Unicode 15.0).
@Suite struct GraphemeBreakConformanceTests {
  /// Cases known to fail, by line number, with the reason. Empty: all cases pass.
  static let knownFailures: [Int: String] = [:]

  @Test func everyCaseOfGraphemeBreakTest() throws {
    let cases = try ConformanceVectors.cases(in: "GraphemeBreakTest.txt")
    #expect(cases.count == 602)
    var failures: [Int] = []
    for testCase in cases {
      var text = ""
      text.unicodeScalars.append(contentsOf: testCase.scalars)
      let scalars = text.unicodeScalars
      let found = GraphemeClusters(text).map {
        scalars.distance(from: scalars.startIndex, to: $0.range.upperBound)
      }
      if found != testCase.breaks {
        failures.append(testCase.line)
        if Self.knownFailures[testCase.line] == nil {
          Issue.record("\(testCase): expected boundaries \(testCase.breaks), found \(found)")
        }
      }
    }
    #expect(failures.sorted() == Self.knownFailures.keys.sorted())
  }
}
