import TestSupport
import Testing

/// Replies, edits, tombstones and reactions as `transcript render --format plain` draws them, from
/// `Samples/Data/replies-and-reactions.ndjson`: every line of it is found in the drawing.
@Suite struct MessageContentCommandTests {
  static let sample = "Samples/Data/replies-and-reactions.ndjson"

  static func render(theme: String, width: Int = 60) throws -> String {
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "\(width)", "--format", "plain", "--theme", theme, sample])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    return result.standardOutput
  }

  /// The rows of `drawing` with their spaces at both ends trimmed.
  static func rows(_ drawing: String) -> [String] {
    drawing.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
  }

  @Test(arguments: ["compact", "roomy"])
  func sampleMatchesGolden(theme: String) throws {
    let drawing = try Self.render(theme: theme)
    #expect(drawing == GoldenFile.expected("replies-and-reactions-60-\(theme).plain", actual: drawing))
  }

  @Test func aReplyStartsWithItsQuoteCutToTheBubble() throws {
    let rows = Self.rows(try Self.render(theme: "compact"))
    // Cut with … to the bubble's widest: 60 × 0.68 = 40 columns, less one of padding each side.
    #expect(rows.contains("> alice: Lunch at the noodle place at…"))
    #expect(rows.contains { $0.hasPrefix("Yes! Count me in.") })
    let quote = try #require(rows.firstIndex(of: "> alice: Lunch at the noodle place at…"))
    #expect(rows[quote + 1].hasPrefix("Yes! Count me in."))
  }

  @Test func aQuoteFollowsTheQuotedMessage() throws {
    let rows = Self.rows(try Self.render(theme: "compact"))
    // Edited after the reply was sent.
    #expect(rows.contains("> bob: I can make it at 12:15"))
    #expect(!rows.contains { $0.contains("12:30") })
    // Deleted after the reply was sent.
    #expect(rows.contains("> message deleted"))
    // Brought by a page of history after the reply.
    #expect(rows.contains("> carol: Tomorrow: the noodle place b…"))
    #expect(!rows.contains("> message not loaded"))
  }

  @Test func aReplyToAMessageNotInTheTranscriptSaysSo() throws {
    let folder = try TemporaryFolder(prefix: "reply")
    let line = #"{"op":"insert","item":{"id":"m1","type":"text","sender":"ann","replyTo":"m0","text":"hi"}}"#
    let path = try folder.write(Array(line.utf8), to: "reply.ndjson")
    let result = try CommandRunner.run("transcript", ["render", "--width", "40", "--format", "plain", path])
    #expect(Self.rows(result.standardOutput).contains("> message not loaded"))
  }

  @Test func anEditedMessageSaysSoNextToItsTime() throws {
    #expect(Self.rows(try Self.render(theme: "roomy")).contains("09:14 · edited"))
    // Compact bubbles show no times: the footer says `edited` alone.
    #expect(Self.rows(try Self.render(theme: "compact")).contains("edited"))
  }

  @Test func aDeletedMessageKeepsItsPlaceAndGroupWithoutReactions() throws {
    let rows = Self.rows(try Self.render(theme: "compact"))
    // carol's reply and her deleted message are one group: one sender line, the avatar last.
    let reply = try #require(rows.firstIndex(of: "> carol: Tomorrow: the noodle place b…"))
    #expect(rows[reply - 1] == "carol")
    #expect(rows[reply + 3] == "(C)◀ message deleted")
    #expect(rows[reply + 4] == "")
    #expect(!rows.contains { $0.contains("Wrong chat") })
  }

  @Test func reactionsAreCountedOncePerSenderAndDisappearAtZero() throws {
    let rows = Self.rows(try Self.render(theme: "compact"))
    // Two senders gave 👍 (bob twice), bob gave ❤️.
    #expect(rows.contains("👍 2  ❤️ 1"))
    // A count given as 0 is not shown, and 😂 given and taken back by two senders is gone.
    #expect(rows.contains("😮 1"))
    #expect(!rows.contains { $0.contains("🙏 0") || $0.contains("😂 0") })
    let tooLate = try #require(rows.firstIndex(of: "(A)◀ too late 😄"))
    #expect(rows[tooLate + 1] == "")
  }

  @Test func aLongReactionsLineWrapsUnderItsBubble() throws {
    let rows = Self.rows(try Self.render(theme: "compact"))
    let first = try #require(rows.firstIndex { $0.hasPrefix("👍 1  ❤️ 2") })
    #expect(rows[first] == "👍 1  ❤️ 2  😂 3  🎉 4  🙏 5  🔥 6  👍🏽")
    #expect(rows[first + 1] == "7  😮 8")
    // The status row follows the whole message.
    #expect(rows[first + 2] == "sending…")
  }
}
