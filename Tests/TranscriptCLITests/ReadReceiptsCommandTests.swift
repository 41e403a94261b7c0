import TestSupport
import Testing

/// Read receipts and the unread divider as `transcript render --format plain` draws them, from
/// `Samples/Data/read-receipts.ndjson`.
@Suite struct ReadReceiptsCommandTests {
  static let sample = "Samples/Data/read-receipts.ndjson"

  static func render(theme: String) throws -> String {
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "60", "--format", "plain", "--theme", theme, sample])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    return result.standardOutput
  }

  @Test(arguments: ["compact", "roomy"])
  func sampleMatchesGolden(theme: String) throws {
    let drawing = try Self.render(theme: theme)
    #expect(drawing == GoldenFile.expected("read-receipts-60-\(theme).plain", actual: drawing))
  }

  /// Under the newest message each reader has read, in the order they reached it; bob's read
  /// of m1 came first but he moved on, and alice's late read of m1 is behind her.
  @Test func aReceiptNamesTheReadersOfTheNewestMessageTheyRead() throws {
    let rows = MessageContentCommandTests.rows(try Self.render(theme: "compact"))
    let mine = try #require(rows.firstIndex { $0.hasPrefix("Me! 7pm?") })
    #expect(rows[mine + 1] == "seen by alice, bob")
    #expect(rows.count { $0.hasPrefix("seen by") } == 2)
    let last = try #require(rows.firstIndex(of: "(O)◀ Same here"))
    #expect(rows[last + 1] == "seen by yuki, omar, wei and 2 others")
  }

  /// One divider, after the last message read (a later, older mark is ignored), before the
  /// first new one, which names its sender.
  @Test func theDividerFollowsTheLastReadMessage() throws {
    let rows = MessageContentCommandTests.rows(try Self.render(theme: "compact"))
    #expect(rows.count { $0 == "── new messages ──" } == 1)
    let divider = try #require(rows.firstIndex(of: "── new messages ──"))
    #expect(rows[divider - 2] == "(W)◀ 7 works for me")
    #expect(rows[divider + 2] == "yuki")
  }
}
