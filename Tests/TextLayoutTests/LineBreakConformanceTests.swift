import Testing
import TextLayout

/// UAX #14 conformance: every case of LineBreakTest.txt (Unicode 15.0).
@Suite struct LineBreakConformanceTests {
  /// Cases the implementation is known to get wrong, by line number, with the reason.
  ///
  /// Empty: all 7,654 cases pass. The test fails if a case outside this list fails or a
  /// listed case starts to pass, so the list can only shrink deliberately.
  static let knownFailures: [Int: String] = [:]

  @Test func everyCaseOfLineBreakTest() throws {
    let cases = try ConformanceVectors.cases(in: "LineBreakTest.txt")
    #expect(cases.count == 7654)
    var failures: [Int] = []
    for testCase in cases {
      let found = LineBreaker.breakOpportunities(in: testCase.scalars).map(\.offset)
      if found != testCase.breaks {
        failures.append(testCase.line)
        if Self.knownFailures[testCase.line] == nil {
          Issue.record("\(testCase): expected breaks \(testCase.breaks), found \(found)")
        }
      }
    }
    #expect(failures.sorted() == Self.knownFailures.keys.sorted())
  }

  @Test func mandatoryBreaksAreMarked() {
    let scalars = Array("a\r\nb\u{85}c\u{2028}d\u{2029}e\u{0B}f\u{0C}g\rh\ni".unicodeScalars)
    let opportunities = LineBreaker.breakOpportunities(in: scalars)
    #expect(opportunities.allSatisfy { $0.isMandatory })
    #expect(opportunities.map(\.offset) == [3, 5, 7, 9, 11, 13, 15, 17, 18])
  }

  @Test func emptyTextHasNoOpportunity() {
    #expect(LineBreaker.breakOpportunities(in: []).isEmpty)
  }

  @Test(arguments: [
    ("$(12)", [5]),  // LB25: (PR) × (OP) NU
    ("$(a)", [1, 4]),  // no number after the parenthesis: PR ÷ OP
    ("word-word", [5, 9]),  // LB21: × HY, then HY ÷ AL
    ("a\u{00A0}b", [3]),  // LB12: GL ×
    ("中文", [1, 2]),  // LB31 between ideographs
  ])
  func tailoringAndCommonCases(text: String, expected: [Int]) {
    let offsets = LineBreaker.breakOpportunities(in: Array(text.unicodeScalars)).map(\.offset)
    #expect(offsets == expected)
  }
}
