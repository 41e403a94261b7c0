import Foundation
import TestSupport
import Testing

/// `Samples/backend-sample`, which CI runs and Documentation/GettingStarted.md walks through:
/// it runs to the end (so each client's rows, kept from the row changes alone, matched its
/// controller after every update, and the layout snapshots survived JSON) and prints exactly
/// its golden output, which holds no clock and no randomness.
@Suite struct BackendSampleTests {
  @Test func printsItsGoldenOutput() throws {
    let result = try CommandRunner.run("backend-sample", [])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == GoldenFile.expected("backend-sample.txt", actual: result.standardOutput))
  }

  @Test func printsTheSameOutputEveryRun() throws {
    let first = try CommandRunner.run("backend-sample", [])
    let second = try CommandRunner.run("backend-sample", [])
    #expect(first.standardOutput == second.standardOutput)
  }
}
